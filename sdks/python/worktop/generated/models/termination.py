from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Termination")


@_attrs_define
class Termination:
    """The end of an employee's employment by the workspace: notice given on `notice_date`, last day
    `termination_date`.

        Attributes:
            created_at (str): RFC 3339, UTC.
            employee_id (int):
            id (int): Unique per workspace and resource.
            notice_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
            reason (None | str):
            termination_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
            termination_type (str): Its kind ("Redundancy", "Misconduct").
            updated_at (str): RFC 3339, UTC.
            version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    created_at: str
    employee_id: int
    id: int
    notice_date: datetime.date
    reason: None | str
    termination_date: datetime.date
    termination_type: str
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        employee_id = self.employee_id

        id = self.id

        notice_date = self.notice_date.isoformat()

        reason: None | str
        reason = self.reason

        termination_date = self.termination_date.isoformat()

        termination_type = self.termination_type

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "employee_id": employee_id,
                "id": id,
                "notice_date": notice_date,
                "reason": reason,
                "termination_date": termination_date,
                "termination_type": termination_type,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        employee_id = d.pop("employee_id")

        id = d.pop("id")

        notice_date = datetime.date.fromisoformat(d.pop("notice_date"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        termination_date = datetime.date.fromisoformat(d.pop("termination_date"))

        termination_type = d.pop("termination_type")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        termination = cls(
            created_at=created_at,
            employee_id=employee_id,
            id=id,
            notice_date=notice_date,
            reason=reason,
            termination_date=termination_date,
            termination_type=termination_type,
            updated_at=updated_at,
            version=version,
        )

        termination.additional_properties = d
        return termination

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
