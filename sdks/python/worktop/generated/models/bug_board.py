from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bug_column import BugColumn


T = TypeVar("T", bound="BugBoard")


@_attrs_define
class BugBoard:
    """Answer of `GET /api/project/bug/{project_id}`.

    Attributes:
        columns (list[BugColumn]):
        done (int): Of those, the ones in the done column.
        project_id (int):
        total (int): Bugs of the project.
    """

    columns: list[BugColumn]
    done: int
    project_id: int
    total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        columns = []
        for columns_item_data in self.columns:
            columns_item = columns_item_data.to_dict()
            columns.append(columns_item)

        done = self.done

        project_id = self.project_id

        total = self.total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "columns": columns,
                "done": done,
                "project_id": project_id,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bug_column import BugColumn

        d = dict(src_dict)
        columns = []
        _columns = d.pop("columns")
        for columns_item_data in _columns:
            columns_item = BugColumn.from_dict(columns_item_data)

            columns.append(columns_item)

        done = d.pop("done")

        project_id = d.pop("project_id")

        total = d.pop("total")

        bug_board = cls(
            columns=columns,
            done=done,
            project_id=project_id,
            total=total,
        )

        bug_board.additional_properties = d
        return bug_board

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
