from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.employment_status import EmploymentStatus
from ..models.employment_type import EmploymentType
from ..types import UNSET, Unset

T = TypeVar("T", bound="EmployeeFilters")


@_attrs_define
class EmployeeFilters:
    """`?branch_id=`, `?department_id=`, `?designation_id=`, `?shift_id=`, `?status=`,
    `?employment_type=` and `?user_id=` on the list.

        Attributes:
            branch_id (int | None | Unset):
            department_id (int | None | Unset):
            designation_id (int | None | Unset):
            employment_type (EmploymentType | None | Unset):
            shift_id (int | None | Unset):
            status (EmploymentStatus | None | Unset):
            user_id (int | None | Unset):
    """

    branch_id: int | None | Unset = UNSET
    department_id: int | None | Unset = UNSET
    designation_id: int | None | Unset = UNSET
    employment_type: EmploymentType | None | Unset = UNSET
    shift_id: int | None | Unset = UNSET
    status: EmploymentStatus | None | Unset = UNSET
    user_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        branch_id: int | None | Unset
        if isinstance(self.branch_id, Unset):
            branch_id = UNSET
        else:
            branch_id = self.branch_id

        department_id: int | None | Unset
        if isinstance(self.department_id, Unset):
            department_id = UNSET
        else:
            department_id = self.department_id

        designation_id: int | None | Unset
        if isinstance(self.designation_id, Unset):
            designation_id = UNSET
        else:
            designation_id = self.designation_id

        employment_type: None | str | Unset
        if isinstance(self.employment_type, Unset):
            employment_type = UNSET
        elif isinstance(self.employment_type, EmploymentType):
            employment_type = self.employment_type.value
        else:
            employment_type = self.employment_type

        shift_id: int | None | Unset
        if isinstance(self.shift_id, Unset):
            shift_id = UNSET
        else:
            shift_id = self.shift_id

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, EmploymentStatus):
            status = self.status.value
        else:
            status = self.status

        user_id: int | None | Unset
        if isinstance(self.user_id, Unset):
            user_id = UNSET
        else:
            user_id = self.user_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if branch_id is not UNSET:
            field_dict["branch_id"] = branch_id
        if department_id is not UNSET:
            field_dict["department_id"] = department_id
        if designation_id is not UNSET:
            field_dict["designation_id"] = designation_id
        if employment_type is not UNSET:
            field_dict["employment_type"] = employment_type
        if shift_id is not UNSET:
            field_dict["shift_id"] = shift_id
        if status is not UNSET:
            field_dict["status"] = status
        if user_id is not UNSET:
            field_dict["user_id"] = user_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_branch_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        branch_id = _parse_branch_id(d.pop("branch_id", UNSET))

        def _parse_department_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        department_id = _parse_department_id(d.pop("department_id", UNSET))

        def _parse_designation_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        designation_id = _parse_designation_id(d.pop("designation_id", UNSET))

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

        def _parse_shift_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        shift_id = _parse_shift_id(d.pop("shift_id", UNSET))

        def _parse_status(data: object) -> EmploymentStatus | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = EmploymentStatus(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmploymentStatus | None | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        def _parse_user_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        user_id = _parse_user_id(d.pop("user_id", UNSET))

        employee_filters = cls(
            branch_id=branch_id,
            department_id=department_id,
            designation_id=designation_id,
            employment_type=employment_type,
            shift_id=shift_id,
            status=status,
            user_id=user_id,
        )

        return employee_filters
