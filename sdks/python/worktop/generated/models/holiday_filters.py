from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="HolidayFilters")


@_attrs_define
class HolidayFilters:
    """`?year=` on the lists.

    Attributes:
        year (int | None | Unset): Holidays starting in this year.
    """

    year: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        year: int | None | Unset
        if isinstance(self.year, Unset):
            year = UNSET
        else:
            year = self.year

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if year is not UNSET:
            field_dict["year"] = year

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_year(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        year = _parse_year(d.pop("year", UNSET))

        holiday_filters = cls(
            year=year,
        )

        return holiday_filters
