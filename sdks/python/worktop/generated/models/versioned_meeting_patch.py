from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.meeting_status import MeetingStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="VersionedMeetingPatch")


@_attrs_define
class VersionedMeetingPatch:
    """An update body with the optional `version` every update accepts beside its own fields. An
    extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

        Attributes:
            date (datetime.date | Unset):
            description (None | str | Unset):
            duration_minutes (int | None | Unset):
            location (None | str | Unset):
            opportunity_id (int | None | Unset):
            status (MeetingStatus | Unset): Whether a meeting took place.
            subject (str | Unset):
            version (int | None | Unset): The version the change is based on; a stale one is 409 `version_conflict`.
    """

    date: datetime.date | Unset = UNSET
    description: None | str | Unset = UNSET
    duration_minutes: int | None | Unset = UNSET
    location: None | str | Unset = UNSET
    opportunity_id: int | None | Unset = UNSET
    status: MeetingStatus | Unset = UNSET
    subject: str | Unset = UNSET
    version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        date: str | Unset = UNSET
        if not isinstance(self.date, Unset):
            date = self.date.isoformat()

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        duration_minutes: int | None | Unset
        if isinstance(self.duration_minutes, Unset):
            duration_minutes = UNSET
        else:
            duration_minutes = self.duration_minutes

        location: None | str | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        else:
            location = self.location

        opportunity_id: int | None | Unset
        if isinstance(self.opportunity_id, Unset):
            opportunity_id = UNSET
        else:
            opportunity_id = self.opportunity_id

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        subject = self.subject

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if date is not UNSET:
            field_dict["date"] = date
        if description is not UNSET:
            field_dict["description"] = description
        if duration_minutes is not UNSET:
            field_dict["duration_minutes"] = duration_minutes
        if location is not UNSET:
            field_dict["location"] = location
        if opportunity_id is not UNSET:
            field_dict["opportunity_id"] = opportunity_id
        if status is not UNSET:
            field_dict["status"] = status
        if subject is not UNSET:
            field_dict["subject"] = subject
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _date = d.pop("date", UNSET)
        date: datetime.date | Unset
        if isinstance(_date, Unset):
            date = UNSET
        else:
            date = datetime.date.fromisoformat(_date)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_duration_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        duration_minutes = _parse_duration_minutes(d.pop("duration_minutes", UNSET))

        def _parse_location(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        location = _parse_location(d.pop("location", UNSET))

        def _parse_opportunity_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        opportunity_id = _parse_opportunity_id(d.pop("opportunity_id", UNSET))

        _status = d.pop("status", UNSET)
        status: MeetingStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = MeetingStatus(_status)

        subject = d.pop("subject", UNSET)

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        versioned_meeting_patch = cls(
            date=date,
            description=description,
            duration_minutes=duration_minutes,
            location=location,
            opportunity_id=opportunity_id,
            status=status,
            subject=subject,
            version=version,
        )

        versioned_meeting_patch.additional_properties = d
        return versioned_meeting_patch

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
