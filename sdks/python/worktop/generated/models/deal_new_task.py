from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deal_new_task_priority import DealNewTaskPriority
from ..models.deal_new_task_status import DealNewTaskStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="DealNewTask")


@_attrs_define
class DealNewTask:
    """Body of `deal-task/create` and `deal-call/store`: the task's or call's fields and its deal.

    Example:
        {'date': '2026-12-01', 'deal_id': 7, 'name': 'Send the offer', 'priority': 'high', 'time': '09:30'}

    Attributes:
        deal_id (int):
        name (str):
        date (datetime.date | None | Unset):
        priority (DealNewTaskPriority | Unset):
        status (DealNewTaskStatus | Unset):
        time (None | str | Unset):
    """

    deal_id: int
    name: str
    date: datetime.date | None | Unset = UNSET
    priority: DealNewTaskPriority | Unset = UNSET
    status: DealNewTaskStatus | Unset = UNSET
    time: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deal_id = self.deal_id

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
                "deal_id": deal_id,
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
        deal_id = d.pop("deal_id")

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
        priority: DealNewTaskPriority | Unset
        if isinstance(_priority, Unset):
            priority = UNSET
        else:
            priority = DealNewTaskPriority(_priority)

        _status = d.pop("status", UNSET)
        status: DealNewTaskStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = DealNewTaskStatus(_status)

        def _parse_time(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        time = _parse_time(d.pop("time", UNSET))

        deal_new_task = cls(
            deal_id=deal_id,
            name=name,
            date=date,
            priority=priority,
            status=status,
            time=time,
        )

        deal_new_task.additional_properties = d
        return deal_new_task

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
