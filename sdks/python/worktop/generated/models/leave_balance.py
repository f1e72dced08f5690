from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.leave_type import LeaveType


T = TypeVar("T", bound="LeaveBalance")


@_attrs_define
class LeaveBalance:
    """A leave type with an employee's figures for a year.

    Attributes:
        allowance (int):
        approved (int):
        employee_id (int):
        leave_type (LeaveType): A kind of leave.
        pending (int):
        remaining (int): Allowance less approved days.
        year (str):
    """

    allowance: int
    approved: int
    employee_id: int
    leave_type: LeaveType
    pending: int
    remaining: int
    year: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        allowance = self.allowance

        approved = self.approved

        employee_id = self.employee_id

        leave_type = self.leave_type.to_dict()

        pending = self.pending

        remaining = self.remaining

        year = self.year

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "allowance": allowance,
                "approved": approved,
                "employee_id": employee_id,
                "leave_type": leave_type,
                "pending": pending,
                "remaining": remaining,
                "year": year,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.leave_type import LeaveType

        d = dict(src_dict)
        allowance = d.pop("allowance")

        approved = d.pop("approved")

        employee_id = d.pop("employee_id")

        leave_type = LeaveType.from_dict(d.pop("leave_type"))

        pending = d.pop("pending")

        remaining = d.pop("remaining")

        year = d.pop("year")

        leave_balance = cls(
            allowance=allowance,
            approved=approved,
            employee_id=employee_id,
            leave_type=leave_type,
            pending=pending,
            remaining=remaining,
            year=year,
        )

        leave_balance.additional_properties = d
        return leave_balance

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
