from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.lead_new_task_priority import LeadNewTaskPriority
from ..models.lead_new_task_status import LeadNewTaskStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="LeadNewTask")


@_attrs_define
class LeadNewTask:
    """Body of `lead-task/create` and `lead-call/store`: the task's or call's fields and its lead.

    Example:
        {'date': '2026-12-01', 'lead_id': 7, 'name': 'Send the offer', 'priority': 'high', 'time': '09:30'}

    Attributes:
        lead_id (int):
        name (str):
        date (datetime.date | None | Unset):
        priority (LeadNewTaskPriority | Unset):
        status (LeadNewTaskStatus | Unset):
        time (None | str | Unset):
    """

    lead_id: int
    name: str
    date: datetime.date | None | Unset = UNSET
    priority: LeadNewTaskPriority | Unset = UNSET
    status: LeadNewTaskStatus | Unset = UNSET
    time: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        lead_id = self.lead_id

        name = self.name

        date: None | str | Unset
        if isinstance(self.date, Unset):
            date = UNSET
        elif isinstance(self.date, datetime.date):
            date = self.date.isoformat()
        else:
            date = self.date

        priority: str | Unset = UNSET
        if not isinstance(self.priority, Unset):
            priority = self.priority.value

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        time: None | str | Unset
        if isinstance(self.time, Unset):
            time = UNSET
        else:
            time = self.time

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "lead_id": lead_id,
                "name": name,
            }
        )
        if date is not UNSET:
            field_dict["date"] = date
        if priority is not UNSET:
            field_dict["priority"] = priority
        if status is not UNSET:
            field_dict["status"] = status
        if time is not UNSET:
            field_dict["time"] = time

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        lead_id = d.pop("lead_id")

        name = d.pop("name")

        def _parse_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_type_0 = datetime.date.fromisoformat(data)

                return date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        date = _parse_date(d.pop("date", UNSET))

        _priority = d.pop("priority", UNSET)
        priority: LeadNewTaskPriority | Unset
        if isinstance(_priority, Unset):
            priority = UNSET
        else:
            priority = LeadNewTaskPriority(_priority)

        _status = d.pop("status", UNSET)
        status: LeadNewTaskStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = LeadNewTaskStatus(_status)

        def _parse_time(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        time = _parse_time(d.pop("time", UNSET))

        lead_new_task = cls(
            lead_id=lead_id,
            name=name,
            date=date,
            priority=priority,
            status=status,
            time=time,
        )

        lead_new_task.additional_properties = d
        return lead_new_task

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
