from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchChangeWarningPatch")


@_attrs_define
class BatchChangeWarningPatch:
    """One item of a batch update.

    Attributes:
        id (int): The record to change.
        version (int): The version the change is based on; a stale one fails the item (409 `version_conflict`).
        description (None | str | Unset): `null` clears it.
        subject (str | Unset):
        warning_date (datetime.date | Unset):
    """

    id: int
    version: int
    description: None | str | Unset = UNSET
    subject: str | Unset = UNSET
    warning_date: datetime.date | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        subject = self.subject

        warning_date: str | Unset = UNSET
        if not isinstance(self.warning_date, Unset):
            warning_date = self.warning_date.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "version": version,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if subject is not UNSET:
            field_dict["subject"] = subject
        if warning_date is not UNSET:
            field_dict["warning_date"] = warning_date

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        subject = d.pop("subject", UNSET)

        _warning_date = d.pop("warning_date", UNSET)
        warning_date: datetime.date | Unset
        if isinstance(_warning_date, Unset):
            warning_date = UNSET
        else:
            warning_date = datetime.date.fromisoformat(_warning_date)

        batch_change_warning_patch = cls(
            id=id,
            version=version,
            description=description,
            subject=subject,
            warning_date=warning_date,
        )

        batch_change_warning_patch.additional_properties = d
        return batch_change_warning_patch

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
