from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchChangeAttendancePatch")


@_attrs_define
class BatchChangeAttendancePatch:
    """One item of a batch update.

    Attributes:
        id (int): The record to change.
        version (int): The version the change is based on; a stale one fails the item (409 `version_conflict`).
        absent (bool | Unset): `true` marks the day absent (its clock times go); `false` needs a `clock_in`.
        clock_in (None | str | Unset): `null`: no clock-in, so the day is absent (its clock-out goes too); with `absent:
            false`,
            422.
        clock_out (None | str | Unset): `null`: the employee is clocked in again, and the scheduled job closes the day
            at the
            shift's end unless they clock out first.
        notes (None | str | Unset): `null` clears it.
    """

    id: int
    version: int
    absent: bool | Unset = UNSET
    clock_in: None | str | Unset = UNSET
    clock_out: None | str | Unset = UNSET
    notes: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

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
                "id": id,
                "version": version,
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
        id = d.pop("id")

        version = d.pop("version")

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

        batch_change_attendance_patch = cls(
            id=id,
            version=version,
            absent=absent,
            clock_in=clock_in,
            clock_out=clock_out,
            notes=notes,
        )

        batch_change_attendance_patch.additional_properties = d
        return batch_change_attendance_patch

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
