from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.priority import Priority
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpsertTaskChangeIn")


@_attrs_define
class UpsertTaskChangeIn:
    """A `task-create-update` with `id`: the task's update, and its project if the caller names it
    (it must be the task's).

        Attributes:
            id (int): The record to change; the other fields change only what they name.
            assigned_to (list[int] | Unset):
            description (None | str | Unset):
            due_date (datetime.date | None | Unset):
            milestone_id (int | None | Unset): A milestone of the project; `null` takes it out of its milestone.
            priority (Priority | Unset): How urgent a task or bug is.
            project_id (int | None | Unset):
            stage_id (int | Unset):
            start_date (datetime.date | None | Unset):
            title (str | Unset):
            version (int | None | Unset): The version the change is based on (409 when it moved on).
    """

    id: int
    assigned_to: list[int] | Unset = UNSET
    description: None | str | Unset = UNSET
    due_date: datetime.date | None | Unset = UNSET
    milestone_id: int | None | Unset = UNSET
    priority: Priority | Unset = UNSET
    project_id: int | None | Unset = UNSET
    stage_id: int | Unset = UNSET
    start_date: datetime.date | None | Unset = UNSET
    title: str | Unset = UNSET
    version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        assigned_to: list[int] | Unset = UNSET
        if not isinstance(self.assigned_to, Unset):
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

        priority: str | Unset = UNSET
        if not isinstance(self.priority, Unset):
            priority = self.priority.value

        project_id: int | None | Unset
        if isinstance(self.project_id, Unset):
            project_id = UNSET
        else:
            project_id = self.project_id

        stage_id = self.stage_id

        start_date: None | str | Unset
        if isinstance(self.start_date, Unset):
            start_date = UNSET
        elif isinstance(self.start_date, datetime.date):
            start_date = self.start_date.isoformat()
        else:
            start_date = self.start_date

        title = self.title

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
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
        if project_id is not UNSET:
            field_dict["project_id"] = project_id
        if stage_id is not UNSET:
            field_dict["stage_id"] = stage_id
        if start_date is not UNSET:
            field_dict["start_date"] = start_date
        if title is not UNSET:
            field_dict["title"] = title
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        assigned_to = cast(list[int], d.pop("assigned_to", UNSET))

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

        _priority = d.pop("priority", UNSET)
        priority: Priority | Unset
        if isinstance(_priority, Unset):
            priority = UNSET
        else:
            priority = Priority(_priority)

        def _parse_project_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        project_id = _parse_project_id(d.pop("project_id", UNSET))

        stage_id = d.pop("stage_id", UNSET)

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

        title = d.pop("title", UNSET)

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        upsert_task_change_in = cls(
            id=id,
            assigned_to=assigned_to,
            description=description,
            due_date=due_date,
            milestone_id=milestone_id,
            priority=priority,
            project_id=project_id,
            stage_id=stage_id,
            start_date=start_date,
            title=title,
            version=version,
        )

        upsert_task_change_in.additional_properties = d
        return upsert_task_change_in

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
