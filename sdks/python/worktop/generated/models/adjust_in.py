from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AdjustIn")


@_attrs_define
class AdjustIn:
    """Body of `POST /api/product-stock/add`.

    Example:
        {'note': 'Delivery', 'product_id': 1, 'quantity': 25, 'warehouse_id': 1}

    Attributes:
        product_id (int):
        quantity (int): Units to add; negative removes. Not 0.
        warehouse_id (int):
        note (None | str | Unset):
    """

    product_id: int
    quantity: int
    warehouse_id: int
    note: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        product_id = self.product_id

        quantity = self.quantity

        warehouse_id = self.warehouse_id

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "product_id": product_id,
                "quantity": quantity,
                "warehouse_id": warehouse_id,
            }
        )
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        product_id = d.pop("product_id")

        quantity = d.pop("quantity")

        warehouse_id = d.pop("warehouse_id")

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        adjust_in = cls(
            product_id=product_id,
            quantity=quantity,
            warehouse_id=warehouse_id,
            note=note,
        )

        adjust_in.additional_properties = d
        return adjust_in

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
