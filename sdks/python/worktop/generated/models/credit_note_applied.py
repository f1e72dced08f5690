from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.credit_note import CreditNote
    from ..models.sales_invoice import SalesInvoice


T = TypeVar("T", bound="CreditNoteApplied")


@_attrs_define
class CreditNoteApplied:
    """A note applied to an invoice: both as they are after it.

    Attributes:
        credit_note (CreditNote): The workspace's debt to a customer, raised by an approved sales return.
        invoice (SalesInvoice): An invoice to a customer.
    """

    credit_note: CreditNote
    invoice: SalesInvoice
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        credit_note = self.credit_note.to_dict()

        invoice = self.invoice.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "credit_note": credit_note,
                "invoice": invoice,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.credit_note import CreditNote
        from ..models.sales_invoice import SalesInvoice

        d = dict(src_dict)
        credit_note = CreditNote.from_dict(d.pop("credit_note"))

        invoice = SalesInvoice.from_dict(d.pop("invoice"))

        credit_note_applied = cls(
            credit_note=credit_note,
            invoice=invoice,
        )

        credit_note_applied.additional_properties = d
        return credit_note_applied

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
