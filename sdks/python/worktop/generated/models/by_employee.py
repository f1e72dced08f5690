from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ByEmployee")


@_attrs_define
class ByEmployee:
    """`?employee_id=` on the lists of records about one employee.

    Attributes:
        employee_id (int | None | Unset):
    """

    employee_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        employee_id: int | None | Unset
        if isinstance(self.employee_id, Unset):
            employee_id = UNSET
        else:
            employee_id = self.employee_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if employee_id is not UNSET:
            field_dict["employee_id"] = employee_id

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

        by_employee = cls(
            employee_id=employee_id,
        )

        return by_employee
