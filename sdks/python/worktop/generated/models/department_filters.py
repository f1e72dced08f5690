from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DepartmentFilters")


@_attrs_define
class DepartmentFilters:
    """`?branch_id=` on the list.

    Attributes:
        branch_id (int | None | Unset):
    """

    branch_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        branch_id: int | None | Unset
        if isinstance(self.branch_id, Unset):
            branch_id = UNSET
        else:
            branch_id = self.branch_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if branch_id is not UNSET:
            field_dict["branch_id"] = branch_id

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

        department_filters = cls(
            branch_id=branch_id,
        )

        return department_filters
