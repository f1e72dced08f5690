from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.task_priority import TaskPriority
from ..models.task_status import TaskStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="CrmTask")


@_attrs_define
class CrmTask:
    """A task, call, e-mail or discussion entry of a lead or deal.

    Attributes:
        created_at (str): RFC 3339, UTC.
        date (datetime.date | None): `YYYY-MM-DD`.
        id (int): Unique per workspace and resource.
        name (str):
        priority (TaskPriority):
        status (TaskStatus):
        time (None | str): `HH:MM`.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
        deal_id (int | Unset): The deal it belongs to. A record has exactly one of `lead_id` and `deal_id`.
        lead_id (int | Unset): The lead it belongs to. A record has exactly one of `lead_id` and `deal_id`.
    """

    created_at: str
    date: datetime.date | None
    id: int
    name: str
    priority: TaskPriority
    status: TaskStatus
    time: None | str
    updated_at: str
    version: int
    deal_id: int | Unset = UNSET
    lead_id: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        date: None | str
        if isinstance(self.date, datetime.date):
            date = self.date.isoformat()
        else:
            date = self.date

        id = self.id

        name = self.name

        priority = self.priority.value

        status = self.status.value

        time: None | str
        time = self.time

        updated_at = self.updated_at

        version = self.version

        deal_id = self.deal_id

        lead_id = self.lead_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "date": date,
                "id": id,
                "name": name,
                "priority": priority,
                "status": status,
                "time": time,
                "updated_at": updated_at,
                "version": version,
            }
        )
        if deal_id is not UNSET:
            field_dict["deal_id"] = deal_id
        if lead_id is not UNSET:
            field_dict["lead_id"] = lead_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        def _parse_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_type_1 = datetime.date.fromisoformat(data)

                return date_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        date = _parse_date(d.pop("date"))

        id = d.pop("id")

        name = d.pop("name")

        priority = TaskPriority(d.pop("priority"))

        status = TaskStatus(d.pop("status"))

        def _parse_time(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        time = _parse_time(d.pop("time"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        deal_id = d.pop("deal_id", UNSET)

        lead_id = d.pop("lead_id", UNSET)

        crm_task = cls(
            created_at=created_at,
            date=date,
            id=id,
            name=name,
            priority=priority,
            status=status,
            time=time,
            updated_at=updated_at,
            version=version,
            deal_id=deal_id,
            lead_id=lead_id,
        )

        crm_task.additional_properties = d
        return crm_task

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
