from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PromotionIn")


@_attrs_define
class PromotionIn:
    """Body of `POST /api/promotions/create`.

    Attributes:
        date (datetime.date): Not before the employee joined.
        designation_id (int): The new designation (its department becomes theirs); the current one only with a new
            salary.
        employee_id (int): An employee whose employment has not ended.
        basic_salary (float | None | Unset): Monthly; defaults to the current salary. Example: 1250.5.
        description (None | str | Unset):
    """

    date: datetime.date
    designation_id: int
    employee_id: int
    basic_salary: float | None | Unset = UNSET
    description: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        designation_id = self.designation_id

        employee_id = self.employee_id

        basic_salary: float | None | Unset
        if isinstance(self.basic_salary, Unset):
            basic_salary = UNSET
        else:
            basic_salary = self.basic_salary

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date": date,
                "designation_id": designation_id,
                "employee_id": employee_id,
            }
        )
        if basic_salary is not UNSET:
            field_dict["basic_salary"] = basic_salary
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))

        designation_id = d.pop("designation_id")

        employee_id = d.pop("employee_id")

        def _parse_basic_salary(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        basic_salary = _parse_basic_salary(d.pop("basic_salary", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        promotion_in = cls(
            date=date,
            designation_id=designation_id,
            employee_id=employee_id,
            basic_salary=basic_salary,
            description=description,
        )

        promotion_in.additional_properties = d
        return promotion_in

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
