from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StageSummary")


@_attrs_define
class StageSummary:
    """One column of a dashboard.

    Attributes:
        amount (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the bound a
            single amount has. Example: 1250.5.
        count (int):
        id (int):
        name (str):
        order (int):
    """

    amount: float
    count: int
    id: int
    name: str
    order: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        count = self.count

        id = self.id

        name = self.name

        order = self.order

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "count": count,
                "id": id,
                "name": name,
                "order": order,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        count = d.pop("count")

        id = d.pop("id")

        name = d.pop("name")

        order = d.pop("order")

        stage_summary = cls(
            amount=amount,
            count=count,
            id=id,
            name=name,
            order=order,
        )

        stage_summary.additional_properties = d
        return stage_summary

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
