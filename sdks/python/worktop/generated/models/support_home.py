from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.by_status import ByStatus
    from ..models.ticket import Ticket


T = TypeVar("T", bound="SupportHome")


@_attrs_define
class SupportHome:
    """Answer of `GET /api/support-ticket/home`.

    Attributes:
        articles (int):
        by_status (ByStatus): Tickets in each status.
        faqs (int):
        not_closed (int): Tickets not closed.
        oldest_open (None | Ticket): The longest-waiting ticket that is not closed, if any.
        replies_today (int): Replies written today (UTC).
        tickets (int):
    """

    articles: int
    by_status: ByStatus
    faqs: int
    not_closed: int
    oldest_open: None | Ticket
    replies_today: int
    tickets: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ticket import Ticket

        articles = self.articles

        by_status = self.by_status.to_dict()

        faqs = self.faqs

        not_closed = self.not_closed

        oldest_open: dict[str, Any] | None
        if isinstance(self.oldest_open, Ticket):
            oldest_open = self.oldest_open.to_dict()
        else:
            oldest_open = self.oldest_open

        replies_today = self.replies_today

        tickets = self.tickets

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "articles": articles,
                "by_status": by_status,
                "faqs": faqs,
                "not_closed": not_closed,
                "oldest_open": oldest_open,
                "replies_today": replies_today,
                "tickets": tickets,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.by_status import ByStatus
        from ..models.ticket import Ticket

        d = dict(src_dict)
        articles = d.pop("articles")

        by_status = ByStatus.from_dict(d.pop("by_status"))

        faqs = d.pop("faqs")

        not_closed = d.pop("not_closed")

        def _parse_oldest_open(data: object) -> None | Ticket:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                oldest_open_type_1 = Ticket.from_dict(data)

                return oldest_open_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Ticket, data)

        oldest_open = _parse_oldest_open(d.pop("oldest_open"))

        replies_today = d.pop("replies_today")

        tickets = d.pop("tickets")

        support_home = cls(
            articles=articles,
            by_status=by_status,
            faqs=faqs,
            not_closed=not_closed,
            oldest_open=oldest_open,
            replies_today=replies_today,
            tickets=tickets,
        )

        support_home.additional_properties = d
        return support_home

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
