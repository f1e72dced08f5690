from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.milestone_status import MilestoneStatus

T = TypeVar("T", bound="MilestoneOut")


@_attrs_define
class MilestoneOut:
    """A milestone with its progress.

    Attributes:
        cost (float): What reaching it costs; 0 when not set. Example: 1250.5.
        created_at (str): RFC 3339, UTC.
        end_date (datetime.date | None):
        id (int): Unique per workspace and resource.
        progress (int): `tasks_done / tasks` in percent, rounded down; 0 without tasks.
        project_id (int):
        start_date (datetime.date | None):
        status (MilestoneStatus): Whether a milestone is reached: `incomplete → complete`.
        summary (None | str):
        tasks (int): Its tasks.
        tasks_done (int): Of those, the ones in the done column.
        title (str):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    cost: float
    created_at: str
    end_date: datetime.date | None
    id: int
    progress: int
    project_id: int
    start_date: datetime.date | None
    status: MilestoneStatus
    summary: None | str
    tasks: int
    tasks_done: int
    title: str
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cost = self.cost

        created_at = self.created_at

        end_date: None | str
        if isinstance(self.end_date, datetime.date):
            end_date = self.end_date.isoformat()
        else:
            end_date = self.end_date

        id = self.id

        progress = self.progress

        project_id = self.project_id

        start_date: None | str
        if isinstance(self.start_date, datetime.date):
            start_date = self.start_date.isoformat()
        else:
            start_date = self.start_date

        status = self.status.value

        summary: None | str
        summary = self.summary

        tasks = self.tasks

        tasks_done = self.tasks_done

        title = self.title

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cost": cost,
                "created_at": created_at,
                "end_date": end_date,
                "id": id,
                "progress": progress,
                "project_id": project_id,
                "start_date": start_date,
                "status": status,
                "summary": summary,
                "tasks": tasks,
                "tasks_done": tasks_done,
                "title": title,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cost = d.pop("cost")

        created_at = d.pop("created_at")

        def _parse_end_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_date_type_1 = datetime.date.fromisoformat(data)

                return end_date_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        end_date = _parse_end_date(d.pop("end_date"))

        id = d.pop("id")

        progress = d.pop("progress")

        project_id = d.pop("project_id")

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

        status = MilestoneStatus(d.pop("status"))

        def _parse_summary(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        summary = _parse_summary(d.pop("summary"))

        tasks = d.pop("tasks")

        tasks_done = d.pop("tasks_done")

        title = d.pop("title")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        milestone_out = cls(
            cost=cost,
            created_at=created_at,
            end_date=end_date,
            id=id,
            progress=progress,
            project_id=project_id,
            start_date=start_date,
            status=status,
            summary=summary,
            tasks=tasks,
            tasks_done=tasks_done,
            title=title,
            updated_at=updated_at,
            version=version,
        )

        milestone_out.additional_properties = d
        return milestone_out

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
