from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Warning_")


@_attrs_define
class Warning_:
    """A warning given to an employee, by the user who recorded it.

    Attributes:
        created_at (str): RFC 3339, UTC.
        description (None | str):
        employee_id (int):
        id (int): Unique per workspace and resource.
        subject (str):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
        warned_by (int): The user who recorded it.
        warning_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
    """

    created_at: str
    description: None | str
    employee_id: int
    id: int
    subject: str
    updated_at: str
    version: int
    warned_by: int
    warning_date: datetime.date
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        description: None | str
        description = self.description

        employee_id = self.employee_id

        id = self.id

        subject = self.subject

        updated_at = self.updated_at

        version = self.version

        warned_by = self.warned_by

        warning_date = self.warning_date.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "description": description,
                "employee_id": employee_id,
                "id": id,
                "subject": subject,
                "updated_at": updated_at,
                "version": version,
                "warned_by": warned_by,
                "warning_date": warning_date,
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

        employee_id = d.pop("employee_id")

        id = d.pop("id")

        subject = d.pop("subject")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        warned_by = d.pop("warned_by")

        warning_date = datetime.date.fromisoformat(d.pop("warning_date"))

        warning = cls(
            created_at=created_at,
            description=description,
            employee_id=employee_id,
            id=id,
            subject=subject,
            updated_at=updated_at,
            version=version,
            warned_by=warned_by,
            warning_date=warning_date,
        )

        warning.additional_properties = d
        return warning

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
