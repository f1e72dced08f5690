from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.employment_type import EmploymentType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.custom_values_in import CustomValuesIn


T = TypeVar("T", bound="BatchChangeEmployeePatch")


@_attrs_define
class BatchChangeEmployeePatch:
    """One item of a batch update.

    Attributes:
        id (int): The record to change.
        version (int): The version the change is based on; a stale one fails the item (409 `version_conflict`).
        address (None | str | Unset): `null` clears it.
        basic_salary (float | Unset): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a
            numeric string is accepted too). Example: 1250.5.
        custom_fields (CustomValuesIn | Unset): Values of the workspace's custom fields, by key (GET /api/custom-
            fields); null clears one.
        date_of_birth (datetime.date | None | Unset): `null` clears it.
        date_of_joining (datetime.date | Unset):
        department_id (int | Unset):
        designation_id (int | Unset):
        employee_code (str | Unset):
        employment_type (EmploymentType | Unset): How an employee is employed.
        phone (None | str | Unset): `null` clears it.
        shift_id (int | Unset):
    """

    id: int
    version: int
    address: None | str | Unset = UNSET
    basic_salary: float | Unset = UNSET
    custom_fields: CustomValuesIn | Unset = UNSET
    date_of_birth: datetime.date | None | Unset = UNSET
    date_of_joining: datetime.date | Unset = UNSET
    department_id: int | Unset = UNSET
    designation_id: int | Unset = UNSET
    employee_code: str | Unset = UNSET
    employment_type: EmploymentType | Unset = UNSET
    phone: None | str | Unset = UNSET
    shift_id: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

        address: None | str | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        else:
            address = self.address

        basic_salary = self.basic_salary

        custom_fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.custom_fields, Unset):
            custom_fields = self.custom_fields.to_dict()

        date_of_birth: None | str | Unset
        if isinstance(self.date_of_birth, Unset):
            date_of_birth = UNSET
        elif isinstance(self.date_of_birth, datetime.date):
            date_of_birth = self.date_of_birth.isoformat()
        else:
            date_of_birth = self.date_of_birth

        date_of_joining: str | Unset = UNSET
        if not isinstance(self.date_of_joining, Unset):
            date_of_joining = self.date_of_joining.isoformat()

        department_id = self.department_id

        designation_id = self.designation_id

        employee_code = self.employee_code

        employment_type: str | Unset = UNSET
        if not isinstance(self.employment_type, Unset):
            employment_type = self.employment_type.value

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        shift_id = self.shift_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "version": version,
            }
        )
        if address is not UNSET:
            field_dict["address"] = address
        if basic_salary is not UNSET:
            field_dict["basic_salary"] = basic_salary
        if custom_fields is not UNSET:
            field_dict["custom_fields"] = custom_fields
        if date_of_birth is not UNSET:
            field_dict["date_of_birth"] = date_of_birth
        if date_of_joining is not UNSET:
            field_dict["date_of_joining"] = date_of_joining
        if department_id is not UNSET:
            field_dict["department_id"] = department_id
        if designation_id is not UNSET:
            field_dict["designation_id"] = designation_id
        if employee_code is not UNSET:
            field_dict["employee_code"] = employee_code
        if employment_type is not UNSET:
            field_dict["employment_type"] = employment_type
        if phone is not UNSET:
            field_dict["phone"] = phone
        if shift_id is not UNSET:
            field_dict["shift_id"] = shift_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values_in import CustomValuesIn

        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        def _parse_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address = _parse_address(d.pop("address", UNSET))

        basic_salary = d.pop("basic_salary", UNSET)

        _custom_fields = d.pop("custom_fields", UNSET)
        custom_fields: CustomValuesIn | Unset
        if isinstance(_custom_fields, Unset):
            custom_fields = UNSET
        else:
            custom_fields = CustomValuesIn.from_dict(_custom_fields)

        def _parse_date_of_birth(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_of_birth_type_0 = datetime.date.fromisoformat(data)

                return date_of_birth_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        date_of_birth = _parse_date_of_birth(d.pop("date_of_birth", UNSET))

        _date_of_joining = d.pop("date_of_joining", UNSET)
        date_of_joining: datetime.date | Unset
        if isinstance(_date_of_joining, Unset):
            date_of_joining = UNSET
        else:
            date_of_joining = datetime.date.fromisoformat(_date_of_joining)

        department_id = d.pop("department_id", UNSET)

        designation_id = d.pop("designation_id", UNSET)

        employee_code = d.pop("employee_code", UNSET)

        _employment_type = d.pop("employment_type", UNSET)
        employment_type: EmploymentType | Unset
        if isinstance(_employment_type, Unset):
            employment_type = UNSET
        else:
            employment_type = EmploymentType(_employment_type)

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        shift_id = d.pop("shift_id", UNSET)

        batch_change_employee_patch = cls(
            id=id,
            version=version,
            address=address,
            basic_salary=basic_salary,
            custom_fields=custom_fields,
            date_of_birth=date_of_birth,
            date_of_joining=date_of_joining,
            department_id=department_id,
            designation_id=designation_id,
            employee_code=employee_code,
            employment_type=employment_type,
            phone=phone,
            shift_id=shift_id,
        )

        batch_change_employee_patch.additional_properties = d
        return batch_change_employee_patch

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
