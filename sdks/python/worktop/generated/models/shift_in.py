from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.weekday import Weekday
from ..types import UNSET, Unset

T = TypeVar("T", bound="ShiftIn")


@_attrs_define
class ShiftIn:
    """Body of `POST /api/shifts/create`.

    Attributes:
        end_time (str): `HH:MM`, 24-hour; before `start_time` for a shift past midnight.
        name (str):
        start_time (str): `HH:MM`, 24-hour.
        working_days (list[Weekday]): At least one day.
        break_minutes (int | None | Unset): Defaults to 0.
    """

    end_time: str
    name: str
    start_time: str
    working_days: list[Weekday]
    break_minutes: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        end_time = self.end_time

        name = self.name

        start_time = self.start_time

        working_days = []
        for working_days_item_data in self.working_days:
            working_days_item = working_days_item_data.value
            working_days.append(working_days_item)

        break_minutes: int | None | Unset
        if isinstance(self.break_minutes, Unset):
            break_minutes = UNSET
        else:
            break_minutes = self.break_minutes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "end_time": end_time,
                "name": name,
                "start_time": start_time,
                "working_days": working_days,
            }
        )
        if break_minutes is not UNSET:
            field_dict["break_minutes"] = break_minutes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        end_time = d.pop("end_time")

        name = d.pop("name")

        start_time = d.pop("start_time")

        working_days = []
        _working_days = d.pop("working_days")
        for working_days_item_data in _working_days:
            working_days_item = Weekday(working_days_item_data)

            working_days.append(working_days_item)

        def _parse_break_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        break_minutes = _parse_break_minutes(d.pop("break_minutes", UNSET))

        shift_in = cls(
            end_time=end_time,
            name=name,
            start_time=start_time,
            working_days=working_days,
            break_minutes=break_minutes,
        )

        shift_in.additional_properties = d
        return shift_in

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
