from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.project_stage import ProjectStage
    from ..models.task import Task


T = TypeVar("T", bound="TaskBoardColumn")


@_attrs_define
class TaskBoardColumn:
    """One column of a task board.

    Attributes:
        count (int): All the project's tasks in the stage.
        stage (ProjectStage): A column of the task or bug board.
        tasks (list[Task]): The first 50 of them, oldest first.
    """

    count: int
    stage: ProjectStage
    tasks: list[Task]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        stage = self.stage.to_dict()

        tasks = []
        for tasks_item_data in self.tasks:
            tasks_item = tasks_item_data.to_dict()
            tasks.append(tasks_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "stage": stage,
                "tasks": tasks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project_stage import ProjectStage
        from ..models.task import Task

        d = dict(src_dict)
        count = d.pop("count")

        stage = ProjectStage.from_dict(d.pop("stage"))

        tasks = []
        _tasks = d.pop("tasks")
        for tasks_item_data in _tasks:
            tasks_item = Task.from_dict(tasks_item_data)

            tasks.append(tasks_item)

        task_board_column = cls(
            count=count,
            stage=stage,
            tasks=tasks,
        )

        task_board_column.additional_properties = d
        return task_board_column

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
