from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.timer_status import TimerStatus

T = TypeVar("T", bound="Tracker")


@_attrs_define
class Tracker:
    """One stretch of time a user spent on a task.

    Attributes:
        created_at (str): RFC 3339, UTC.
        id (int): Unique per workspace and resource.
        note (None | str):
        project_id (int): The task's project.
        seconds (int): From start to stop; 0 while it runs.
        started_at (str):
        status (TimerStatus): `running → stopped`.
        stopped_at (None | str):
        task_id (int):
        updated_at (str): RFC 3339, UTC.
        user_id (int): Whose time it is.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    created_at: str
    id: int
    note: None | str
    project_id: int
    seconds: int
    started_at: str
    status: TimerStatus
    stopped_at: None | str
    task_id: int
    updated_at: str
    user_id: int
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        id = self.id

        note: None | str
        note = self.note

        project_id = self.project_id

        seconds = self.seconds

        started_at = self.started_at

        status = self.status.value

        stopped_at: None | str
        stopped_at = self.stopped_at

        task_id = self.task_id

        updated_at = self.updated_at

        user_id = self.user_id

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "id": id,
                "note": note,
                "project_id": project_id,
                "seconds": seconds,
                "started_at": started_at,
                "status": status,
                "stopped_at": stopped_at,
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

        id = d.pop("id")

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        project_id = d.pop("project_id")

        seconds = d.pop("seconds")

        started_at = d.pop("started_at")

        status = TimerStatus(d.pop("status"))

        def _parse_stopped_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        stopped_at = _parse_stopped_at(d.pop("stopped_at"))

        task_id = d.pop("task_id")

        updated_at = d.pop("updated_at")

        user_id = d.pop("user_id")

        version = d.pop("version")

        tracker = cls(
            created_at=created_at,
            id=id,
            note=note,
            project_id=project_id,
            seconds=seconds,
            started_at=started_at,
            status=status,
            stopped_at=stopped_at,
            task_id=task_id,
            updated_at=updated_at,
            user_id=user_id,
            version=version,
        )

        tracker.additional_properties = d
        return tracker

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
