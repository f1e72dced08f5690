from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OwedCommission")


@_attrs_define
class OwedCommission:
    """A commission owed on one paid invoice (or paid by a payout).

    Attributes:
        commission_amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
            string is accepted too). Example: 1250.5.
        commission_rate (float): A percentage from 0 to 100, rounded to four decimals (a numeric string is accepted
            too). Example: 20.
        customer_id (int):
        invoice_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        invoice_id (int):
        invoice_number (str):
        net_amount (float): The invoice's amount net of tax, which the rate applies to. Example: 1250.5.
    """

    commission_amount: float
    commission_rate: float
    customer_id: int
    invoice_date: datetime.date
    invoice_id: int
    invoice_number: str
    net_amount: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        commission_amount = self.commission_amount

        commission_rate = self.commission_rate

        customer_id = self.customer_id

        invoice_date = self.invoice_date.isoformat()

        invoice_id = self.invoice_id

        invoice_number = self.invoice_number

        net_amount = self.net_amount

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "commission_amount": commission_amount,
                "commission_rate": commission_rate,
                "customer_id": customer_id,
                "invoice_date": invoice_date,
                "invoice_id": invoice_id,
                "invoice_number": invoice_number,
                "net_amount": net_amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        commission_amount = d.pop("commission_amount")

        commission_rate = d.pop("commission_rate")

        customer_id = d.pop("customer_id")

        invoice_date = datetime.date.fromisoformat(d.pop("invoice_date"))

        invoice_id = d.pop("invoice_id")

        invoice_number = d.pop("invoice_number")

        net_amount = d.pop("net_amount")

        owed_commission = cls(
            commission_amount=commission_amount,
            commission_rate=commission_rate,
            customer_id=customer_id,
            invoice_date=invoice_date,
            invoice_id=invoice_id,
            invoice_number=invoice_number,
            net_amount=net_amount,
        )

        owed_commission.additional_properties = d
        return owed_commission

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
