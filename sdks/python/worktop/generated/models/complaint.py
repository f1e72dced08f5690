from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.complaint_status import ComplaintStatus

T = TypeVar("T", bound="Complaint")


@_attrs_define
class Complaint:
    """A complaint one employee made about another.

    Attributes:
        complaint_against (int): The employee complained about.
        complaint_from (int): The employee who complains.
        created_at (str): RFC 3339, UTC.
        date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        description (None | str):
        id (int): Unique per workspace and resource.
        status (ComplaintStatus): Where a complaint stands.
        title (str):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    complaint_against: int
    complaint_from: int
    created_at: str
    date: datetime.date
    description: None | str
    id: int
    status: ComplaintStatus
    title: str
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        complaint_against = self.complaint_against

        complaint_from = self.complaint_from

        created_at = self.created_at

        date = self.date.isoformat()

        description: None | str
        description = self.description

        id = self.id

        status = self.status.value

        title = self.title

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "complaint_against": complaint_against,
                "complaint_from": complaint_from,
                "created_at": created_at,
                "date": date,
                "description": description,
                "id": id,
                "status": status,
                "title": title,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        complaint_against = d.pop("complaint_against")

        complaint_from = d.pop("complaint_from")

        created_at = d.pop("created_at")

        date = datetime.date.fromisoformat(d.pop("date"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        id = d.pop("id")

        status = ComplaintStatus(d.pop("status"))

        title = d.pop("title")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        complaint = cls(
            complaint_against=complaint_against,
            complaint_from=complaint_from,
            created_at=created_at,
            date=date,
            description=description,
            id=id,
            status=status,
            title=title,
            updated_at=updated_at,
            version=version,
        )

        complaint.additional_properties = d
        return complaint

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
