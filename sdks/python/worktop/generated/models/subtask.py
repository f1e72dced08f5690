from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Subtask")


@_attrs_define
class Subtask:
    """A step of a task.

    Attributes:
        created_at (str): RFC 3339, UTC.
        due_date (datetime.date | None):
        id (int): Unique per workspace and resource.
        is_completed (bool):
        name (str):
        task_id (int):
        updated_at (str): RFC 3339, UTC.
        user_id (int | None): Who does it: a user of the workspace.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    created_at: str
    due_date: datetime.date | None
    id: int
    is_completed: bool
    name: str
    task_id: int
    updated_at: str
    user_id: int | None
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        due_date: None | str
        if isinstance(self.due_date, datetime.date):
            due_date = self.due_date.isoformat()
        else:
            due_date = self.due_date

        id = self.id

        is_completed = self.is_completed

        name = self.name

        task_id = self.task_id

        updated_at = self.updated_at

        user_id: int | None
        user_id = self.user_id

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "due_date": due_date,
                "id": id,
                "is_completed": is_completed,
                "name": name,
                "task_id": task_id,
                "updated_at": updated_at,
                "user_id": user_id,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = d.pop("created_at")

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

        is_completed = d.pop("is_completed")

        name = d.pop("name")

        task_id = d.pop("task_id")

        updated_at = d.pop("updated_at")

        def _parse_user_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        user_id = _parse_user_id(d.pop("user_id"))

        version = d.pop("version")

        subtask = cls(
            created_at=created_at,
            due_date=due_date,
            id=id,
            is_completed=is_completed,
            name=name,
            task_id=task_id,
            updated_at=updated_at,
            user_id=user_id,
            version=version,
        )

        subtask.additional_properties = d
        return subtask

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
