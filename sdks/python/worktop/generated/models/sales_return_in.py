from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.return_line_in import ReturnLineIn


T = TypeVar("T", bound="SalesReturnIn")


@_attrs_define
class SalesReturnIn:
    """Body of the create route.

    Example:
        {'customer_id': 1, 'items': [{'product_id': 1, 'quantity': 1}], 'original_invoice_id': 1, 'reason': 'damaged'}

    Attributes:
        customer_id (int): The invoice's party.
        items (list[ReturnLineIn]): From 1 to 1,000 lines, each product once.
        original_invoice_id (int): A posted (or partially paid, or paid) invoice of the party.
        reason (str): `defective`, `wrong_item`, `damaged`, `excess_quantity` or `other`.
        notes (None | str | Unset):
        return_date (datetime.date | None | Unset): Defaults to today.
        warehouse_id (int | None | Unset): Defaults to the invoice's warehouse.
    """

    customer_id: int
    items: list[ReturnLineIn]
    original_invoice_id: int
    reason: str
    notes: None | str | Unset = UNSET
    return_date: datetime.date | None | Unset = UNSET
    warehouse_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        customer_id = self.customer_id

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        original_invoice_id = self.original_invoice_id

        reason = self.reason

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        return_date: None | str | Unset
        if isinstance(self.return_date, Unset):
            return_date = UNSET
        elif isinstance(self.return_date, datetime.date):
            return_date = self.return_date.isoformat()
        else:
            return_date = self.return_date

        warehouse_id: int | None | Unset
        if isinstance(self.warehouse_id, Unset):
            warehouse_id = UNSET
        else:
            warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "customer_id": customer_id,
                "items": items,
                "original_invoice_id": original_invoice_id,
                "reason": reason,
            }
        )
        if notes is not UNSET:
            field_dict["notes"] = notes
        if return_date is not UNSET:
            field_dict["return_date"] = return_date
        if warehouse_id is not UNSET:
            field_dict["warehouse_id"] = warehouse_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.return_line_in import ReturnLineIn

        d = dict(src_dict)
        customer_id = d.pop("customer_id")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = ReturnLineIn.from_dict(items_item_data)

            items.append(items_item)

        original_invoice_id = d.pop("original_invoice_id")

        reason = d.pop("reason")

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_return_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                return_date_type_0 = datetime.date.fromisoformat(data)

                return return_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        return_date = _parse_return_date(d.pop("return_date", UNSET))

        def _parse_warehouse_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        warehouse_id = _parse_warehouse_id(d.pop("warehouse_id", UNSET))

        sales_return_in = cls(
            customer_id=customer_id,
            items=items,
            original_invoice_id=original_invoice_id,
            reason=reason,
            notes=notes,
            return_date=return_date,
            warehouse_id=warehouse_id,
        )

        sales_return_in.additional_properties = d
        return sales_return_in

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
