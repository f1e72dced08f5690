from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.employment_status import EmploymentStatus
from ..models.employment_type import EmploymentType

if TYPE_CHECKING:
    from ..models.custom_values import CustomValues


T = TypeVar("T", bound="Employee")


@_attrs_define
class Employee:
    """An employee.

    Attributes:
        address (None | str):
        basic_salary (float): Monthly basic salary. Example: 1250.5.
        branch_id (int): The department's branch.
        created_at (str): RFC 3339, UTC.
        custom_fields (CustomValues): The workspace's custom fields on this record, by key (GET /api/custom-fields).
        date_of_birth (datetime.date | None):
        date_of_joining (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        department_id (int):
        designation_id (int):
        email (str): An e-mail address, trimmed and lower-cased.
        employee_code (str): Unique in the workspace; `EMP-` and the id on four digits unless chosen.
        employment_type (EmploymentType): How an employee is employed.
        end_date (datetime.date | None): The last day of employment, once it ended.
        id (int): Unique per workspace and resource.
        name (str): The user's name and address when the employee was added.
        phone (None | str):
        shift_id (int):
        status (EmploymentStatus): Whether the employment runs.
        updated_at (str): RFC 3339, UTC.
        user_id (int): The workspace user who is the employee (one employee per user).
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    address: None | str
    basic_salary: float
    branch_id: int
    created_at: str
    custom_fields: CustomValues
    date_of_birth: datetime.date | None
    date_of_joining: datetime.date
    department_id: int
    designation_id: int
    email: str
    employee_code: str
    employment_type: EmploymentType
    end_date: datetime.date | None
    id: int
    name: str
    phone: None | str
    shift_id: int
    status: EmploymentStatus
    updated_at: str
    user_id: int
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        address: None | str
        address = self.address

        basic_salary = self.basic_salary

        branch_id = self.branch_id

        created_at = self.created_at

        custom_fields = self.custom_fields.to_dict()

        date_of_birth: None | str
        if isinstance(self.date_of_birth, datetime.date):
            date_of_birth = self.date_of_birth.isoformat()
        else:
            date_of_birth = self.date_of_birth

        date_of_joining = self.date_of_joining.isoformat()

        department_id = self.department_id

        designation_id = self.designation_id

        email = self.email

        employee_code = self.employee_code

        employment_type = self.employment_type.value

        end_date: None | str
        if isinstance(self.end_date, datetime.date):
            end_date = self.end_date.isoformat()
        else:
            end_date = self.end_date

        id = self.id

        name = self.name

        phone: None | str
        phone = self.phone

        shift_id = self.shift_id

        status = self.status.value

        updated_at = self.updated_at

        user_id = self.user_id

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "address": address,
                "basic_salary": basic_salary,
                "branch_id": branch_id,
                "created_at": created_at,
                "custom_fields": custom_fields,
                "date_of_birth": date_of_birth,
                "date_of_joining": date_of_joining,
                "department_id": department_id,
                "designation_id": designation_id,
                "email": email,
                "employee_code": employee_code,
                "employment_type": employment_type,
                "end_date": end_date,
                "id": id,
                "name": name,
                "phone": phone,
                "shift_id": shift_id,
                "status": status,
                "updated_at": updated_at,
                "user_id": user_id,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values import CustomValues

        d = dict(src_dict)

        def _parse_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        address = _parse_address(d.pop("address"))

        basic_salary = d.pop("basic_salary")

        branch_id = d.pop("branch_id")

        created_at = d.pop("created_at")

        custom_fields = CustomValues.from_dict(d.pop("custom_fields"))

        def _parse_date_of_birth(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_of_birth_type_1 = datetime.date.fromisoformat(data)

                return date_of_birth_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        date_of_birth = _parse_date_of_birth(d.pop("date_of_birth"))

        date_of_joining = datetime.date.fromisoformat(d.pop("date_of_joining"))

        department_id = d.pop("department_id")

        designation_id = d.pop("designation_id")

        email = d.pop("email")

        employee_code = d.pop("employee_code")

        employment_type = EmploymentType(d.pop("employment_type"))

        def _parse_end_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_date_type_1 = datetime.date.fromisoformat(data)

                return end_date_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        end_date = _parse_end_date(d.pop("end_date"))

        id = d.pop("id")

        name = d.pop("name")

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

        shift_id = d.pop("shift_id")

        status = EmploymentStatus(d.pop("status"))

        updated_at = d.pop("updated_at")

        user_id = d.pop("user_id")

        version = d.pop("version")

        employee = cls(
            address=address,
            basic_salary=basic_salary,
            branch_id=branch_id,
            created_at=created_at,
            custom_fields=custom_fields,
            date_of_birth=date_of_birth,
            date_of_joining=date_of_joining,
            department_id=department_id,
            designation_id=designation_id,
            email=email,
            employee_code=employee_code,
            employment_type=employment_type,
            end_date=end_date,
            id=id,
            name=name,
            phone=phone,
            shift_id=shift_id,
            status=status,
            updated_at=updated_at,
            user_id=user_id,
            version=version,
        )

        employee.additional_properties = d
        return employee

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
