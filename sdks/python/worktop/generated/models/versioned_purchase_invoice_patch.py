from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.line_in import LineIn


T = TypeVar("T", bound="VersionedPurchaseInvoicePatch")


@_attrs_define
class VersionedPurchaseInvoicePatch:
    """An update body with the optional `version` every update accepts beside its own fields. An
    extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

        Attributes:
            due_date (datetime.date | Unset):
            invoice_date (datetime.date | Unset):
            items (list[LineIn] | Unset): Replaces every line: from 1 to 1,000.
            notes (None | str | Unset):
            payment_terms (None | str | Unset):
            vendor_id (int | Unset):
            version (int | None | Unset): The version the change is based on; a stale one is 409 `version_conflict`.
            warehouse_id (int | None | Unset): `null` leaves the draft without one (refused while a line is a product).
    """

    due_date: datetime.date | Unset = UNSET
    invoice_date: datetime.date | Unset = UNSET
    items: list[LineIn] | Unset = UNSET
    notes: None | str | Unset = UNSET
    payment_terms: None | str | Unset = UNSET
    vendor_id: int | Unset = UNSET
    version: int | None | Unset = UNSET
    warehouse_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        due_date: str | Unset = UNSET
        if not isinstance(self.due_date, Unset):
            due_date = self.due_date.isoformat()

        invoice_date: str | Unset = UNSET
        if not isinstance(self.invoice_date, Unset):
            invoice_date = self.invoice_date.isoformat()

        items: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.items, Unset):
            items = []
            for items_item_data in self.items:
                items_item = items_item_data.to_dict()
                items.append(items_item)

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        payment_terms: None | str | Unset
        if isinstance(self.payment_terms, Unset):
            payment_terms = UNSET
        else:
            payment_terms = self.payment_terms

        vendor_id = self.vendor_id

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        warehouse_id: int | None | Unset
        if isinstance(self.warehouse_id, Unset):
            warehouse_id = UNSET
        else:
            warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if due_date is not UNSET:
            field_dict["due_date"] = due_date
        if invoice_date is not UNSET:
            field_dict["invoice_date"] = invoice_date
        if items is not UNSET:
            field_dict["items"] = items
        if notes is not UNSET:
            field_dict["notes"] = notes
        if payment_terms is not UNSET:
            field_dict["payment_terms"] = payment_terms
        if vendor_id is not UNSET:
            field_dict["vendor_id"] = vendor_id
        if version is not UNSET:
            field_dict["version"] = version
        if warehouse_id is not UNSET:
            field_dict["warehouse_id"] = warehouse_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.line_in import LineIn

        d = dict(src_dict)
        _due_date = d.pop("due_date", UNSET)
        due_date: datetime.date | Unset
        if isinstance(_due_date, Unset):
            due_date = UNSET
        else:
            due_date = datetime.date.fromisoformat(_due_date)

        _invoice_date = d.pop("invoice_date", UNSET)
        invoice_date: datetime.date | Unset
        if isinstance(_invoice_date, Unset):
            invoice_date = UNSET
        else:
            invoice_date = datetime.date.fromisoformat(_invoice_date)

        _items = d.pop("items", UNSET)
        items: list[LineIn] | Unset = UNSET
        if _items is not UNSET:
            items = []
            for items_item_data in _items:
                items_item = LineIn.from_dict(items_item_data)

                items.append(items_item)

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_payment_terms(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payment_terms = _parse_payment_terms(d.pop("payment_terms", UNSET))

        vendor_id = d.pop("vendor_id", UNSET)

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        def _parse_warehouse_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        warehouse_id = _parse_warehouse_id(d.pop("warehouse_id", UNSET))

        versioned_purchase_invoice_patch = cls(
            due_date=due_date,
            invoice_date=invoice_date,
            items=items,
            notes=notes,
            payment_terms=payment_terms,
            vendor_id=vendor_id,
            version=version,
            warehouse_id=warehouse_id,
        )

        versioned_purchase_invoice_patch.additional_properties = d
        return versioned_purchase_invoice_patch

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
