from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="VersionedTerminationPatch")


@_attrs_define
class VersionedTerminationPatch:
    """An update body with the optional `version` every update accepts beside its own fields. An
    extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

        Attributes:
            notice_date (datetime.date | Unset):
            reason (None | str | Unset): `null` clears it.
            termination_date (datetime.date | Unset):
            termination_type (str | Unset):
            version (int | None | Unset): The version the change is based on; a stale one is 409 `version_conflict`.
    """

    notice_date: datetime.date | Unset = UNSET
    reason: None | str | Unset = UNSET
    termination_date: datetime.date | Unset = UNSET
    termination_type: str | Unset = UNSET
    version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        notice_date: str | Unset = UNSET
        if not isinstance(self.notice_date, Unset):
            notice_date = self.notice_date.isoformat()

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        termination_date: str | Unset = UNSET
        if not isinstance(self.termination_date, Unset):
            termination_date = self.termination_date.isoformat()

        termination_type = self.termination_type

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if notice_date is not UNSET:
            field_dict["notice_date"] = notice_date
        if reason is not UNSET:
            field_dict["reason"] = reason
        if termination_date is not UNSET:
            field_dict["termination_date"] = termination_date
        if termination_type is not UNSET:
            field_dict["termination_type"] = termination_type
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _notice_date = d.pop("notice_date", UNSET)
        notice_date: datetime.date | Unset
        if isinstance(_notice_date, Unset):
            notice_date = UNSET
        else:
            notice_date = datetime.date.fromisoformat(_notice_date)

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        _termination_date = d.pop("termination_date", UNSET)
        termination_date: datetime.date | Unset
        if isinstance(_termination_date, Unset):
            termination_date = UNSET
        else:
            termination_date = datetime.date.fromisoformat(_termination_date)

        termination_type = d.pop("termination_type", UNSET)

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        versioned_termination_patch = cls(
            notice_date=notice_date,
            reason=reason,
            termination_date=termination_date,
            termination_type=termination_type,
            version=version,
        )

        versioned_termination_patch.additional_properties = d
        return versioned_termination_patch

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
