from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PromotionFilters")


@_attrs_define
class PromotionFilters:
    """`?employee_id=` and `?designation_id=` on the list.

    Attributes:
        designation_id (int | None | Unset):
        employee_id (int | None | Unset):
    """

    designation_id: int | None | Unset = UNSET
    employee_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        designation_id: int | None | Unset
        if isinstance(self.designation_id, Unset):
            designation_id = UNSET
        else:
            designation_id = self.designation_id

        employee_id: int | None | Unset
        if isinstance(self.employee_id, Unset):
            employee_id = UNSET
        else:
            employee_id = self.employee_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if designation_id is not UNSET:
            field_dict["designation_id"] = designation_id
        if employee_id is not UNSET:
            field_dict["employee_id"] = employee_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_designation_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        designation_id = _parse_designation_id(d.pop("designation_id", UNSET))

        def _parse_employee_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        employee_id = _parse_employee_id(d.pop("employee_id", UNSET))

        promotion_filters = cls(
            designation_id=designation_id,
            employee_id=employee_id,
        )

        return promotion_filters
