from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.return_reason import ReturnReason
from ..models.return_status import ReturnStatus

if TYPE_CHECKING:
    from ..models.line import Line


T = TypeVar("T", bound="SalesReturn")


@_attrs_define
class SalesReturn:
    """Goods a customer sends back.

    Attributes:
        approved_at (None | str):
        approved_by (int | None):
        completed_at (None | str):
        created_at (str): RFC 3339, UTC.
        credit_note_id (int | None): The note its approval raised.
        customer_id (int):
        discount_amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
            string is accepted too). Example: 1250.5.
        id (int): Unique per workspace and resource.
        items (list[Line]):
        journal_entry_id (int | None):
        notes (None | str):
        original_invoice_id (int): The posted invoice the goods came with.
        reason (ReturnReason): Why goods go back.
        return_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        return_number (str): `PRET-000001` / `SRET-000001`: sequential per workspace and kind.
        status (ReturnStatus): Where a return stands: `draft` (nothing has moved; only a draft is deleted) → `approved`
            (the note, the stock and the journal entry moved, all at approval) → `completed` (closed;
            nothing more moves). A `draft` or `approved` return can be `cancelled`: an approved one's
            note, stock and entry are undone then, while nothing of its note is applied.
        subtotal (float): Before discounts and taxes. Example: 1250.5.
        tax_amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string
            is accepted too). Example: 1250.5.
        total_amount (float): `subtotal − discount_amount + tax_amount`. Example: 1250.5.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
        warehouse_id (int | None): Where the goods leave from (a purchase return) or come back to (a sales return).
    """

    approved_at: None | str
    approved_by: int | None
    completed_at: None | str
    created_at: str
    credit_note_id: int | None
    customer_id: int
    discount_amount: float
    id: int
    items: list[Line]
    journal_entry_id: int | None
    notes: None | str
    original_invoice_id: int
    reason: ReturnReason
    return_date: datetime.date
    return_number: str
    status: ReturnStatus
    subtotal: float
    tax_amount: float
    total_amount: float
    updated_at: str
    version: int
    warehouse_id: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        approved_at: None | str
        approved_at = self.approved_at

        approved_by: int | None
        approved_by = self.approved_by

        completed_at: None | str
        completed_at = self.completed_at

        created_at = self.created_at

        credit_note_id: int | None
        credit_note_id = self.credit_note_id

        customer_id = self.customer_id

        discount_amount = self.discount_amount

        id = self.id

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        journal_entry_id: int | None
        journal_entry_id = self.journal_entry_id

        notes: None | str
        notes = self.notes

        original_invoice_id = self.original_invoice_id

        reason = self.reason.value

        return_date = self.return_date.isoformat()

        return_number = self.return_number

        status = self.status.value

        subtotal = self.subtotal

        tax_amount = self.tax_amount

        total_amount = self.total_amount

        updated_at = self.updated_at

        version = self.version

        warehouse_id: int | None
        warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "approved_at": approved_at,
                "approved_by": approved_by,
                "completed_at": completed_at,
                "created_at": created_at,
                "credit_note_id": credit_note_id,
                "customer_id": customer_id,
                "discount_amount": discount_amount,
                "id": id,
                "items": items,
                "journal_entry_id": journal_entry_id,
                "notes": notes,
                "original_invoice_id": original_invoice_id,
                "reason": reason,
                "return_date": return_date,
                "return_number": return_number,
                "status": status,
                "subtotal": subtotal,
                "tax_amount": tax_amount,
                "total_amount": total_amount,
                "updated_at": updated_at,
                "version": version,
                "warehouse_id": warehouse_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.line import Line

        d = dict(src_dict)

        def _parse_approved_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        approved_at = _parse_approved_at(d.pop("approved_at"))

        def _parse_approved_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        approved_by = _parse_approved_by(d.pop("approved_by"))

        def _parse_completed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        completed_at = _parse_completed_at(d.pop("completed_at"))

        created_at = d.pop("created_at")

        def _parse_credit_note_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        credit_note_id = _parse_credit_note_id(d.pop("credit_note_id"))

        customer_id = d.pop("customer_id")

        discount_amount = d.pop("discount_amount")

        id = d.pop("id")

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

        original_invoice_id = d.pop("original_invoice_id")

        reason = ReturnReason(d.pop("reason"))

        return_date = datetime.date.fromisoformat(d.pop("return_date"))

        return_number = d.pop("return_number")

        status = ReturnStatus(d.pop("status"))

        subtotal = d.pop("subtotal")

        tax_amount = d.pop("tax_amount")

        total_amount = d.pop("total_amount")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        def _parse_warehouse_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        warehouse_id = _parse_warehouse_id(d.pop("warehouse_id"))

        sales_return = cls(
            approved_at=approved_at,
            approved_by=approved_by,
            completed_at=completed_at,
            created_at=created_at,
            credit_note_id=credit_note_id,
            customer_id=customer_id,
            discount_amount=discount_amount,
            id=id,
            items=items,
            journal_entry_id=journal_entry_id,
            notes=notes,
            original_invoice_id=original_invoice_id,
            reason=reason,
            return_date=return_date,
            return_number=return_number,
            status=status,
            subtotal=subtotal,
            tax_amount=tax_amount,
            total_amount=total_amount,
            updated_at=updated_at,
            version=version,
            warehouse_id=warehouse_id,
        )

        sales_return.additional_properties = d
        return sales_return

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
