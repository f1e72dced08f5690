from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.stage_count import StageCount


T = TypeVar("T", bound="BoardFigures")


@_attrs_define
class BoardFigures:
    """A board's figures for one project.

    Attributes:
        by_stage (list[StageCount]):
        done (int): In the done column.
        total (int):
    """

    by_stage: list[StageCount]
    done: int
    total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        by_stage = []
        for by_stage_item_data in self.by_stage:
            by_stage_item = by_stage_item_data.to_dict()
            by_stage.append(by_stage_item)

        done = self.done

        total = self.total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "by_stage": by_stage,
                "done": done,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.stage_count import StageCount

        d = dict(src_dict)
        by_stage = []
        _by_stage = d.pop("by_stage")
        for by_stage_item_data in _by_stage:
            by_stage_item = StageCount.from_dict(by_stage_item_data)

            by_stage.append(by_stage_item)

        done = d.pop("done")

        total = d.pop("total")

        board_figures = cls(
            by_stage=by_stage,
            done=done,
            total=total,
        )

        board_figures.additional_properties = d
        return board_figures

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
