from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ProductOption")


@_attrs_define
class ProductOption:
    """A product as the line pickers offer it.

    Attributes:
        id (int):
        name (str):
        sale_price (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string
            is accepted too). Example: 1250.5.
        sku (str):
        type_ (str): `product` (keeps stock) or `service`.
    """

    id: int
    name: str
    sale_price: float
    sku: str
    type_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        sale_price = self.sale_price

        sku = self.sku

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "sale_price": sale_price,
                "sku": sku,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        sale_price = d.pop("sale_price")

        sku = d.pop("sku")

        type_ = d.pop("type")

        product_option = cls(
            id=id,
            name=name,
            sale_price=sale_price,
            sku=sku,
            type_=type_,
        )

        product_option.additional_properties = d
        return product_option

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
