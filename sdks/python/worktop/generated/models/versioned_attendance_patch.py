from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="VersionedAttendancePatch")


@_attrs_define
class VersionedAttendancePatch:
    """An update body with the optional `version` every update accepts beside its own fields. An
    extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

        Attributes:
            absent (bool | Unset): `true` marks the day absent (its clock times go); `false` needs a `clock_in`.
            clock_in (None | str | Unset): `null`: no clock-in, so the day is absent (its clock-out goes too); with `absent:
                false`,
                422.
            clock_out (None | str | Unset): `null`: the employee is clocked in again, and the scheduled job closes the day
                at the
                shift's end unless they clock out first.
            notes (None | str | Unset): `null` clears it.
            version (int | None | Unset): The version the change is based on; a stale one is 409 `version_conflict`.
    """

    absent: bool | Unset = UNSET
    clock_in: None | str | Unset = UNSET
    clock_out: None | str | Unset = UNSET
    notes: None | str | Unset = UNSET
    version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
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

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if absent is not UNSET:
            field_dict["absent"] = absent
        if clock_in is not UNSET:
            field_dict["clock_in"] = clock_in
        if clock_out is not UNSET:
            field_dict["clock_out"] = clock_out
        if notes is not UNSET:
            field_dict["notes"] = notes
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        absent = d.pop("absent", UNSET)

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

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        versioned_attendance_patch = cls(
            absent=absent,
            clock_in=clock_in,
            clock_out=clock_out,
            notes=notes,
            version=version,
        )

        versioned_attendance_patch.additional_properties = d
        return versioned_attendance_patch

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
