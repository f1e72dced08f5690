from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.lead_board_column import LeadBoardColumn
    from ..models.pipeline import Pipeline


T = TypeVar("T", bound="Leadboard")


@_attrs_define
class Leadboard:
    """Answer of `POST /api/lead/leadboard`.

    Attributes:
        pipeline (Pipeline): A sales pipeline: leads and deals each move through its stages.
        stages (list[LeadBoardColumn]):
    """

    pipeline: Pipeline
    stages: list[LeadBoardColumn]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        pipeline = self.pipeline.to_dict()

        stages = []
        for stages_item_data in self.stages:
            stages_item = stages_item_data.to_dict()
            stages.append(stages_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "pipeline": pipeline,
                "stages": stages,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.lead_board_column import LeadBoardColumn
        from ..models.pipeline import Pipeline

        d = dict(src_dict)
        pipeline = Pipeline.from_dict(d.pop("pipeline"))

        stages = []
        _stages = d.pop("stages")
        for stages_item_data in _stages:
            stages_item = LeadBoardColumn.from_dict(stages_item_data)

            stages.append(stages_item)

        leadboard = cls(
            pipeline=pipeline,
            stages=stages,
        )

        leadboard.additional_properties = d
        return leadboard

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
