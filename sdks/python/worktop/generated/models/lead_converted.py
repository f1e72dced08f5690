from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.lead import Lead


T = TypeVar("T", bound="LeadConverted")


@_attrs_define
class LeadConverted:
    """The data of `lead.converted`: the lead as it is now (naming its deal),
    and the deal it became.

        Attributes:
            deal_id (int):
            lead (Lead): A prospect moving through a pipeline's lead stages.
    """

    deal_id: int
    lead: Lead
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deal_id = self.deal_id

        lead = self.lead.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deal_id": deal_id,
                "lead": lead,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.lead import Lead

        d = dict(src_dict)
        deal_id = d.pop("deal_id")

        lead = Lead.from_dict(d.pop("lead"))

        lead_converted = cls(
            deal_id=deal_id,
            lead=lead,
        )

        lead_converted.additional_properties = d
        return lead_converted

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
