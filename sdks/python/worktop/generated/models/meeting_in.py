from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.meeting_status import MeetingStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="MeetingIn")


@_attrs_define
class MeetingIn:
    """Body of `POST /api/sales/meeting/store`.

    Attributes:
        date (datetime.date):
        subject (str):
        description (None | str | Unset):
        duration_minutes (int | None | Unset):
        location (None | str | Unset):
        opportunity_id (int | None | Unset):
        status (MeetingStatus | None | Unset): Defaults to `planned`.
    """

    date: datetime.date
    subject: str
    description: None | str | Unset = UNSET
    duration_minutes: int | None | Unset = UNSET
    location: None | str | Unset = UNSET
    opportunity_id: int | None | Unset = UNSET
    status: MeetingStatus | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        subject = self.subject

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

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, MeetingStatus):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date": date,
                "subject": subject,
            }
        )
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

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))

        subject = d.pop("subject")

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

        def _parse_status(data: object) -> MeetingStatus | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = MeetingStatus(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MeetingStatus | None | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        meeting_in = cls(
            date=date,
            subject=subject,
            description=description,
            duration_minutes=duration_minutes,
            location=location,
            opportunity_id=opportunity_id,
            status=status,
        )

        meeting_in.additional_properties = d
        return meeting_in

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
