from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.action import Action

T = TypeVar("T", bound="ActivityEntry")


@_attrs_define
class ActivityEntry:
    """One log entry.

    Attributes:
        action (Action): What happened.
        created_at (str):
        details (Any):
        id (str): Sortable by time: digits, later entries greater.
        ip (str):
        user_id (int): Who did it.
    """

    action: Action
    created_at: str
    details: Any
    id: str
    ip: str
    user_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        created_at = self.created_at

        details = self.details

        id = self.id

        ip = self.ip

        user_id = self.user_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "action": action,
                "created_at": created_at,
                "details": details,
                "id": id,
                "ip": ip,
                "user_id": user_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        action = Action(d.pop("action"))

        created_at = d.pop("created_at")

        details = d.pop("details")

        id = d.pop("id")

        ip = d.pop("ip")

        user_id = d.pop("user_id")

        activity_entry = cls(
            action=action,
            created_at=created_at,
            details=details,
            id=id,
            ip=ip,
            user_id=user_id,
        )

        activity_entry.additional_properties = d
        return activity_entry

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
