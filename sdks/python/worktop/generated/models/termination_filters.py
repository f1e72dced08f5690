from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TerminationFilters")


@_attrs_define
class TerminationFilters:
    """`?employee_id=` and `?termination_type=` on the list.

    Attributes:
        employee_id (int | None | Unset):
        termination_type (None | str | Unset):
    """

    employee_id: int | None | Unset = UNSET
    termination_type: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        employee_id: int | None | Unset
        if isinstance(self.employee_id, Unset):
            employee_id = UNSET
        else:
            employee_id = self.employee_id

        termination_type: None | str | Unset
        if isinstance(self.termination_type, Unset):
            termination_type = UNSET
        else:
            termination_type = self.termination_type

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if employee_id is not UNSET:
            field_dict["employee_id"] = employee_id
        if termination_type is not UNSET:
            field_dict["termination_type"] = termination_type

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

        def _parse_termination_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        termination_type = _parse_termination_type(d.pop("termination_type", UNSET))

        termination_filters = cls(
            employee_id=employee_id,
            termination_type=termination_type,
        )

        return termination_filters
