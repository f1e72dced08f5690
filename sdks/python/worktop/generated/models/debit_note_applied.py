from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.debit_note import DebitNote
    from ..models.purchase_invoice import PurchaseInvoice


T = TypeVar("T", bound="DebitNoteApplied")


@_attrs_define
class DebitNoteApplied:
    """A note applied to an invoice: both as they are after it.

    Attributes:
        debit_note (DebitNote): A vendor's debt back to the workspace, raised by an approved purchase return.
        invoice (PurchaseInvoice): A vendor's bill.
    """

    debit_note: DebitNote
    invoice: PurchaseInvoice
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        debit_note = self.debit_note.to_dict()

        invoice = self.invoice.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "debit_note": debit_note,
                "invoice": invoice,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.debit_note import DebitNote
        from ..models.purchase_invoice import PurchaseInvoice

        d = dict(src_dict)
        debit_note = DebitNote.from_dict(d.pop("debit_note"))

        invoice = PurchaseInvoice.from_dict(d.pop("invoice"))

        debit_note_applied = cls(
            debit_note=debit_note,
            invoice=invoice,
        )

        debit_note_applied.additional_properties = d
        return debit_note_applied

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
