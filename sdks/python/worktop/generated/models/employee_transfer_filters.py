from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EmployeeTransferFilters")


@_attrs_define
class EmployeeTransferFilters:
    """`?employee_id=`, `?from_branch_id=` and `?to_branch_id=` on the list.

    Attributes:
        employee_id (int | None | Unset):
        from_branch_id (int | None | Unset):
        to_branch_id (int | None | Unset):
    """

    employee_id: int | None | Unset = UNSET
    from_branch_id: int | None | Unset = UNSET
    to_branch_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        employee_id: int | None | Unset
        if isinstance(self.employee_id, Unset):
            employee_id = UNSET
        else:
            employee_id = self.employee_id

        from_branch_id: int | None | Unset
        if isinstance(self.from_branch_id, Unset):
            from_branch_id = UNSET
        else:
            from_branch_id = self.from_branch_id

        to_branch_id: int | None | Unset
        if isinstance(self.to_branch_id, Unset):
            to_branch_id = UNSET
        else:
            to_branch_id = self.to_branch_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if employee_id is not UNSET:
            field_dict["employee_id"] = employee_id
        if from_branch_id is not UNSET:
            field_dict["from_branch_id"] = from_branch_id
        if to_branch_id is not UNSET:
            field_dict["to_branch_id"] = to_branch_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_employee_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        employee_id = _parse_employee_id(d.pop("employee_id", UNSET))

        def _parse_from_branch_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        from_branch_id = _parse_from_branch_id(d.pop("from_branch_id", UNSET))

        def _parse_to_branch_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        to_branch_id = _parse_to_branch_id(d.pop("to_branch_id", UNSET))

        employee_transfer_filters = cls(
            employee_id=employee_id,
            from_branch_id=from_branch_id,
            to_branch_id=to_branch_id,
        )

        return employee_transfer_filters
