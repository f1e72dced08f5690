from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StockLow")


@_attrs_define
class StockLow:
    """The data of `stock.low`: the product, its total stock over warehouses after
    the movement, and its reorder level.

        Example:
            {'product_id': 12, 'quantity': 3, 'reorder_level': 5}

        Attributes:
            product_id (int):
            quantity (int):
            reorder_level (int):
    """

    product_id: int
    quantity: int
    reorder_level: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        product_id = self.product_id

        quantity = self.quantity

        reorder_level = self.reorder_level

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "product_id": product_id,
                "quantity": quantity,
                "reorder_level": reorder_level,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        product_id = d.pop("product_id")

        quantity = d.pop("quantity")

        reorder_level = d.pop("reorder_level")

        stock_low = cls(
            product_id=product_id,
            quantity=quantity,
            reorder_level=reorder_level,
        )

        stock_low.additional_properties = d
        return stock_low

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
