from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bug import Bug
    from ..models.project_stage import ProjectStage


T = TypeVar("T", bound="BugColumn")


@_attrs_define
class BugColumn:
    """One column of a bug board.

    Attributes:
        bugs (list[Bug]): The first 50 of them, oldest first.
        count (int): All the project's bugs in the stage.
        stage (ProjectStage): A column of the task or bug board.
    """

    bugs: list[Bug]
    count: int
    stage: ProjectStage
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bugs = []
        for bugs_item_data in self.bugs:
            bugs_item = bugs_item_data.to_dict()
            bugs.append(bugs_item)

        count = self.count

        stage = self.stage.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bugs": bugs,
                "count": count,
                "stage": stage,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bug import Bug
        from ..models.project_stage import ProjectStage

        d = dict(src_dict)
        bugs = []
        _bugs = d.pop("bugs")
        for bugs_item_data in _bugs:
            bugs_item = Bug.from_dict(bugs_item_data)

            bugs.append(bugs_item)

        count = d.pop("count")

        stage = ProjectStage.from_dict(d.pop("stage"))

        bug_column = cls(
            bugs=bugs,
            count=count,
            stage=stage,
        )

        bug_column.additional_properties = d
        return bug_column

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
