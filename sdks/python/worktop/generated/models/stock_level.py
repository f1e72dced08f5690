from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StockLevel")


@_attrs_define
class StockLevel:
    """A quantity as the stock lists show it.

    Attributes:
        product_id (int):
        product_name (str):
        quantity (int):
        sku (str):
        warehouse_id (int):
        warehouse_name (str):
    """

    product_id: int
    product_name: str
    quantity: int
    sku: str
    warehouse_id: int
    warehouse_name: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        product_id = self.product_id

        product_name = self.product_name

        quantity = self.quantity

        sku = self.sku

        warehouse_id = self.warehouse_id

        warehouse_name = self.warehouse_name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "product_id": product_id,
                "product_name": product_name,
                "quantity": quantity,
                "sku": sku,
                "warehouse_id": warehouse_id,
                "warehouse_name": warehouse_name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        product_id = d.pop("product_id")

        product_name = d.pop("product_name")

        quantity = d.pop("quantity")

        sku = d.pop("sku")

        warehouse_id = d.pop("warehouse_id")

        warehouse_name = d.pop("warehouse_name")

        stock_level = cls(
            product_id=product_id,
            product_name=product_name,
            quantity=quantity,
            sku=sku,
            warehouse_id=warehouse_id,
            warehouse_name=warehouse_name,
        )

        stock_level.additional_properties = d
        return stock_level

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
