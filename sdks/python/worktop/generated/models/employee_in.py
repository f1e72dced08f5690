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


T = TypeVar("T", bound="EmployeeIn")


@_attrs_define
class EmployeeIn:
    """Body of `POST /api/employee/create`.

    Attributes:
        date_of_joining (datetime.date):
        department_id (int):
        designation_id (int): A designation of the department.
        shift_id (int):
        user_id (int): An owner, admin or staff user of the workspace without an employee yet.
        address (None | str | Unset):
        basic_salary (float | None | Unset): Monthly; defaults to 0. Example: 1250.5.
        custom_fields (CustomValuesIn | None | Unset): Values of the workspace's custom fields, by key (`GET
            /api/custom-fields`).
        date_of_birth (datetime.date | None | Unset):
        employee_code (None | str | Unset): Defaults to `EMP-` and the id.
        employment_type (EmploymentType | None | Unset): Defaults to `full_time`.
        phone (None | str | Unset):
    """

    date_of_joining: datetime.date
    department_id: int
    designation_id: int
    shift_id: int
    user_id: int
    address: None | str | Unset = UNSET
    basic_salary: float | None | Unset = UNSET
    custom_fields: CustomValuesIn | None | Unset = UNSET
    date_of_birth: datetime.date | None | Unset = UNSET
    employee_code: None | str | Unset = UNSET
    employment_type: EmploymentType | None | Unset = UNSET
    phone: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.custom_values_in import CustomValuesIn

        date_of_joining = self.date_of_joining.isoformat()

        department_id = self.department_id

        designation_id = self.designation_id

        shift_id = self.shift_id

        user_id = self.user_id

        address: None | str | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        else:
            address = self.address

        basic_salary: float | None | Unset
        if isinstance(self.basic_salary, Unset):
            basic_salary = UNSET
        else:
            basic_salary = self.basic_salary

        custom_fields: dict[str, Any] | None | Unset
        if isinstance(self.custom_fields, Unset):
            custom_fields = UNSET
        elif isinstance(self.custom_fields, CustomValuesIn):
            custom_fields = self.custom_fields.to_dict()
        else:
            custom_fields = self.custom_fields

        date_of_birth: None | str | Unset
        if isinstance(self.date_of_birth, Unset):
            date_of_birth = UNSET
        elif isinstance(self.date_of_birth, datetime.date):
            date_of_birth = self.date_of_birth.isoformat()
        else:
            date_of_birth = self.date_of_birth

        employee_code: None | str | Unset
        if isinstance(self.employee_code, Unset):
            employee_code = UNSET
        else:
            employee_code = self.employee_code

        employment_type: None | str | Unset
        if isinstance(self.employment_type, Unset):
            employment_type = UNSET
        elif isinstance(self.employment_type, EmploymentType):
            employment_type = self.employment_type.value
        else:
            employment_type = self.employment_type

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date_of_joining": date_of_joining,
                "department_id": department_id,
                "designation_id": designation_id,
                "shift_id": shift_id,
                "user_id": user_id,
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
        if employee_code is not UNSET:
            field_dict["employee_code"] = employee_code
        if employment_type is not UNSET:
            field_dict["employment_type"] = employment_type
        if phone is not UNSET:
            field_dict["phone"] = phone

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values_in import CustomValuesIn

        d = dict(src_dict)
        date_of_joining = datetime.date.fromisoformat(d.pop("date_of_joining"))

        department_id = d.pop("department_id")

        designation_id = d.pop("designation_id")

        shift_id = d.pop("shift_id")

        user_id = d.pop("user_id")

        def _parse_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address = _parse_address(d.pop("address", UNSET))

        def _parse_basic_salary(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        basic_salary = _parse_basic_salary(d.pop("basic_salary", UNSET))

        def _parse_custom_fields(data: object) -> CustomValuesIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                custom_fields_type_1 = CustomValuesIn.from_dict(data)

                return custom_fields_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CustomValuesIn | None | Unset, data)

        custom_fields = _parse_custom_fields(d.pop("custom_fields", UNSET))

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

        def _parse_employee_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        employee_code = _parse_employee_code(d.pop("employee_code", UNSET))

        def _parse_employment_type(data: object) -> EmploymentType | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                employment_type_type_1 = EmploymentType(data)

                return employment_type_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmploymentType | None | Unset, data)

        employment_type = _parse_employment_type(d.pop("employment_type", UNSET))

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        employee_in = cls(
            date_of_joining=date_of_joining,
            department_id=department_id,
            designation_id=designation_id,
            shift_id=shift_id,
            user_id=user_id,
            address=address,
            basic_salary=basic_salary,
            custom_fields=custom_fields,
            date_of_birth=date_of_birth,
            employee_code=employee_code,
            employment_type=employment_type,
            phone=phone,
        )

        employee_in.additional_properties = d
        return employee_in

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
