from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WarehouseStock")


@_attrs_define
class WarehouseStock:
    """A warehouse's quantity in a product's detail.

    Attributes:
        quantity (int):
        warehouse_id (int):
        warehouse_name (str):
    """

    quantity: int
    warehouse_id: int
    warehouse_name: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        quantity = self.quantity

        warehouse_id = self.warehouse_id

        warehouse_name = self.warehouse_name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "quantity": quantity,
                "warehouse_id": warehouse_id,
                "warehouse_name": warehouse_name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        quantity = d.pop("quantity")

        warehouse_id = d.pop("warehouse_id")

        warehouse_name = d.pop("warehouse_name")

        warehouse_stock = cls(
            quantity=quantity,
            warehouse_id=warehouse_id,
            warehouse_name=warehouse_name,
        )

        warehouse_stock.additional_properties = d
        return warehouse_stock

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
