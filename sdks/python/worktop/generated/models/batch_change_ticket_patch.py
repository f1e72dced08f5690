from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ticket_priority import TicketPriority
from ..models.ticket_status import TicketStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.custom_values_in import CustomValuesIn


T = TypeVar("T", bound="BatchChangeTicketPatch")


@_attrs_define
class BatchChangeTicketPatch:
    """One item of a batch update.

    Attributes:
        id (int): The record to change.
        version (int): The version the change is based on; a stale one fails the item (409 `version_conflict`).
        assigned_to (int | None | Unset):
        category_id (int | None | Unset):
        custom_fields (CustomValuesIn | Unset): Values of the workspace's custom fields, by key (GET /api/custom-
            fields); null clears one.
        description (None | str | Unset):
        priority (TicketPriority | Unset): How soon a ticket needs an answer.
        status (TicketStatus | Unset): Where a ticket stands: `open → in_progress ↔ on_hold → closed`, and `closed →
            open` again.
        subject (str | Unset):
    """

    id: int
    version: int
    assigned_to: int | None | Unset = UNSET
    category_id: int | None | Unset = UNSET
    custom_fields: CustomValuesIn | Unset = UNSET
    description: None | str | Unset = UNSET
    priority: TicketPriority | Unset = UNSET
    status: TicketStatus | Unset = UNSET
    subject: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

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

        custom_fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.custom_fields, Unset):
            custom_fields = self.custom_fields.to_dict()

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        priority: str | Unset = UNSET
        if not isinstance(self.priority, Unset):
            priority = self.priority.value

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        subject = self.subject

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "version": version,
            }
        )
        if assigned_to is not UNSET:
            field_dict["assigned_to"] = assigned_to
        if category_id is not UNSET:
            field_dict["category_id"] = category_id
        if custom_fields is not UNSET:
            field_dict["custom_fields"] = custom_fields
        if description is not UNSET:
            field_dict["description"] = description
        if priority is not UNSET:
            field_dict["priority"] = priority
        if status is not UNSET:
            field_dict["status"] = status
        if subject is not UNSET:
            field_dict["subject"] = subject

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values_in import CustomValuesIn

        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

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

        _custom_fields = d.pop("custom_fields", UNSET)
        custom_fields: CustomValuesIn | Unset
        if isinstance(_custom_fields, Unset):
            custom_fields = UNSET
        else:
            custom_fields = CustomValuesIn.from_dict(_custom_fields)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

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

        subject = d.pop("subject", UNSET)

        batch_change_ticket_patch = cls(
            id=id,
            version=version,
            assigned_to=assigned_to,
            category_id=category_id,
            custom_fields=custom_fields,
            description=description,
            priority=priority,
            status=status,
            subject=subject,
        )

        batch_change_ticket_patch.additional_properties = d
        return batch_change_ticket_patch

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
