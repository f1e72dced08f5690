from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchChangeResignationPatch")


@_attrs_define
class BatchChangeResignationPatch:
    """One item of a batch update.

    Attributes:
        id (int): The record to change.
        version (int): The version the change is based on; a stale one fails the item (409 `version_conflict`).
        notice_date (datetime.date | Unset):
        reason (None | str | Unset): `null` clears it.
        resignation_date (datetime.date | Unset):
    """

    id: int
    version: int
    notice_date: datetime.date | Unset = UNSET
    reason: None | str | Unset = UNSET
    resignation_date: datetime.date | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

        notice_date: str | Unset = UNSET
        if not isinstance(self.notice_date, Unset):
            notice_date = self.notice_date.isoformat()

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        resignation_date: str | Unset = UNSET
        if not isinstance(self.resignation_date, Unset):
            resignation_date = self.resignation_date.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "version": version,
            }
        )
        if notice_date is not UNSET:
            field_dict["notice_date"] = notice_date
        if reason is not UNSET:
            field_dict["reason"] = reason
        if resignation_date is not UNSET:
            field_dict["resignation_date"] = resignation_date

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

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

        _resignation_date = d.pop("resignation_date", UNSET)
        resignation_date: datetime.date | Unset
        if isinstance(_resignation_date, Unset):
            resignation_date = UNSET
        else:
            resignation_date = datetime.date.fromisoformat(_resignation_date)

        batch_change_resignation_patch = cls(
            id=id,
            version=version,
            notice_date=notice_date,
            reason=reason,
            resignation_date=resignation_date,
        )

        batch_change_resignation_patch.additional_properties = d
        return batch_change_resignation_patch

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
