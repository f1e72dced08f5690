from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.deal import Deal
    from ..models.lead import Lead


T = TypeVar("T", bound="LeadConversion")


@_attrs_define
class LeadConversion:
    """The answer to a conversion.

    Attributes:
        deal (Deal): An opportunity moving through a pipeline's deal stages.
        lead (Lead): A prospect moving through a pipeline's lead stages.
    """

    deal: Deal
    lead: Lead
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deal = self.deal.to_dict()

        lead = self.lead.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deal": deal,
                "lead": lead,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deal import Deal
        from ..models.lead import Lead

        d = dict(src_dict)
        deal = Deal.from_dict(d.pop("deal"))

        lead = Lead.from_dict(d.pop("lead"))

        lead_conversion = cls(
            deal=deal,
            lead=lead,
        )

        lead_conversion.additional_properties = d
        return lead_conversion

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
