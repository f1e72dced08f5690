from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

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
        priority (TicketPriority | Unset): How soon a ticket needs an answer.
        status (TicketStatus | Unset): Where a ticket stands: `open → in_progress ↔ on_hold → closed`, and `closed →
            open` again.
        user_id (int | None | Unset):
    """

    assigned_to: int | None | Unset = UNSET
    category_id: int | None | Unset = UNSET
    open_: bool | None | Unset = UNSET
    priority: TicketPriority | Unset = UNSET
    status: TicketStatus | Unset = UNSET
    user_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

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

        priority: str | Unset = UNSET
        if not isinstance(self.priority, Unset):
            priority = self.priority.value

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        user_id: int | None | Unset
        if isinstance(self.user_id, Unset):
            user_id = UNSET
        else:
            user_id = self.user_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        _priority = d.pop("priority", UNSET)
        priority: TicketPriority | Unset
        if isinstance(_priority, Unset):
            priority = UNSET
        else:
            priority = TicketPriority(_priority)

        _status = d.pop("status", UNSET)
        status: TicketStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = TicketStatus(_status)

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

        ticket_filters.additional_properties = d
        return ticket_filters

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
