from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AnnouncementFilters")


@_attrs_define
class AnnouncementFilters:
    """`?department_id=` on the list (announcements for everyone have none).

    Attributes:
        department_id (int | None | Unset):
    """

    department_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        department_id: int | None | Unset
        if isinstance(self.department_id, Unset):
            department_id = UNSET
        else:
            department_id = self.department_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if department_id is not UNSET:
            field_dict["department_id"] = department_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_department_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        department_id = _parse_department_id(d.pop("department_id", UNSET))

        announcement_filters = cls(
            department_id=department_id,
        )

        return announcement_filters
