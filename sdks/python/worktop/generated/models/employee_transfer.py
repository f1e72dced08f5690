from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EmployeeTransfer")


@_attrs_define
class EmployeeTransfer:
    """A transfer: from `date`, the employee works in another department (and its branch), with a
    designation there. Where they worked before is kept.

        Attributes:
            created_at (str): RFC 3339, UTC.
            date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
            employee_id (int):
            from_branch_id (int):
            from_department_id (int):
            from_designation_id (int):
            id (int): Unique per workspace and resource.
            reason (None | str):
            to_branch_id (int):
            to_department_id (int):
            to_designation_id (int):
            updated_at (str): RFC 3339, UTC.
            version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    created_at: str
    date: datetime.date
    employee_id: int
    from_branch_id: int
    from_department_id: int
    from_designation_id: int
    id: int
    reason: None | str
    to_branch_id: int
    to_department_id: int
    to_designation_id: int
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        date = self.date.isoformat()

        employee_id = self.employee_id

        from_branch_id = self.from_branch_id

        from_department_id = self.from_department_id

        from_designation_id = self.from_designation_id

        id = self.id

        reason: None | str
        reason = self.reason

        to_branch_id = self.to_branch_id

        to_department_id = self.to_department_id

        to_designation_id = self.to_designation_id

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "date": date,
                "employee_id": employee_id,
                "from_branch_id": from_branch_id,
                "from_department_id": from_department_id,
                "from_designation_id": from_designation_id,
                "id": id,
                "reason": reason,
                "to_branch_id": to_branch_id,
                "to_department_id": to_department_id,
                "to_designation_id": to_designation_id,
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

        employee_id = d.pop("employee_id")

        from_branch_id = d.pop("from_branch_id")

        from_department_id = d.pop("from_department_id")

        from_designation_id = d.pop("from_designation_id")

        id = d.pop("id")

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        to_branch_id = d.pop("to_branch_id")

        to_department_id = d.pop("to_department_id")

        to_designation_id = d.pop("to_designation_id")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        employee_transfer = cls(
            created_at=created_at,
            date=date,
            employee_id=employee_id,
            from_branch_id=from_branch_id,
            from_department_id=from_department_id,
            from_designation_id=from_designation_id,
            id=id,
            reason=reason,
            to_branch_id=to_branch_id,
            to_department_id=to_department_id,
            to_designation_id=to_designation_id,
            updated_at=updated_at,
            version=version,
        )

        employee_transfer.additional_properties = d
        return employee_transfer

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
