from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Promotion")


@_attrs_define
class Promotion:
    """A promotion: from `date`, the employee holds its designation (in that designation's
    department and branch) and its salary. What they held before is kept.

        Attributes:
            basic_salary (float): Monthly basic salary from the promotion. Example: 1250.5.
            branch_id (int):
            created_at (str): RFC 3339, UTC.
            date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
            department_id (int): The designation's department and its branch, theirs from the promotion.
            description (None | str):
            designation_id (int): The designation they were promoted to.
            employee_id (int):
            id (int): Unique per workspace and resource.
            previous_designation_id (int):
            previous_salary (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
                string is accepted too). Example: 1250.5.
            updated_at (str): RFC 3339, UTC.
            version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    basic_salary: float
    branch_id: int
    created_at: str
    date: datetime.date
    department_id: int
    description: None | str
    designation_id: int
    employee_id: int
    id: int
    previous_designation_id: int
    previous_salary: float
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        basic_salary = self.basic_salary

        branch_id = self.branch_id

        created_at = self.created_at

        date = self.date.isoformat()

        department_id = self.department_id

        description: None | str
        description = self.description

        designation_id = self.designation_id

        employee_id = self.employee_id

        id = self.id

        previous_designation_id = self.previous_designation_id

        previous_salary = self.previous_salary

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "basic_salary": basic_salary,
                "branch_id": branch_id,
                "created_at": created_at,
                "date": date,
                "department_id": department_id,
                "description": description,
                "designation_id": designation_id,
                "employee_id": employee_id,
                "id": id,
                "previous_designation_id": previous_designation_id,
                "previous_salary": previous_salary,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        basic_salary = d.pop("basic_salary")

        branch_id = d.pop("branch_id")

        created_at = d.pop("created_at")

        date = datetime.date.fromisoformat(d.pop("date"))

        department_id = d.pop("department_id")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        designation_id = d.pop("designation_id")

        employee_id = d.pop("employee_id")

        id = d.pop("id")

        previous_designation_id = d.pop("previous_designation_id")

        previous_salary = d.pop("previous_salary")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        promotion = cls(
            basic_salary=basic_salary,
            branch_id=branch_id,
            created_at=created_at,
            date=date,
            department_id=department_id,
            description=description,
            designation_id=designation_id,
            employee_id=employee_id,
            id=id,
            previous_designation_id=previous_designation_id,
            previous_salary=previous_salary,
            updated_at=updated_at,
            version=version,
        )

        promotion.additional_properties = d
        return promotion

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
