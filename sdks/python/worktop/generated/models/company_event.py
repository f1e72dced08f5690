from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CompanyEvent")


@_attrs_define
class CompanyEvent:
    """A company event: a day or days, somewhere.

    Attributes:
        created_at (str): RFC 3339, UTC.
        description (None | str):
        end_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        id (int): Unique per workspace and resource.
        location (None | str):
        start_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        title (str):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    created_at: str
    description: None | str
    end_date: datetime.date
    id: int
    location: None | str
    start_date: datetime.date
    title: str
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        description: None | str
        description = self.description

        end_date = self.end_date.isoformat()

        id = self.id

        location: None | str
        location = self.location

        start_date = self.start_date.isoformat()

        title = self.title

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "description": description,
                "end_date": end_date,
                "id": id,
                "location": location,
                "start_date": start_date,
                "title": title,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        end_date = datetime.date.fromisoformat(d.pop("end_date"))

        id = d.pop("id")

        def _parse_location(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        location = _parse_location(d.pop("location"))

        start_date = datetime.date.fromisoformat(d.pop("start_date"))

        title = d.pop("title")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        company_event = cls(
            created_at=created_at,
            description=description,
            end_date=end_date,
            id=id,
            location=location,
            start_date=start_date,
            title=title,
            updated_at=updated_at,
            version=version,
        )

        company_event.additional_properties = d
        return company_event

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
