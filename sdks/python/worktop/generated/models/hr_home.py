from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.holiday import Holiday


T = TypeVar("T", bound="HrHome")


@_attrs_define
class HrHome:
    """The HR home.

    Attributes:
        active_employees (int):
        date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        on_leave_today (int): Employees on approved leave today.
        pending_leave_requests (int): Leave applications waiting for a decision.
        present_today (int): Employees with attendance today (present or half day).
        upcoming_holidays (list[Holiday]): The next holidays from today, by date.
    """

    active_employees: int
    date: datetime.date
    on_leave_today: int
    pending_leave_requests: int
    present_today: int
    upcoming_holidays: list[Holiday]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        active_employees = self.active_employees

        date = self.date.isoformat()

        on_leave_today = self.on_leave_today

        pending_leave_requests = self.pending_leave_requests

        present_today = self.present_today

        upcoming_holidays = []
        for upcoming_holidays_item_data in self.upcoming_holidays:
            upcoming_holidays_item = upcoming_holidays_item_data.to_dict()
            upcoming_holidays.append(upcoming_holidays_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "active_employees": active_employees,
                "date": date,
                "on_leave_today": on_leave_today,
                "pending_leave_requests": pending_leave_requests,
                "present_today": present_today,
                "upcoming_holidays": upcoming_holidays,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.holiday import Holiday

        d = dict(src_dict)
        active_employees = d.pop("active_employees")

        date = datetime.date.fromisoformat(d.pop("date"))

        on_leave_today = d.pop("on_leave_today")

        pending_leave_requests = d.pop("pending_leave_requests")

        present_today = d.pop("present_today")

        upcoming_holidays = []
        _upcoming_holidays = d.pop("upcoming_holidays")
        for upcoming_holidays_item_data in _upcoming_holidays:
            upcoming_holidays_item = Holiday.from_dict(upcoming_holidays_item_data)

            upcoming_holidays.append(upcoming_holidays_item)

        hr_home = cls(
            active_employees=active_employees,
            date=date,
            on_leave_today=on_leave_today,
            pending_leave_requests=pending_leave_requests,
            present_today=present_today,
            upcoming_holidays=upcoming_holidays,
        )

        hr_home.additional_properties = d
        return hr_home

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
