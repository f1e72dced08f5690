from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

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
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

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
        field_dict.update(self.additional_properties)
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

        employee_transfer_filters.additional_properties = d
        return employee_transfer_filters

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
