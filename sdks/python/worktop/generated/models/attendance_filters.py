from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.attendance_status import AttendanceStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="AttendanceFilters")


@_attrs_define
class AttendanceFilters:
    """`?employee_id=`, `?status=` and `?date=` on the list.

    Attributes:
        date (datetime.date | None | Unset):
        employee_id (int | None | Unset):
        status (AttendanceStatus | None | Unset):
    """

    date: datetime.date | None | Unset = UNSET
    employee_id: int | None | Unset = UNSET
    status: AttendanceStatus | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        date: None | str | Unset
        if isinstance(self.date, Unset):
            date = UNSET
        elif isinstance(self.date, datetime.date):
            date = self.date.isoformat()
        else:
            date = self.date

        employee_id: int | None | Unset
        if isinstance(self.employee_id, Unset):
            employee_id = UNSET
        else:
            employee_id = self.employee_id

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, AttendanceStatus):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if date is not UNSET:
            field_dict["date"] = date
        if employee_id is not UNSET:
            field_dict["employee_id"] = employee_id
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_type_0 = datetime.date.fromisoformat(data)

                return date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        date = _parse_date(d.pop("date", UNSET))

        def _parse_employee_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        employee_id = _parse_employee_id(d.pop("employee_id", UNSET))

        def _parse_status(data: object) -> AttendanceStatus | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = AttendanceStatus(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AttendanceStatus | None | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        attendance_filters = cls(
            date=date,
            employee_id=employee_id,
            status=status,
        )

        return attendance_filters
