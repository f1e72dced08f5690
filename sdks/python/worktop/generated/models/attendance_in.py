from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AttendanceIn")


@_attrs_define
class AttendanceIn:
    """Body of `POST /api/attendance/create`.

    Attributes:
        date (datetime.date):
        employee_id (int):
        absent (bool | None | Unset): Marks the day absent (no clock times).
        clock_in (None | str | Unset): `HH:MM` on `date`, in the workspace's time; required unless `absent`.
        clock_out (None | str | Unset): `HH:MM`; before `clock_in` for a day that ran past midnight. Absent: still
            clocked in.
        notes (None | str | Unset):
    """

    date: datetime.date
    employee_id: int
    absent: bool | None | Unset = UNSET
    clock_in: None | str | Unset = UNSET
    clock_out: None | str | Unset = UNSET
    notes: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        employee_id = self.employee_id

        absent: bool | None | Unset
        if isinstance(self.absent, Unset):
            absent = UNSET
        else:
            absent = self.absent

        clock_in: None | str | Unset
        if isinstance(self.clock_in, Unset):
            clock_in = UNSET
        else:
            clock_in = self.clock_in

        clock_out: None | str | Unset
        if isinstance(self.clock_out, Unset):
            clock_out = UNSET
        else:
            clock_out = self.clock_out

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date": date,
                "employee_id": employee_id,
            }
        )
        if absent is not UNSET:
            field_dict["absent"] = absent
        if clock_in is not UNSET:
            field_dict["clock_in"] = clock_in
        if clock_out is not UNSET:
            field_dict["clock_out"] = clock_out
        if notes is not UNSET:
            field_dict["notes"] = notes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))

        employee_id = d.pop("employee_id")

        def _parse_absent(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        absent = _parse_absent(d.pop("absent", UNSET))

        def _parse_clock_in(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        clock_in = _parse_clock_in(d.pop("clock_in", UNSET))

        def _parse_clock_out(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        clock_out = _parse_clock_out(d.pop("clock_out", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        attendance_in = cls(
            date=date,
            employee_id=employee_id,
            absent=absent,
            clock_in=clock_in,
            clock_out=clock_out,
            notes=notes,
        )

        attendance_in.additional_properties = d
        return attendance_in

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
