from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.pipeline import Pipeline
    from ..models.stage import Stage


T = TypeVar("T", bound="PipelineStages")


@_attrs_define
class PipelineStages:
    """Answer of `POST /api/lead/lead-stages`.

    Attributes:
        deal_stages (list[Stage]):
        lead_stages (list[Stage]):
        pipeline (Pipeline): A sales pipeline: leads and deals each move through its stages.
    """

    deal_stages: list[Stage]
    lead_stages: list[Stage]
    pipeline: Pipeline
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deal_stages = []
        for deal_stages_item_data in self.deal_stages:
            deal_stages_item = deal_stages_item_data.to_dict()
            deal_stages.append(deal_stages_item)

        lead_stages = []
        for lead_stages_item_data in self.lead_stages:
            lead_stages_item = lead_stages_item_data.to_dict()
            lead_stages.append(lead_stages_item)

        pipeline = self.pipeline.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deal_stages": deal_stages,
                "lead_stages": lead_stages,
                "pipeline": pipeline,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.pipeline import Pipeline
        from ..models.stage import Stage

        d = dict(src_dict)
        deal_stages = []
        _deal_stages = d.pop("deal_stages")
        for deal_stages_item_data in _deal_stages:
            deal_stages_item = Stage.from_dict(deal_stages_item_data)

            deal_stages.append(deal_stages_item)

        lead_stages = []
        _lead_stages = d.pop("lead_stages")
        for lead_stages_item_data in _lead_stages:
            lead_stages_item = Stage.from_dict(lead_stages_item_data)

            lead_stages.append(lead_stages_item)

        pipeline = Pipeline.from_dict(d.pop("pipeline"))

        pipeline_stages = cls(
            deal_stages=deal_stages,
            lead_stages=lead_stages,
            pipeline=pipeline,
        )

        pipeline_stages.additional_properties = d
        return pipeline_stages

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
