from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ApplyIn")


@_attrs_define
class ApplyIn:
    """Body of the `apply` routes of debit and credit notes.

    Example:
        {'amount': 25, 'invoice_id': 1}

    Attributes:
        amount (float): Positive; at most the note's balance and the invoice's balance. Example: 1250.5.
        invoice_id (int): A posted or partially paid invoice of the note's party.
    """

    amount: float
    invoice_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        invoice_id = self.invoice_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "invoice_id": invoice_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        invoice_id = d.pop("invoice_id")

        apply_in = cls(
            amount=amount,
            invoice_id=invoice_id,
        )

        apply_in.additional_properties = d
        return apply_in

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
