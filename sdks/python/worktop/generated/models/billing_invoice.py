from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BillingInvoice")


@_attrs_define
class BillingInvoice:
    """One invoice, as the payment provider issued it.

    Attributes:
        amount_due (int): In the currency's minor unit (cents).
        amount_paid (int):
        created_at (str):
        currency (str): ISO 4217, lower case as the provider writes it.
        hosted_invoice_url (None | str): The provider's page of the invoice, to view and pay it.
        id (str): The provider's id (`in_...`).
        number (None | str):
        status (None | str): `draft`, `open`, `paid`, `uncollectible` or `void`.
    """

    amount_due: int
    amount_paid: int
    created_at: str
    currency: str
    hosted_invoice_url: None | str
    id: str
    number: None | str
    status: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount_due = self.amount_due

        amount_paid = self.amount_paid

        created_at = self.created_at

        currency = self.currency

        hosted_invoice_url: None | str
        hosted_invoice_url = self.hosted_invoice_url

        id = self.id

        number: None | str
        number = self.number

        status: None | str
        status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount_due": amount_due,
                "amount_paid": amount_paid,
                "created_at": created_at,
                "currency": currency,
                "hosted_invoice_url": hosted_invoice_url,
                "id": id,
                "number": number,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount_due = d.pop("amount_due")

        amount_paid = d.pop("amount_paid")

        created_at = d.pop("created_at")

        currency = d.pop("currency")

        def _parse_hosted_invoice_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        hosted_invoice_url = _parse_hosted_invoice_url(d.pop("hosted_invoice_url"))

        id = d.pop("id")

        def _parse_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        number = _parse_number(d.pop("number"))

        def _parse_status(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        status = _parse_status(d.pop("status"))

        billing_invoice = cls(
            amount_due=amount_due,
            amount_paid=amount_paid,
            created_at=created_at,
            currency=currency,
            hosted_invoice_url=hosted_invoice_url,
            id=id,
            number=number,
            status=status,
        )

        billing_invoice.additional_properties = d
        return billing_invoice

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
