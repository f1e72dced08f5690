from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.weekday import Weekday

T = TypeVar("T", bound="Shift")


@_attrs_define
class Shift:
    """A working pattern: from `start_time` to `end_time` (local `HH:MM`; an end before the start runs
    past midnight), with an unpaid break, on its working days.

        Attributes:
            break_minutes (int): Unpaid minutes within the shift.
            created_at (str): RFC 3339, UTC.
            end_time (str):
            id (int): Unique per workspace and resource.
            name (str):
            start_time (str):
            updated_at (str): RFC 3339, UTC.
            version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
            working_days (list[Weekday]):
    """

    break_minutes: int
    created_at: str
    end_time: str
    id: int
    name: str
    start_time: str
    updated_at: str
    version: int
    working_days: list[Weekday]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        break_minutes = self.break_minutes

        created_at = self.created_at

        end_time = self.end_time

        id = self.id

        name = self.name

        start_time = self.start_time

        updated_at = self.updated_at

        version = self.version

        working_days = []
        for working_days_item_data in self.working_days:
            working_days_item = working_days_item_data.value
            working_days.append(working_days_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "break_minutes": break_minutes,
                "created_at": created_at,
                "end_time": end_time,
                "id": id,
                "name": name,
                "start_time": start_time,
                "updated_at": updated_at,
                "version": version,
                "working_days": working_days,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        break_minutes = d.pop("break_minutes")

        created_at = d.pop("created_at")

        end_time = d.pop("end_time")

        id = d.pop("id")

        name = d.pop("name")

        start_time = d.pop("start_time")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        working_days = []
        _working_days = d.pop("working_days")
        for working_days_item_data in _working_days:
            working_days_item = Weekday(working_days_item_data)

            working_days.append(working_days_item)

        shift = cls(
            break_minutes=break_minutes,
            created_at=created_at,
            end_time=end_time,
            id=id,
            name=name,
            start_time=start_time,
            updated_at=updated_at,
            version=version,
            working_days=working_days,
        )

        shift.additional_properties = d
        return shift

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
