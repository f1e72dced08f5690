from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.attendance import Attendance


T = TypeVar("T", bound="Clocked")


@_attrs_define
class Clocked:
    """Answer of `POST /api/hrm/clock-in-out`.

    Attributes:
        attendance (Attendance): An employee's attendance on one day.
        attendance_id (int):
        clock_in (None | str):
        clock_out (None | str):
        is_clockin (bool): `true` after a clock-in, `false` after a clock-out.
        total_hours (float):
    """

    attendance: Attendance
    attendance_id: int
    clock_in: None | str
    clock_out: None | str
    is_clockin: bool
    total_hours: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attendance = self.attendance.to_dict()

        attendance_id = self.attendance_id

        clock_in: None | str
        clock_in = self.clock_in

        clock_out: None | str
        clock_out = self.clock_out

        is_clockin = self.is_clockin

        total_hours = self.total_hours

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attendance": attendance,
                "attendance_id": attendance_id,
                "clock_in": clock_in,
                "clock_out": clock_out,
                "is_clockin": is_clockin,
                "total_hours": total_hours,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.attendance import Attendance

        d = dict(src_dict)
        attendance = Attendance.from_dict(d.pop("attendance"))

        attendance_id = d.pop("attendance_id")

        def _parse_clock_in(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        clock_in = _parse_clock_in(d.pop("clock_in"))

        def _parse_clock_out(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        clock_out = _parse_clock_out(d.pop("clock_out"))

        is_clockin = d.pop("is_clockin")

        total_hours = d.pop("total_hours")

        clocked = cls(
            attendance=attendance,
            attendance_id=attendance_id,
            clock_in=clock_in,
            clock_out=clock_out,
            is_clockin=is_clockin,
            total_hours=total_hours,
        )

        clocked.additional_properties = d
        return clocked

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
