from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StageCount")


@_attrs_define
class StageCount:
    """How many of a project's tasks or bugs sit in one stage.

    Attributes:
        complete (bool): The board's done column.
        count (int):
        name (str):
        stage_id (int):
    """

    complete: bool
    count: int
    name: str
    stage_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        complete = self.complete

        count = self.count

        name = self.name

        stage_id = self.stage_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "complete": complete,
                "count": count,
                "name": name,
                "stage_id": stage_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        complete = d.pop("complete")

        count = d.pop("count")

        name = d.pop("name")

        stage_id = d.pop("stage_id")

        stage_count = cls(
            complete=complete,
            count=count,
            name=name,
            stage_id=stage_id,
        )

        stage_count.additional_properties = d
        return stage_count

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
