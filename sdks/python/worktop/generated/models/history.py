from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.attendance import Attendance


T = TypeVar("T", bound="History")


@_attrs_define
class History:
    """Answer of `POST /api/hrm/attendence-history`: the caller's days in the period and their sums.

    Attributes:
        absent_days (int):
        data (list[Attendance]): By date.
        end_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        half_days (int):
        late_minutes (int):
        overtime_hours (float):
        present_days (int):
        start_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        total_hours (float):
    """

    absent_days: int
    data: list[Attendance]
    end_date: datetime.date
    half_days: int
    late_minutes: int
    overtime_hours: float
    present_days: int
    start_date: datetime.date
    total_hours: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        absent_days = self.absent_days

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        end_date = self.end_date.isoformat()

        half_days = self.half_days

        late_minutes = self.late_minutes

        overtime_hours = self.overtime_hours

        present_days = self.present_days

        start_date = self.start_date.isoformat()

        total_hours = self.total_hours

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "absent_days": absent_days,
                "data": data,
                "end_date": end_date,
                "half_days": half_days,
                "late_minutes": late_minutes,
                "overtime_hours": overtime_hours,
                "present_days": present_days,
                "start_date": start_date,
                "total_hours": total_hours,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.attendance import Attendance

        d = dict(src_dict)
        absent_days = d.pop("absent_days")

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = Attendance.from_dict(data_item_data)

            data.append(data_item)

        end_date = datetime.date.fromisoformat(d.pop("end_date"))

        half_days = d.pop("half_days")

        late_minutes = d.pop("late_minutes")

        overtime_hours = d.pop("overtime_hours")

        present_days = d.pop("present_days")

        start_date = datetime.date.fromisoformat(d.pop("start_date"))

        total_hours = d.pop("total_hours")

        history = cls(
            absent_days=absent_days,
            data=data,
            end_date=end_date,
            half_days=half_days,
            late_minutes=late_minutes,
            overtime_hours=overtime_hours,
            present_days=present_days,
            start_date=start_date,
            total_hours=total_hours,
        )

        history.additional_properties = d
        return history

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
