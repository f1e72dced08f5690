from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.meeting_status import MeetingStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchChangeMeetingPatch")


@_attrs_define
class BatchChangeMeetingPatch:
    """One item of a batch update.

    Attributes:
        id (int): The record to change.
        version (int): The version the change is based on; a stale one fails the item (409 `version_conflict`).
        date (datetime.date | Unset):
        description (None | str | Unset):
        duration_minutes (int | None | Unset):
        location (None | str | Unset):
        opportunity_id (int | None | Unset):
        status (MeetingStatus | Unset): Whether a meeting took place.
        subject (str | Unset):
    """

    id: int
    version: int
    date: datetime.date | Unset = UNSET
    description: None | str | Unset = UNSET
    duration_minutes: int | None | Unset = UNSET
    location: None | str | Unset = UNSET
    opportunity_id: int | None | Unset = UNSET
    status: MeetingStatus | Unset = UNSET
    subject: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

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

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "version": version,
            }
        )
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

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

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

        batch_change_meeting_patch = cls(
            id=id,
            version=version,
            date=date,
            description=description,
            duration_minutes=duration_minutes,
            location=location,
            opportunity_id=opportunity_id,
            status=status,
            subject=subject,
        )

        batch_change_meeting_patch.additional_properties = d
        return batch_change_meeting_patch

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
