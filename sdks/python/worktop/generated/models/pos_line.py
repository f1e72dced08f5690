from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PosLine")


@_attrs_define
class PosLine:
    """A priced line of a sale.

    Attributes:
        discount (float): An amount off the line. Example: 1250.5.
        name (str):
        price (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string is
            accepted too). Example: 1250.5.
        product_id (int):
        quantity (int):
        tax (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string is
            accepted too). Example: 1250.5.
        tax_rate (float): The sum of the product's tax rates when sold. Example: 20.
        total (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string is
            accepted too). Example: 1250.5.
    """

    discount: float
    name: str
    price: float
    product_id: int
    quantity: int
    tax: float
    tax_rate: float
    total: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        discount = self.discount

        name = self.name

        price = self.price

        product_id = self.product_id

        quantity = self.quantity

        tax = self.tax

        tax_rate = self.tax_rate

        total = self.total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "discount": discount,
                "name": name,
                "price": price,
                "product_id": product_id,
                "quantity": quantity,
                "tax": tax,
                "tax_rate": tax_rate,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        discount = d.pop("discount")

        name = d.pop("name")

        price = d.pop("price")

        product_id = d.pop("product_id")

        quantity = d.pop("quantity")

        tax = d.pop("tax")

        tax_rate = d.pop("tax_rate")

        total = d.pop("total")

        pos_line = cls(
            discount=discount,
            name=name,
            price=price,
            product_id=product_id,
            quantity=quantity,
            tax=tax,
            tax_rate=tax_rate,
            total=total,
        )

        pos_line.additional_properties = d
        return pos_line

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
