from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.project import Project
    from ..models.project_file_out import ProjectFileOut
    from ..models.task_board import TaskBoard


T = TypeVar("T", bound="LiteProjectDetails")


@_attrs_define
class LiteProjectDetails:
    """A project with its task board and files.

    Attributes:
        files (list[ProjectFileOut]):
        project (Project): A project.
        task_board (TaskBoard): Answer of `GET /api/project/{id}/task-board`.
    """

    files: list[ProjectFileOut]
    project: Project
    task_board: TaskBoard
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        files = []
        for files_item_data in self.files:
            files_item = files_item_data.to_dict()
            files.append(files_item)

        project = self.project.to_dict()

        task_board = self.task_board.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "files": files,
                "project": project,
                "task_board": task_board,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project import Project
        from ..models.project_file_out import ProjectFileOut
        from ..models.task_board import TaskBoard

        d = dict(src_dict)
        files = []
        _files = d.pop("files")
        for files_item_data in _files:
            files_item = ProjectFileOut.from_dict(files_item_data)

            files.append(files_item)

        project = Project.from_dict(d.pop("project"))

        task_board = TaskBoard.from_dict(d.pop("task_board"))

        lite_project_details = cls(
            files=files,
            project=project,
            task_board=task_board,
        )

        lite_project_details.additional_properties = d
        return lite_project_details

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
