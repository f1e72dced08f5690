from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.leave_status import LeaveStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="LeaveFilters")


@_attrs_define
class LeaveFilters:
    """`?employee_id=`, `?leave_type_id=` and `?status=` on the list.

    Attributes:
        employee_id (int | None | Unset):
        leave_type_id (int | None | Unset):
        status (LeaveStatus | None | Unset):
    """

    employee_id: int | None | Unset = UNSET
    leave_type_id: int | None | Unset = UNSET
    status: LeaveStatus | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        employee_id: int | None | Unset
        if isinstance(self.employee_id, Unset):
            employee_id = UNSET
        else:
            employee_id = self.employee_id

        leave_type_id: int | None | Unset
        if isinstance(self.leave_type_id, Unset):
            leave_type_id = UNSET
        else:
            leave_type_id = self.leave_type_id

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, LeaveStatus):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if employee_id is not UNSET:
            field_dict["employee_id"] = employee_id
        if leave_type_id is not UNSET:
            field_dict["leave_type_id"] = leave_type_id
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_employee_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        employee_id = _parse_employee_id(d.pop("employee_id", UNSET))

        def _parse_leave_type_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        leave_type_id = _parse_leave_type_id(d.pop("leave_type_id", UNSET))

        def _parse_status(data: object) -> LeaveStatus | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = LeaveStatus(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LeaveStatus | None | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        leave_filters = cls(
            employee_id=employee_id,
            leave_type_id=leave_type_id,
            status=status,
        )

        return leave_filters
