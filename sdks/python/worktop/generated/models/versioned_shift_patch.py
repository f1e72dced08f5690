from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.weekday import Weekday
from ..types import UNSET, Unset

T = TypeVar("T", bound="VersionedShiftPatch")


@_attrs_define
class VersionedShiftPatch:
    """An update body with the optional `version` every update accepts beside its own fields. An
    extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

        Attributes:
            break_minutes (int | Unset):
            end_time (str | Unset):
            name (str | Unset):
            start_time (str | Unset):
            version (int | None | Unset): The version the change is based on; a stale one is 409 `version_conflict`.
            working_days (list[Weekday] | Unset):
    """

    break_minutes: int | Unset = UNSET
    end_time: str | Unset = UNSET
    name: str | Unset = UNSET
    start_time: str | Unset = UNSET
    version: int | None | Unset = UNSET
    working_days: list[Weekday] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        break_minutes = self.break_minutes

        end_time = self.end_time

        name = self.name

        start_time = self.start_time

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        working_days: list[str] | Unset = UNSET
        if not isinstance(self.working_days, Unset):
            working_days = []
            for working_days_item_data in self.working_days:
                working_days_item = working_days_item_data.value
                working_days.append(working_days_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if break_minutes is not UNSET:
            field_dict["break_minutes"] = break_minutes
        if end_time is not UNSET:
            field_dict["end_time"] = end_time
        if name is not UNSET:
            field_dict["name"] = name
        if start_time is not UNSET:
            field_dict["start_time"] = start_time
        if version is not UNSET:
            field_dict["version"] = version
        if working_days is not UNSET:
            field_dict["working_days"] = working_days

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        break_minutes = d.pop("break_minutes", UNSET)

        end_time = d.pop("end_time", UNSET)

        name = d.pop("name", UNSET)

        start_time = d.pop("start_time", UNSET)

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        _working_days = d.pop("working_days", UNSET)
        working_days: list[Weekday] | Unset = UNSET
        if _working_days is not UNSET:
            working_days = []
            for working_days_item_data in _working_days:
                working_days_item = Weekday(working_days_item_data)

                working_days.append(working_days_item)

        versioned_shift_patch = cls(
            break_minutes=break_minutes,
            end_time=end_time,
            name=name,
            start_time=start_time,
            version=version,
            working_days=working_days,
        )

        versioned_shift_patch.additional_properties = d
        return versioned_shift_patch

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
