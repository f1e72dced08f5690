from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="EmployeeTransferIn")


@_attrs_define
class EmployeeTransferIn:
    """Body of `POST /api/employee-transfers/create`.

    Attributes:
        date (datetime.date): Not before the employee joined.
        employee_id (int): An employee whose employment has not ended.
        to_department_id (int): Another department than the employee's.
        to_designation_id (int): A designation of `to_department_id`: their job there.
        reason (None | str | Unset):
        to_branch_id (int | None | Unset): The department's branch (it follows from the department when absent).
    """

    date: datetime.date
    employee_id: int
    to_department_id: int
    to_designation_id: int
    reason: None | str | Unset = UNSET
    to_branch_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        employee_id = self.employee_id

        to_department_id = self.to_department_id

        to_designation_id = self.to_designation_id

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        to_branch_id: int | None | Unset
        if isinstance(self.to_branch_id, Unset):
            to_branch_id = UNSET
        else:
            to_branch_id = self.to_branch_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date": date,
                "employee_id": employee_id,
                "to_department_id": to_department_id,
                "to_designation_id": to_designation_id,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason
        if to_branch_id is not UNSET:
            field_dict["to_branch_id"] = to_branch_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))

        employee_id = d.pop("employee_id")

        to_department_id = d.pop("to_department_id")

        to_designation_id = d.pop("to_designation_id")

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        def _parse_to_branch_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        to_branch_id = _parse_to_branch_id(d.pop("to_branch_id", UNSET))

        employee_transfer_in = cls(
            date=date,
            employee_id=employee_id,
            to_department_id=to_department_id,
            to_designation_id=to_designation_id,
            reason=reason,
            to_branch_id=to_branch_id,
        )

        employee_transfer_in.additional_properties = d
        return employee_transfer_in

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
