from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.priority import Priority

T = TypeVar("T", bound="Task")


@_attrs_define
class Task:
    """A task of a project.

    Attributes:
        assigned_to (list[int]): Members of the project working on it.
        created_at (str): RFC 3339, UTC.
        description (None | str):
        due_date (datetime.date | None):
        id (int): Unique per workspace and resource.
        milestone_id (int | None): A milestone of the same project.
        priority (Priority): How urgent a task or bug is.
        project_id (int):
        stage_id (int):
        start_date (datetime.date | None):
        title (str):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    assigned_to: list[int]
    created_at: str
    description: None | str
    due_date: datetime.date | None
    id: int
    milestone_id: int | None
    priority: Priority
    project_id: int
    stage_id: int
    start_date: datetime.date | None
    title: str
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        assigned_to = self.assigned_to

        created_at = self.created_at

        description: None | str
        description = self.description

        due_date: None | str
        if isinstance(self.due_date, datetime.date):
            due_date = self.due_date.isoformat()
        else:
            due_date = self.due_date

        id = self.id

        milestone_id: int | None
        milestone_id = self.milestone_id

        priority = self.priority.value

        project_id = self.project_id

        stage_id = self.stage_id

        start_date: None | str
        if isinstance(self.start_date, datetime.date):
            start_date = self.start_date.isoformat()
        else:
            start_date = self.start_date

        title = self.title

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "assigned_to": assigned_to,
                "created_at": created_at,
                "description": description,
                "due_date": due_date,
                "id": id,
                "milestone_id": milestone_id,
                "priority": priority,
                "project_id": project_id,
                "stage_id": stage_id,
                "start_date": start_date,
                "title": title,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        assigned_to = cast(list[int], d.pop("assigned_to"))

        created_at = d.pop("created_at")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_due_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                due_date_type_1 = datetime.date.fromisoformat(data)

                return due_date_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        due_date = _parse_due_date(d.pop("due_date"))

        id = d.pop("id")

        def _parse_milestone_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        milestone_id = _parse_milestone_id(d.pop("milestone_id"))

        priority = Priority(d.pop("priority"))

        project_id = d.pop("project_id")

        stage_id = d.pop("stage_id")

        def _parse_start_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                start_date_type_1 = datetime.date.fromisoformat(data)

                return start_date_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        start_date = _parse_start_date(d.pop("start_date"))

        title = d.pop("title")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        task = cls(
            assigned_to=assigned_to,
            created_at=created_at,
            description=description,
            due_date=due_date,
            id=id,
            milestone_id=milestone_id,
            priority=priority,
            project_id=project_id,
            stage_id=stage_id,
            start_date=start_date,
            title=title,
            updated_at=updated_at,
            version=version,
        )

        task.additional_properties = d
        return task

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
