from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.lead import Lead


T = TypeVar("T", bound="LeadStageChanged")


@_attrs_define
class LeadStageChanged:
    """The data of `lead.stage_changed`: the lead as it is now, and the
    stages it moved between.

        Attributes:
            from_stage_id (int):
            lead (Lead): A prospect moving through a pipeline's lead stages.
            to_stage_id (int):
    """

    from_stage_id: int
    lead: Lead
    to_stage_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from_stage_id = self.from_stage_id

        lead = self.lead.to_dict()

        to_stage_id = self.to_stage_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "from_stage_id": from_stage_id,
                "lead": lead,
                "to_stage_id": to_stage_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.lead import Lead

        d = dict(src_dict)
        from_stage_id = d.pop("from_stage_id")

        lead = Lead.from_dict(d.pop("lead"))

        to_stage_id = d.pop("to_stage_id")

        lead_stage_changed = cls(
            from_stage_id=from_stage_id,
            lead=lead,
            to_stage_id=to_stage_id,
        )

        lead_stage_changed.additional_properties = d
        return lead_stage_changed

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
