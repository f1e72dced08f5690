from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Holiday")


@_attrs_define
class Holiday:
    """A day (or days) off for the whole workspace.

    Attributes:
        created_at (str): RFC 3339, UTC.
        date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        end_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        id (int): Unique per workspace and resource.
        name (str):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    created_at: str
    date: datetime.date
    end_date: datetime.date
    id: int
    name: str
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        date = self.date.isoformat()

        end_date = self.end_date.isoformat()

        id = self.id

        name = self.name

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "date": date,
                "end_date": end_date,
                "id": id,
                "name": name,
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

        end_date = datetime.date.fromisoformat(d.pop("end_date"))

        id = d.pop("id")

        name = d.pop("name")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        holiday = cls(
            created_at=created_at,
            date=date,
            end_date=end_date,
            id=id,
            name=name,
            updated_at=updated_at,
            version=version,
        )

        holiday.additional_properties = d
        return holiday

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
