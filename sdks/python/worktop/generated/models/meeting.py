from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.meeting_status import MeetingStatus

T = TypeVar("T", bound="Meeting")


@_attrs_define
class Meeting:
    """A meeting with a customer, about an opportunity or not.

    Attributes:
        created_at (str): RFC 3339, UTC.
        date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        description (None | str):
        duration_minutes (int | None): How long it lasts, from 1 minute to a day.
        id (int): Unique per workspace and resource.
        location (None | str):
        opportunity_id (int | None):
        status (MeetingStatus): Whether a meeting took place.
        subject (str):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    created_at: str
    date: datetime.date
    description: None | str
    duration_minutes: int | None
    id: int
    location: None | str
    opportunity_id: int | None
    status: MeetingStatus
    subject: str
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        date = self.date.isoformat()

        description: None | str
        description = self.description

        duration_minutes: int | None
        duration_minutes = self.duration_minutes

        id = self.id

        location: None | str
        location = self.location

        opportunity_id: int | None
        opportunity_id = self.opportunity_id

        status = self.status.value

        subject = self.subject

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "date": date,
                "description": description,
                "duration_minutes": duration_minutes,
                "id": id,
                "location": location,
                "opportunity_id": opportunity_id,
                "status": status,
                "subject": subject,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        date = datetime.date.fromisoformat(d.pop("date"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_duration_minutes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        duration_minutes = _parse_duration_minutes(d.pop("duration_minutes"))

        id = d.pop("id")

        def _parse_location(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        location = _parse_location(d.pop("location"))

        def _parse_opportunity_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        opportunity_id = _parse_opportunity_id(d.pop("opportunity_id"))

        status = MeetingStatus(d.pop("status"))

        subject = d.pop("subject")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        meeting = cls(
            created_at=created_at,
            date=date,
            description=description,
            duration_minutes=duration_minutes,
            id=id,
            location=location,
            opportunity_id=opportunity_id,
            status=status,
            subject=subject,
            updated_at=updated_at,
            version=version,
        )

        meeting.additional_properties = d
        return meeting

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
