from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.project import Project
    from ..models.task import Task
    from ..models.tracker import Tracker
    from ..models.user_out import UserOut


T = TypeVar("T", bound="TrackerSession")


@_attrs_define
class TrackerSession:
    """Answer of `POST /api/tracker-login`.

    Attributes:
        projects (list[Project]): The projects the caller is a member of (the latest 50).
        running (None | Tracker): The caller's running timer.
        tasks (list[Task]): The tasks assigned to the caller (the latest 100).
        user (UserOut): A user as the API shows it.
    """

    projects: list[Project]
    running: None | Tracker
    tasks: list[Task]
    user: UserOut
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.tracker import Tracker

        projects = []
        for projects_item_data in self.projects:
            projects_item = projects_item_data.to_dict()
            projects.append(projects_item)

        running: dict[str, Any] | None
        if isinstance(self.running, Tracker):
            running = self.running.to_dict()
        else:
            running = self.running

        tasks = []
        for tasks_item_data in self.tasks:
            tasks_item = tasks_item_data.to_dict()
            tasks.append(tasks_item)

        user = self.user.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "projects": projects,
                "running": running,
                "tasks": tasks,
                "user": user,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.project import Project
        from ..models.task import Task
        from ..models.tracker import Tracker
        from ..models.user_out import UserOut

        d = dict(src_dict)
        projects = []
        _projects = d.pop("projects")
        for projects_item_data in _projects:
            projects_item = Project.from_dict(projects_item_data)

            projects.append(projects_item)

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

        tasks = []
        _tasks = d.pop("tasks")
        for tasks_item_data in _tasks:
            tasks_item = Task.from_dict(tasks_item_data)

            tasks.append(tasks_item)

        user = UserOut.from_dict(d.pop("user"))

        tracker_session = cls(
            projects=projects,
            running=running,
            tasks=tasks,
            user=user,
        )

        tracker_session.additional_properties = d
        return tracker_session

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
