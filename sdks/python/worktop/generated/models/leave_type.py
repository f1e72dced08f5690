from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LeaveType")


@_attrs_define
class LeaveType:
    """A kind of leave.

    Attributes:
        created_at (str): RFC 3339, UTC.
        days_per_year (int): Days an employee may take per calendar year.
        id (int): Unique per workspace and resource.
        is_paid (bool): Whether the days are paid (unpaid days come off the payslip).
        name (str):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    created_at: str
    days_per_year: int
    id: int
    is_paid: bool
    name: str
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        days_per_year = self.days_per_year

        id = self.id

        is_paid = self.is_paid

        name = self.name

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "days_per_year": days_per_year,
                "id": id,
                "is_paid": is_paid,
                "name": name,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        days_per_year = d.pop("days_per_year")

        id = d.pop("id")

        is_paid = d.pop("is_paid")

        name = d.pop("name")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        leave_type = cls(
            created_at=created_at,
            days_per_year=days_per_year,
            id=id,
            is_paid=is_paid,
            name=name,
            updated_at=updated_at,
            version=version,
        )

        leave_type.additional_properties = d
        return leave_type

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
