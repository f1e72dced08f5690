from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.product_type import ProductType

if TYPE_CHECKING:
    from ..models.line_tax import LineTax


T = TypeVar("T", bound="Line")


@_attrs_define
class Line:
    """A priced line.

    Attributes:
        discount_amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
            string is accepted too). Example: 1250.5.
        discount_percentage (float): A percentage from 0 to 100, rounded to four decimals (a numeric string is accepted
            too). Example: 20.
        name (str): The product's name when priced.
        product_id (int):
        quantity (int):
        subtotal (float): `unit_price × quantity`. Example: 1250.5.
        tax_amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string
            is accepted too). Example: 1250.5.
        tax_percentage (float): The sum of its taxes' rates. Example: 20.
        taxes (list[LineTax]):
        total (float): `subtotal − discount_amount + tax_amount`. Example: 1250.5.
        type_ (ProductType): A product keeps stock; a service does not.
        unit_price (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string
            is accepted too). Example: 1250.5.
    """

    discount_amount: float
    discount_percentage: float
    name: str
    product_id: int
    quantity: int
    subtotal: float
    tax_amount: float
    tax_percentage: float
    taxes: list[LineTax]
    total: float
    type_: ProductType
    unit_price: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        discount_amount = self.discount_amount

        discount_percentage = self.discount_percentage

        name = self.name

        product_id = self.product_id

        quantity = self.quantity

        subtotal = self.subtotal

        tax_amount = self.tax_amount

        tax_percentage = self.tax_percentage

        taxes = []
        for taxes_item_data in self.taxes:
            taxes_item = taxes_item_data.to_dict()
            taxes.append(taxes_item)

        total = self.total

        type_ = self.type_.value

        unit_price = self.unit_price

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "discount_amount": discount_amount,
                "discount_percentage": discount_percentage,
                "name": name,
                "product_id": product_id,
                "quantity": quantity,
                "subtotal": subtotal,
                "tax_amount": tax_amount,
                "tax_percentage": tax_percentage,
                "taxes": taxes,
                "total": total,
                "type": type_,
                "unit_price": unit_price,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.line_tax import LineTax

        d = dict(src_dict)
        discount_amount = d.pop("discount_amount")

        discount_percentage = d.pop("discount_percentage")

        name = d.pop("name")

        product_id = d.pop("product_id")

        quantity = d.pop("quantity")

        subtotal = d.pop("subtotal")

        tax_amount = d.pop("tax_amount")

        tax_percentage = d.pop("tax_percentage")

        taxes = []
        _taxes = d.pop("taxes")
        for taxes_item_data in _taxes:
            taxes_item = LineTax.from_dict(taxes_item_data)

            taxes.append(taxes_item)

        total = d.pop("total")

        type_ = ProductType(d.pop("type"))

        unit_price = d.pop("unit_price")

        line = cls(
            discount_amount=discount_amount,
            discount_percentage=discount_percentage,
            name=name,
            product_id=product_id,
            quantity=quantity,
            subtotal=subtotal,
            tax_amount=tax_amount,
            tax_percentage=tax_percentage,
            taxes=taxes,
            total=total,
            type_=type_,
            unit_price=unit_price,
        )

        line.additional_properties = d
        return line

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
