from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.attendance_status import AttendanceStatus

T = TypeVar("T", bound="Attendance")


@_attrs_define
class Attendance:
    """An employee's attendance on one day.

    Attributes:
        auto_closed (bool): Whether the scheduled job closed it at the shift's end (the employee did not clock out).
        break_minutes (int): The shift's unpaid break, taken off the span.
        clock_in (None | str): RFC 3339 with the workspace's offset; absent on an `absent` day.
        clock_in_ip (None | str): The address a self-service clock-in came from.
        clock_out (None | str): Absent while the employee is clocked in.
        closes_at (None | str): While open: when (UTC) the scheduled job closes it if the employee has not.
        created_at (str): RFC 3339, UTC.
        date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        employee_id (int):
        id (int): Unique per workspace and resource.
        late_minutes (int): Minutes after the shift's start the employee clocked in.
        notes (None | str):
        overtime_hours (float):
        overtime_minutes (int): Worked minutes beyond the shift's working minutes.
        shift_id (int): The employee's shift that day.
        status (AttendanceStatus): How a day was attended.
        total_hours (float): `worked_minutes` in hours, to two decimals.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
        worked_minutes (int):
    """

    auto_closed: bool
    break_minutes: int
    clock_in: None | str
    clock_in_ip: None | str
    clock_out: None | str
    closes_at: None | str
    created_at: str
    date: datetime.date
    employee_id: int
    id: int
    late_minutes: int
    notes: None | str
    overtime_hours: float
    overtime_minutes: int
    shift_id: int
    status: AttendanceStatus
    total_hours: float
    updated_at: str
    version: int
    worked_minutes: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        auto_closed = self.auto_closed

        break_minutes = self.break_minutes

        clock_in: None | str
        clock_in = self.clock_in

        clock_in_ip: None | str
        clock_in_ip = self.clock_in_ip

        clock_out: None | str
        clock_out = self.clock_out

        closes_at: None | str
        closes_at = self.closes_at

        created_at = self.created_at

        date = self.date.isoformat()

        employee_id = self.employee_id

        id = self.id

        late_minutes = self.late_minutes

        notes: None | str
        notes = self.notes

        overtime_hours = self.overtime_hours

        overtime_minutes = self.overtime_minutes

        shift_id = self.shift_id

        status = self.status.value

        total_hours = self.total_hours

        updated_at = self.updated_at

        version = self.version

        worked_minutes = self.worked_minutes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "auto_closed": auto_closed,
                "break_minutes": break_minutes,
                "clock_in": clock_in,
                "clock_in_ip": clock_in_ip,
                "clock_out": clock_out,
                "closes_at": closes_at,
                "created_at": created_at,
                "date": date,
                "employee_id": employee_id,
                "id": id,
                "late_minutes": late_minutes,
                "notes": notes,
                "overtime_hours": overtime_hours,
                "overtime_minutes": overtime_minutes,
                "shift_id": shift_id,
                "status": status,
                "total_hours": total_hours,
                "updated_at": updated_at,
                "version": version,
                "worked_minutes": worked_minutes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        auto_closed = d.pop("auto_closed")

        break_minutes = d.pop("break_minutes")

        def _parse_clock_in(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        clock_in = _parse_clock_in(d.pop("clock_in"))

        def _parse_clock_in_ip(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        clock_in_ip = _parse_clock_in_ip(d.pop("clock_in_ip"))

        def _parse_clock_out(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        clock_out = _parse_clock_out(d.pop("clock_out"))

        def _parse_closes_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        closes_at = _parse_closes_at(d.pop("closes_at"))

        created_at = d.pop("created_at")

        date = datetime.date.fromisoformat(d.pop("date"))

        employee_id = d.pop("employee_id")

        id = d.pop("id")

        late_minutes = d.pop("late_minutes")

        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))

        overtime_hours = d.pop("overtime_hours")

        overtime_minutes = d.pop("overtime_minutes")

        shift_id = d.pop("shift_id")

        status = AttendanceStatus(d.pop("status"))

        total_hours = d.pop("total_hours")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        worked_minutes = d.pop("worked_minutes")

        attendance = cls(
            auto_closed=auto_closed,
            break_minutes=break_minutes,
            clock_in=clock_in,
            clock_in_ip=clock_in_ip,
            clock_out=clock_out,
            closes_at=closes_at,
            created_at=created_at,
            date=date,
            employee_id=employee_id,
            id=id,
            late_minutes=late_minutes,
            notes=notes,
            overtime_hours=overtime_hours,
            overtime_minutes=overtime_minutes,
            shift_id=shift_id,
            status=status,
            total_hours=total_hours,
            updated_at=updated_at,
            version=version,
            worked_minutes=worked_minutes,
        )

        attendance.additional_properties = d
        return attendance

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
