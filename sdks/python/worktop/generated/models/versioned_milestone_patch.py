from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.milestone_status import MilestoneStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="VersionedMilestonePatch")


@_attrs_define
class VersionedMilestonePatch:
    """An update body with the optional `version` every update accepts beside its own fields. An
    extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

        Attributes:
            cost (float | Unset): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
                string is accepted too). Example: 1250.5.
            end_date (datetime.date | None | Unset): Not before the start date; `null` clears it.
            start_date (datetime.date | None | Unset): `null` clears it.
            status (MilestoneStatus | Unset): Whether a milestone is reached: `incomplete → complete`.
            summary (None | str | Unset): `null` clears it.
            title (str | Unset):
            version (int | None | Unset): The version the change is based on; a stale one is 409 `version_conflict`.
    """

    cost: float | Unset = UNSET
    end_date: datetime.date | None | Unset = UNSET
    start_date: datetime.date | None | Unset = UNSET
    status: MilestoneStatus | Unset = UNSET
    summary: None | str | Unset = UNSET
    title: str | Unset = UNSET
    version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cost = self.cost

        end_date: None | str | Unset
        if isinstance(self.end_date, Unset):
            end_date = UNSET
        elif isinstance(self.end_date, datetime.date):
            end_date = self.end_date.isoformat()
        else:
            end_date = self.end_date

        start_date: None | str | Unset
        if isinstance(self.start_date, Unset):
            start_date = UNSET
        elif isinstance(self.start_date, datetime.date):
            start_date = self.start_date.isoformat()
        else:
            start_date = self.start_date

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        summary: None | str | Unset
        if isinstance(self.summary, Unset):
            summary = UNSET
        else:
            summary = self.summary

        title = self.title

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if cost is not UNSET:
            field_dict["cost"] = cost
        if end_date is not UNSET:
            field_dict["end_date"] = end_date
        if start_date is not UNSET:
            field_dict["start_date"] = start_date
        if status is not UNSET:
            field_dict["status"] = status
        if summary is not UNSET:
            field_dict["summary"] = summary
        if title is not UNSET:
            field_dict["title"] = title
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cost = d.pop("cost", UNSET)

        def _parse_end_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_date_type_0 = datetime.date.fromisoformat(data)

                return end_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        end_date = _parse_end_date(d.pop("end_date", UNSET))

        def _parse_start_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                start_date_type_0 = datetime.date.fromisoformat(data)

                return start_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        start_date = _parse_start_date(d.pop("start_date", UNSET))

        _status = d.pop("status", UNSET)
        status: MilestoneStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = MilestoneStatus(_status)

        def _parse_summary(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        summary = _parse_summary(d.pop("summary", UNSET))

        title = d.pop("title", UNSET)

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        versioned_milestone_patch = cls(
            cost=cost,
            end_date=end_date,
            start_date=start_date,
            status=status,
            summary=summary,
            title=title,
            version=version,
        )

        versioned_milestone_patch.additional_properties = d
        return versioned_milestone_patch

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
