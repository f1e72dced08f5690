from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Allocation")


@_attrs_define
class Allocation:
    """One invoice a payment settles, and how much of it.

    Attributes:
        amount (float): Positive. Example: 1250.5.
        invoice_id (int):
        invoice_number (str): The invoice's number when the payment was made.
    """

    amount: float
    invoice_id: int
    invoice_number: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        invoice_id = self.invoice_id

        invoice_number = self.invoice_number

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "invoice_id": invoice_id,
                "invoice_number": invoice_number,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        invoice_id = d.pop("invoice_id")

        invoice_number = d.pop("invoice_number")

        allocation = cls(
            amount=amount,
            invoice_id=invoice_id,
            invoice_number=invoice_number,
        )

        allocation.additional_properties = d
        return allocation

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
