from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.ticket_priority import TicketPriority
from ..models.ticket_status import TicketStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="TicketFilters")


@_attrs_define
class TicketFilters:
    """`?status=`, `?priority=`, `?category_id=`, `?assigned_to=`, `?user_id=` and `?open=` on the list.

    Attributes:
        assigned_to (int | None | Unset):
        category_id (int | None | Unset):
        open_ (bool | None | Unset): `true`: every ticket not closed.
        priority (None | TicketPriority | Unset):
        status (None | TicketStatus | Unset):
        user_id (int | None | Unset):
    """

    assigned_to: int | None | Unset = UNSET
    category_id: int | None | Unset = UNSET
    open_: bool | None | Unset = UNSET
    priority: None | TicketPriority | Unset = UNSET
    status: None | TicketStatus | Unset = UNSET
    user_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        assigned_to: int | None | Unset
        if isinstance(self.assigned_to, Unset):
            assigned_to = UNSET
        else:
            assigned_to = self.assigned_to

        category_id: int | None | Unset
        if isinstance(self.category_id, Unset):
            category_id = UNSET
        else:
            category_id = self.category_id

        open_: bool | None | Unset
        if isinstance(self.open_, Unset):
            open_ = UNSET
        else:
            open_ = self.open_

        priority: None | str | Unset
        if isinstance(self.priority, Unset):
            priority = UNSET
        elif isinstance(self.priority, TicketPriority):
            priority = self.priority.value
        else:
            priority = self.priority

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, TicketStatus):
            status = self.status.value
        else:
            status = self.status

        user_id: int | None | Unset
        if isinstance(self.user_id, Unset):
            user_id = UNSET
        else:
            user_id = self.user_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if assigned_to is not UNSET:
            field_dict["assigned_to"] = assigned_to
        if category_id is not UNSET:
            field_dict["category_id"] = category_id
        if open_ is not UNSET:
            field_dict["open"] = open_
        if priority is not UNSET:
            field_dict["priority"] = priority
        if status is not UNSET:
            field_dict["status"] = status
        if user_id is not UNSET:
            field_dict["user_id"] = user_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_assigned_to(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        assigned_to = _parse_assigned_to(d.pop("assigned_to", UNSET))

        def _parse_category_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        category_id = _parse_category_id(d.pop("category_id", UNSET))

        def _parse_open_(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        open_ = _parse_open_(d.pop("open", UNSET))

        def _parse_priority(data: object) -> None | TicketPriority | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                priority_type_1 = TicketPriority(data)

                return priority_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TicketPriority | Unset, data)

        priority = _parse_priority(d.pop("priority", UNSET))

        def _parse_status(data: object) -> None | TicketStatus | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = TicketStatus(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TicketStatus | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        def _parse_user_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        user_id = _parse_user_id(d.pop("user_id", UNSET))

        ticket_filters = cls(
            assigned_to=assigned_to,
            category_id=category_id,
            open_=open_,
            priority=priority,
            status=status,
            user_id=user_id,
        )

        return ticket_filters
