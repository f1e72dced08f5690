from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.form_option import FormOption


T = TypeVar("T", bound="TransferRequestData")


@_attrs_define
class TransferRequestData:
    """`GET /api/transfer/request-data`: what the transfer form offers.

    Attributes:
        products (list[FormOption]): Active products (not services) by name (the first 100).
        warehouses (list[FormOption]): Active warehouses by name (the first 100).
    """

    products: list[FormOption]
    warehouses: list[FormOption]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        products = []
        for products_item_data in self.products:
            products_item = products_item_data.to_dict()
            products.append(products_item)

        warehouses = []
        for warehouses_item_data in self.warehouses:
            warehouses_item = warehouses_item_data.to_dict()
            warehouses.append(warehouses_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "products": products,
                "warehouses": warehouses,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.form_option import FormOption

        d = dict(src_dict)
        products = []
        _products = d.pop("products")
        for products_item_data in _products:
            products_item = FormOption.from_dict(products_item_data)

            products.append(products_item)

        warehouses = []
        _warehouses = d.pop("warehouses")
        for warehouses_item_data in _warehouses:
            warehouses_item = FormOption.from_dict(warehouses_item_data)

            warehouses.append(warehouses_item)

        transfer_request_data = cls(
            products=products,
            warehouses=warehouses,
        )

        transfer_request_data.additional_properties = d
        return transfer_request_data

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
