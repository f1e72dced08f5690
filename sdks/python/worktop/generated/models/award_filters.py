from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AwardFilters")


@_attrs_define
class AwardFilters:
    """`?employee_id=` and `?award_type=` on the list.

    Attributes:
        award_type (None | str | Unset):
        employee_id (int | None | Unset):
    """

    award_type: None | str | Unset = UNSET
    employee_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        award_type: None | str | Unset
        if isinstance(self.award_type, Unset):
            award_type = UNSET
        else:
            award_type = self.award_type

        employee_id: int | None | Unset
        if isinstance(self.employee_id, Unset):
            employee_id = UNSET
        else:
            employee_id = self.employee_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if award_type is not UNSET:
            field_dict["award_type"] = award_type
        if employee_id is not UNSET:
            field_dict["employee_id"] = employee_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_award_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        award_type = _parse_award_type(d.pop("award_type", UNSET))

        def _parse_employee_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        employee_id = _parse_employee_id(d.pop("employee_id", UNSET))

        award_filters = cls(
            award_type=award_type,
            employee_id=employee_id,
        )

        return award_filters
