from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.commission_payout import CommissionPayout


T = TypeVar("T", bound="CommissionsPaid")


@_attrs_define
class CommissionsPaid:
    """Answer of `POST /api/agents/{agent}/commissions/pay`.

    Attributes:
        outstanding_amount (float): A running total or balance with two decimal places: a sum of amounts, so it may pass
            the bound a single amount has. Example: 1250.5.
        payout (CommissionPayout): A payout of a sales agent's commissions on some paid invoices, from a bank account.
    """

    outstanding_amount: float
    payout: CommissionPayout
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        outstanding_amount = self.outstanding_amount

        payout = self.payout.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "outstanding_amount": outstanding_amount,
                "payout": payout,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.commission_payout import CommissionPayout

        d = dict(src_dict)
        outstanding_amount = d.pop("outstanding_amount")

        payout = CommissionPayout.from_dict(d.pop("payout"))

        commissions_paid = cls(
            outstanding_amount=outstanding_amount,
            payout=payout,
        )

        commissions_paid.additional_properties = d
        return commissions_paid

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
