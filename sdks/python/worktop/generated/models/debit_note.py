from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.note_status import NoteStatus
from ..models.return_reason import ReturnReason

T = TypeVar("T", bound="DebitNote")


@_attrs_define
class DebitNote:
    """A vendor's debt back to the workspace, raised by an approved purchase return.

    Attributes:
        applied_amount (float): Taken off the party's invoices so far. Example: 1250.5.
        approved_by (int | None):
        balance_amount (float): `total_amount − applied_amount`. Example: 1250.5.
        created_at (str): RFC 3339, UTC.
        debit_note_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        debit_note_number (str): From its series, given in the transaction that approves the return: one unbroken
            sequence per workspace.
        discount_amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
            string is accepted too). Example: 1250.5.
        id (int): Unique per workspace and resource.
        invoice_id (int):
        reason (ReturnReason): Why goods go back.
        return_id (int):
        status (NoteStatus): Where a debit or credit note stands: `partial` once some of it is applied, `applied` once
            all is.
        subtotal (float): Before discounts and taxes. Example: 1250.5.
        tax_amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string
            is accepted too). Example: 1250.5.
        total_amount (float): `subtotal − discount_amount + tax_amount`. Example: 1250.5.
        updated_at (str): RFC 3339, UTC.
        vendor_id (int):
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    applied_amount: float
    approved_by: int | None
    balance_amount: float
    created_at: str
    debit_note_date: datetime.date
    debit_note_number: str
    discount_amount: float
    id: int
    invoice_id: int
    reason: ReturnReason
    return_id: int
    status: NoteStatus
    subtotal: float
    tax_amount: float
    total_amount: float
    updated_at: str
    vendor_id: int
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        applied_amount = self.applied_amount

        approved_by: int | None
        approved_by = self.approved_by

        balance_amount = self.balance_amount

        created_at = self.created_at

        debit_note_date = self.debit_note_date.isoformat()

        debit_note_number = self.debit_note_number

        discount_amount = self.discount_amount

        id = self.id

        invoice_id = self.invoice_id

        reason = self.reason.value

        return_id = self.return_id

        status = self.status.value

        subtotal = self.subtotal

        tax_amount = self.tax_amount

        total_amount = self.total_amount

        updated_at = self.updated_at

        vendor_id = self.vendor_id

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "applied_amount": applied_amount,
                "approved_by": approved_by,
                "balance_amount": balance_amount,
                "created_at": created_at,
                "debit_note_date": debit_note_date,
                "debit_note_number": debit_note_number,
                "discount_amount": discount_amount,
                "id": id,
                "invoice_id": invoice_id,
                "reason": reason,
                "return_id": return_id,
                "status": status,
                "subtotal": subtotal,
                "tax_amount": tax_amount,
                "total_amount": total_amount,
                "updated_at": updated_at,
                "vendor_id": vendor_id,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        applied_amount = d.pop("applied_amount")

        def _parse_approved_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        approved_by = _parse_approved_by(d.pop("approved_by"))

        balance_amount = d.pop("balance_amount")

        created_at = d.pop("created_at")

        debit_note_date = datetime.date.fromisoformat(d.pop("debit_note_date"))

        debit_note_number = d.pop("debit_note_number")

        discount_amount = d.pop("discount_amount")

        id = d.pop("id")

        invoice_id = d.pop("invoice_id")

        reason = ReturnReason(d.pop("reason"))

        return_id = d.pop("return_id")

        status = NoteStatus(d.pop("status"))

        subtotal = d.pop("subtotal")

        tax_amount = d.pop("tax_amount")

        total_amount = d.pop("total_amount")

        updated_at = d.pop("updated_at")

        vendor_id = d.pop("vendor_id")

        version = d.pop("version")

        debit_note = cls(
            applied_amount=applied_amount,
            approved_by=approved_by,
            balance_amount=balance_amount,
            created_at=created_at,
            debit_note_date=debit_note_date,
            debit_note_number=debit_note_number,
            discount_amount=discount_amount,
            id=id,
            invoice_id=invoice_id,
            reason=reason,
            return_id=return_id,
            status=status,
            subtotal=subtotal,
            tax_amount=tax_amount,
            total_amount=total_amount,
            updated_at=updated_at,
            vendor_id=vendor_id,
            version=version,
        )

        debit_note.additional_properties = d
        return debit_note

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
