from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invoice_status_type_0 import InvoiceStatusType0
from ..models.invoice_status_type_1 import InvoiceStatusType1

if TYPE_CHECKING:
    from ..models.line import Line


T = TypeVar("T", bound="PurchaseInvoice")


@_attrs_define
class PurchaseInvoice:
    """A vendor's bill.

    Attributes:
        balance_amount (float): `total_amount − paid_amount − debit_note_applied`. Example: 1250.5.
        created_at (str): RFC 3339, UTC.
        debit_note_applied (float): Taken off by debit notes applied to it. Example: 1250.5.
        discount_amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
            string is accepted too). Example: 1250.5.
        due_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        id (int): Unique per workspace and resource.
        invoice_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        invoice_number (None | str): Given when it is posted, from the workspace's `purchase_invoice` number series
            (`PINV-000001`):
            one unbroken sequence of posted invoices. A draft has none, so a deleted draft leaves no gap.
        items (list[Line]):
        journal_entry_id (int | None):
        notes (None | str):
        paid_amount (float): Paid to the vendor. Example: 1250.5.
        payment_terms (None | str):
        posted_at (None | str):
        status (InvoiceStatusType0 | InvoiceStatusType1): Where a sales or purchase invoice stands.
        subtotal (float): Before discounts and taxes. Example: 1250.5.
        tax_amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string
            is accepted too). Example: 1250.5.
        total_amount (float): `subtotal − discount_amount + tax_amount`. Example: 1250.5.
        updated_at (str): RFC 3339, UTC.
        vendor_id (int):
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
        warehouse_id (int | None): Where its products are received; required when a line is a product.
    """

    balance_amount: float
    created_at: str
    debit_note_applied: float
    discount_amount: float
    due_date: datetime.date
    id: int
    invoice_date: datetime.date
    invoice_number: None | str
    items: list[Line]
    journal_entry_id: int | None
    notes: None | str
    paid_amount: float
    payment_terms: None | str
    posted_at: None | str
    status: InvoiceStatusType0 | InvoiceStatusType1
    subtotal: float
    tax_amount: float
    total_amount: float
    updated_at: str
    vendor_id: int
    version: int
    warehouse_id: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        balance_amount = self.balance_amount

        created_at = self.created_at

        debit_note_applied = self.debit_note_applied

        discount_amount = self.discount_amount

        due_date = self.due_date.isoformat()

        id = self.id

        invoice_date = self.invoice_date.isoformat()

        invoice_number: None | str
        invoice_number = self.invoice_number

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        journal_entry_id: int | None
        journal_entry_id = self.journal_entry_id

        notes: None | str
        notes = self.notes

        paid_amount = self.paid_amount

        payment_terms: None | str
        payment_terms = self.payment_terms

        posted_at: None | str
        posted_at = self.posted_at

        status: str
        if isinstance(self.status, InvoiceStatusType0):
            status = self.status.value
        else:
            status = self.status.value

        subtotal = self.subtotal

        tax_amount = self.tax_amount

        total_amount = self.total_amount

        updated_at = self.updated_at

        vendor_id = self.vendor_id

        version = self.version

        warehouse_id: int | None
        warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "balance_amount": balance_amount,
                "created_at": created_at,
                "debit_note_applied": debit_note_applied,
                "discount_amount": discount_amount,
                "due_date": due_date,
                "id": id,
                "invoice_date": invoice_date,
                "invoice_number": invoice_number,
                "items": items,
                "journal_entry_id": journal_entry_id,
                "notes": notes,
                "paid_amount": paid_amount,
                "payment_terms": payment_terms,
                "posted_at": posted_at,
                "status": status,
                "subtotal": subtotal,
                "tax_amount": tax_amount,
                "total_amount": total_amount,
                "updated_at": updated_at,
                "vendor_id": vendor_id,
                "version": version,
                "warehouse_id": warehouse_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.line import Line

        d = dict(src_dict)
        balance_amount = d.pop("balance_amount")

        created_at = d.pop("created_at")

        debit_note_applied = d.pop("debit_note_applied")

        discount_amount = d.pop("discount_amount")

        due_date = datetime.date.fromisoformat(d.pop("due_date"))

        id = d.pop("id")

        invoice_date = datetime.date.fromisoformat(d.pop("invoice_date"))

        def _parse_invoice_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        invoice_number = _parse_invoice_number(d.pop("invoice_number"))

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = Line.from_dict(items_item_data)

            items.append(items_item)

        def _parse_journal_entry_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        journal_entry_id = _parse_journal_entry_id(d.pop("journal_entry_id"))

        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))

        paid_amount = d.pop("paid_amount")

        def _parse_payment_terms(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        payment_terms = _parse_payment_terms(d.pop("payment_terms"))

        def _parse_posted_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        posted_at = _parse_posted_at(d.pop("posted_at"))

        def _parse_status(data: object) -> InvoiceStatusType0 | InvoiceStatusType1:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_invoice_status_type_0 = InvoiceStatusType0(data)

                return componentsschemas_invoice_status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            componentsschemas_invoice_status_type_1 = InvoiceStatusType1(data)

            return componentsschemas_invoice_status_type_1

        status = _parse_status(d.pop("status"))

        subtotal = d.pop("subtotal")

        tax_amount = d.pop("tax_amount")

        total_amount = d.pop("total_amount")

        updated_at = d.pop("updated_at")

        vendor_id = d.pop("vendor_id")

        version = d.pop("version")

        def _parse_warehouse_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        warehouse_id = _parse_warehouse_id(d.pop("warehouse_id"))

        purchase_invoice = cls(
            balance_amount=balance_amount,
            created_at=created_at,
            debit_note_applied=debit_note_applied,
            discount_amount=discount_amount,
            due_date=due_date,
            id=id,
            invoice_date=invoice_date,
            invoice_number=invoice_number,
            items=items,
            journal_entry_id=journal_entry_id,
            notes=notes,
            paid_amount=paid_amount,
            payment_terms=payment_terms,
            posted_at=posted_at,
            status=status,
            subtotal=subtotal,
            tax_amount=tax_amount,
            total_amount=total_amount,
            updated_at=updated_at,
            vendor_id=vendor_id,
            version=version,
            warehouse_id=warehouse_id,
        )

        purchase_invoice.additional_properties = d
        return purchase_invoice

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
