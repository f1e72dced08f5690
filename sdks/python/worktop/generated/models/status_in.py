from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.status_in_status import StatusInStatus

T = TypeVar("T", bound="StatusIn")


@_attrs_define
class StatusIn:
    """Body of `POST /api/lite/project-status-update`.

    Example:
        {'id': 1, 'status': 'on_hold'}

    Attributes:
        id (int):
        status (StatusInStatus): `ongoing ↔ on_hold → finished`.
    """

    id: int
    status: StatusInStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        status = StatusInStatus(d.pop("status"))

        status_in = cls(
            id=id,
            status=status,
        )

        status_in.additional_properties = d
        return status_in

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
