from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.priority import Priority
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpsertNewTaskIn")


@_attrs_define
class UpsertNewTaskIn:
    """A `task-create-update` without `id`: a task create's fields with the project it goes to.

    Example:
        {'priority': 'high', 'project_id': 1, 'title': 'Draft the sitemap'}

    Attributes:
        project_id (int):
        title (str):
        assigned_to (list[int] | None | Unset): Members of the project.
        description (None | str | Unset):
        due_date (datetime.date | None | Unset): Not before the start date.
        milestone_id (int | None | Unset): A milestone of the project.
        priority (None | Priority | Unset): Defaults to `medium`.
        stage_id (int | None | Unset): A task stage; defaults to the first.
        start_date (datetime.date | None | Unset):
    """

    project_id: int
    title: str
    assigned_to: list[int] | None | Unset = UNSET
    description: None | str | Unset = UNSET
    due_date: datetime.date | None | Unset = UNSET
    milestone_id: int | None | Unset = UNSET
    priority: None | Priority | Unset = UNSET
    stage_id: int | None | Unset = UNSET
    start_date: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        project_id = self.project_id

        title = self.title

        assigned_to: list[int] | None | Unset
        if isinstance(self.assigned_to, Unset):
            assigned_to = UNSET
        elif isinstance(self.assigned_to, list):
            assigned_to = self.assigned_to

        else:
            assigned_to = self.assigned_to

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        due_date: None | str | Unset
        if isinstance(self.due_date, Unset):
            due_date = UNSET
        elif isinstance(self.due_date, datetime.date):
            due_date = self.due_date.isoformat()
        else:
            due_date = self.due_date

        milestone_id: int | None | Unset
        if isinstance(self.milestone_id, Unset):
            milestone_id = UNSET
        else:
            milestone_id = self.milestone_id

        priority: None | str | Unset
        if isinstance(self.priority, Unset):
            priority = UNSET
        elif isinstance(self.priority, Priority):
            priority = self.priority.value
        else:
            priority = self.priority

        stage_id: int | None | Unset
        if isinstance(self.stage_id, Unset):
            stage_id = UNSET
        else:
            stage_id = self.stage_id

        start_date: None | str | Unset
        if isinstance(self.start_date, Unset):
            start_date = UNSET
        elif isinstance(self.start_date, datetime.date):
            start_date = self.start_date.isoformat()
        else:
            start_date = self.start_date

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "project_id": project_id,
                "title": title,
            }
        )
        if assigned_to is not UNSET:
            field_dict["assigned_to"] = assigned_to
        if description is not UNSET:
            field_dict["description"] = description
        if due_date is not UNSET:
            field_dict["due_date"] = due_date
        if milestone_id is not UNSET:
            field_dict["milestone_id"] = milestone_id
        if priority is not UNSET:
            field_dict["priority"] = priority
        if stage_id is not UNSET:
            field_dict["stage_id"] = stage_id
        if start_date is not UNSET:
            field_dict["start_date"] = start_date

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        project_id = d.pop("project_id")

        title = d.pop("title")

        def _parse_assigned_to(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                assigned_to_type_0 = cast(list[int], data)

                return assigned_to_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        assigned_to = _parse_assigned_to(d.pop("assigned_to", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_due_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                due_date_type_0 = datetime.date.fromisoformat(data)

                return due_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        due_date = _parse_due_date(d.pop("due_date", UNSET))

        def _parse_milestone_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        milestone_id = _parse_milestone_id(d.pop("milestone_id", UNSET))

        def _parse_priority(data: object) -> None | Priority | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                priority_type_1 = Priority(data)

                return priority_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Priority | Unset, data)

        priority = _parse_priority(d.pop("priority", UNSET))

        def _parse_stage_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        stage_id = _parse_stage_id(d.pop("stage_id", UNSET))

        def _parse_start_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                start_date_type_0 = datetime.date.fromisoformat(data)

                return start_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        start_date = _parse_start_date(d.pop("start_date", UNSET))

        upsert_new_task_in = cls(
            project_id=project_id,
            title=title,
            assigned_to=assigned_to,
            description=description,
            due_date=due_date,
            milestone_id=milestone_id,
            priority=priority,
            stage_id=stage_id,
            start_date=start_date,
        )

        upsert_new_task_in.additional_properties = d
        return upsert_new_task_in

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
