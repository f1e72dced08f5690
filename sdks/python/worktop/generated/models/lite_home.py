from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.project import Project
    from ..models.tracker import Tracker


T = TypeVar("T", bound="LiteHome")


@_attrs_define
class LiteHome:
    """The workspace at a glance.

    Attributes:
        bugs (int):
        finished (int):
        my_tasks (int): Tasks assigned to the caller.
        on_hold (int):
        ongoing (int):
        projects (int):
        recent_projects (list[Project]): The five newest projects.
        running (None | Tracker): The caller's running timer.
        tasks (int):
    """

    bugs: int
    finished: int
    my_tasks: int
    on_hold: int
    ongoing: int
    projects: int
    recent_projects: list[Project]
    running: None | Tracker
    tasks: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.tracker import Tracker

        bugs = self.bugs

        finished = self.finished

        my_tasks = self.my_tasks

        on_hold = self.on_hold

        ongoing = self.ongoing

        projects = self.projects

        recent_projects = []
        for recent_projects_item_data in self.recent_projects:
            recent_projects_item = recent_projects_item_data.to_dict()
            recent_projects.append(recent_projects_item)

        running: dict[str, Any] | None
        if isinstance(self.running, Tracker):
            running = self.running.to_dict()
        else:
            running = self.running

        tasks = self.tasks

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bugs": bugs,
                "finished": finished,
                "my_tasks": my_tasks,
                "on_hold": on_hold,
                "ongoing": ongoing,
                "projects": projects,
                "recent_projects": recent_projects,
                "running": running,
                "tasks": tasks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project import Project
        from ..models.tracker import Tracker

        d = dict(src_dict)
        bugs = d.pop("bugs")

        finished = d.pop("finished")

        my_tasks = d.pop("my_tasks")

        on_hold = d.pop("on_hold")

        ongoing = d.pop("ongoing")

        projects = d.pop("projects")

        recent_projects = []
        _recent_projects = d.pop("recent_projects")
        for recent_projects_item_data in _recent_projects:
            recent_projects_item = Project.from_dict(recent_projects_item_data)

            recent_projects.append(recent_projects_item)

        def _parse_running(data: object) -> None | Tracker:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                running_type_1 = Tracker.from_dict(data)

                return running_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Tracker, data)

        running = _parse_running(d.pop("running"))

        tasks = d.pop("tasks")

        lite_home = cls(
            bugs=bugs,
            finished=finished,
            my_tasks=my_tasks,
            on_hold=on_hold,
            ongoing=ongoing,
            projects=projects,
            recent_projects=recent_projects,
            running=running,
            tasks=tasks,
        )

        lite_home.additional_properties = d
        return lite_home

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
