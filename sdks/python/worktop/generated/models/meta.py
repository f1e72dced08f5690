from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Meta")


@_attrs_define
class Meta:
    """Page metadata. `next_cursor` is null on the last page.

    Attributes:
        current_page (int):
        last_page (int):
        next_cursor (None | str):
        per_page (int):
        total (int): How many records the list holds; a lower bound when `total_exact` is false.
        total_exact (bool): False when `total` is a lower bound: a search, or several filters at once, is counted only
            as far as it was read (what this page and the ones before it found, plus one when there is
            a next page).
    """

    current_page: int
    last_page: int
    next_cursor: None | str
    per_page: int
    total: int
    total_exact: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        current_page = self.current_page

        last_page = self.last_page

        next_cursor: None | str
        next_cursor = self.next_cursor

        per_page = self.per_page

        total = self.total

        total_exact = self.total_exact

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "current_page": current_page,
                "last_page": last_page,
                "next_cursor": next_cursor,
                "per_page": per_page,
                "total": total,
                "total_exact": total_exact,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        current_page = d.pop("current_page")

        last_page = d.pop("last_page")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        per_page = d.pop("per_page")

        total = d.pop("total")

        total_exact = d.pop("total_exact")

        meta = cls(
            current_page=current_page,
            last_page=last_page,
            next_cursor=next_cursor,
            per_page=per_page,
            total=total,
            total_exact=total_exact,
        )

        meta.additional_properties = d
        return meta

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
