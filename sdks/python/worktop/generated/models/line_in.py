from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="LineIn")


@_attrs_define
class LineIn:
    """A line of a create or update body.

    Attributes:
        product_id (int):
        quantity (int): Whole units, from 1 to 1 000 000.
        discount_percentage (float | None | Unset): 0 to 100; defaults to 0. Example: 20.
        tax_ids (list[int] | None | Unset): The taxes charged on the line; defaults to the product's taxes.
        unit_price (float | None | Unset): At least 0; defaults to the product's purchase price (purchases) or sale
            price (sales). Example: 1250.5.
    """

    product_id: int
    quantity: int
    discount_percentage: float | None | Unset = UNSET
    tax_ids: list[int] | None | Unset = UNSET
    unit_price: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        product_id = self.product_id

        quantity = self.quantity

        discount_percentage: float | None | Unset
        if isinstance(self.discount_percentage, Unset):
            discount_percentage = UNSET
        else:
            discount_percentage = self.discount_percentage

        tax_ids: list[int] | None | Unset
        if isinstance(self.tax_ids, Unset):
            tax_ids = UNSET
        elif isinstance(self.tax_ids, list):
            tax_ids = self.tax_ids

        else:
            tax_ids = self.tax_ids

        unit_price: float | None | Unset
        if isinstance(self.unit_price, Unset):
            unit_price = UNSET
        else:
            unit_price = self.unit_price

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "product_id": product_id,
                "quantity": quantity,
            }
        )
        if discount_percentage is not UNSET:
            field_dict["discount_percentage"] = discount_percentage
        if tax_ids is not UNSET:
            field_dict["tax_ids"] = tax_ids
        if unit_price is not UNSET:
            field_dict["unit_price"] = unit_price

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        product_id = d.pop("product_id")

        quantity = d.pop("quantity")

        def _parse_discount_percentage(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        discount_percentage = _parse_discount_percentage(
            d.pop("discount_percentage", UNSET)
        )

        def _parse_tax_ids(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tax_ids_type_0 = cast(list[int], data)

                return tax_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        tax_ids = _parse_tax_ids(d.pop("tax_ids", UNSET))

        def _parse_unit_price(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        unit_price = _parse_unit_price(d.pop("unit_price", UNSET))

        line_in = cls(
            product_id=product_id,
            quantity=quantity,
            discount_percentage=discount_percentage,
            tax_ids=tax_ids,
            unit_price=unit_price,
        )

        line_in.additional_properties = d
        return line_in

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
