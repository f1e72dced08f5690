from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="InvoiceListMeta")


@_attrs_define
class InvoiceListMeta:
    """The page's metadata, with the workspace's overdue figures.

    Attributes:
        current_page (int):
        last_page (int):
        next_cursor (None | str):
        overdue_amount (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the
            bound a single amount has. Example: 1250.5.
        overdue_count (int): How many invoices are overdue.
        per_page (int):
        total (int): How many records the list holds; a lower bound when `total_exact` is false.
        total_exact (bool): False when `total` is a lower bound: a search, or several filters at once, is counted only
            as far as it was read (what this page and the ones before it found, plus one when there is
            a next page).
    """

    current_page: int
    last_page: int
    next_cursor: None | str
    overdue_amount: float
    overdue_count: int
    per_page: int
    total: int
    total_exact: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        current_page = self.current_page

        last_page = self.last_page

        next_cursor: None | str
        next_cursor = self.next_cursor

        overdue_amount = self.overdue_amount

        overdue_count = self.overdue_count

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
                "overdue_amount": overdue_amount,
                "overdue_count": overdue_count,
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

        overdue_amount = d.pop("overdue_amount")

        overdue_count = d.pop("overdue_count")

        per_page = d.pop("per_page")

        total = d.pop("total")

        total_exact = d.pop("total_exact")

        invoice_list_meta = cls(
            current_page=current_page,
            last_page=last_page,
            next_cursor=next_cursor,
            overdue_amount=overdue_amount,
            overdue_count=overdue_count,
            per_page=per_page,
            total=total,
            total_exact=total_exact,
        )

        invoice_list_meta.additional_properties = d
        return invoice_list_meta

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
