from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.proposal import Proposal
    from ..models.sales_invoice import SalesInvoice


T = TypeVar("T", bound="ProposalConversion")


@_attrs_define
class ProposalConversion:
    """What `convert-to-invoice` answers: the draft invoice and the proposal, as they are after it.

    Attributes:
        invoice (SalesInvoice): An invoice to a customer.
        proposal (Proposal): An offer to a customer.
    """

    invoice: SalesInvoice
    proposal: Proposal
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        invoice = self.invoice.to_dict()

        proposal = self.proposal.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "invoice": invoice,
                "proposal": proposal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.proposal import Proposal
        from ..models.sales_invoice import SalesInvoice

        d = dict(src_dict)
        invoice = SalesInvoice.from_dict(d.pop("invoice"))

        proposal = Proposal.from_dict(d.pop("proposal"))

        proposal_conversion = cls(
            invoice=invoice,
            proposal=proposal,
        )

        proposal_conversion.additional_properties = d
        return proposal_conversion

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
