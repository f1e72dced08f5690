from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.product_type import ProductType

if TYPE_CHECKING:
    from ..models.tax_brief import TaxBrief


T = TypeVar("T", bound="ProductItem")


@_attrs_define
class ProductItem:
    """One row of `GET /api/product-service/items`.

    Attributes:
        id (int):
        name (str):
        sale_price (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string
            is accepted too). Example: 1250.5.
        sku (str):
        stock (int): Units in stock over every warehouse (0 for a service).
        taxes (list[TaxBrief]):
        type_ (ProductType): A product keeps stock; a service does not.
    """

    id: int
    name: str
    sale_price: float
    sku: str
    stock: int
    taxes: list[TaxBrief]
    type_: ProductType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        sale_price = self.sale_price

        sku = self.sku

        stock = self.stock

        taxes = []
        for taxes_item_data in self.taxes:
            taxes_item = taxes_item_data.to_dict()
            taxes.append(taxes_item)

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "sale_price": sale_price,
                "sku": sku,
                "stock": stock,
                "taxes": taxes,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tax_brief import TaxBrief

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        sale_price = d.pop("sale_price")

        sku = d.pop("sku")

        stock = d.pop("stock")

        taxes = []
        _taxes = d.pop("taxes")
        for taxes_item_data in _taxes:
            taxes_item = TaxBrief.from_dict(taxes_item_data)

            taxes.append(taxes_item)

        type_ = ProductType(d.pop("type"))

        product_item = cls(
            id=id,
            name=name,
            sale_price=sale_price,
            sku=sku,
            stock=stock,
            taxes=taxes,
            type_=type_,
        )

        product_item.additional_properties = d
        return product_item

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
