from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TerminationIn")


@_attrs_define
class TerminationIn:
    """Body of `POST /api/terminations/create`.

    Attributes:
        employee_id (int): An employee whose employment has not ended.
        notice_date (datetime.date):
        termination_date (datetime.date): The last day: not before `notice_date` nor the day the employee joined.
        termination_type (str):
        reason (None | str | Unset):
    """

    employee_id: int
    notice_date: datetime.date
    termination_date: datetime.date
    termination_type: str
    reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        employee_id = self.employee_id

        notice_date = self.notice_date.isoformat()

        termination_date = self.termination_date.isoformat()

        termination_type = self.termination_type

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "employee_id": employee_id,
                "notice_date": notice_date,
                "termination_date": termination_date,
                "termination_type": termination_type,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        employee_id = d.pop("employee_id")

        notice_date = datetime.date.fromisoformat(d.pop("notice_date"))

        termination_date = datetime.date.fromisoformat(d.pop("termination_date"))

        termination_type = d.pop("termination_type")

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        termination_in = cls(
            employee_id=employee_id,
            notice_date=notice_date,
            termination_date=termination_date,
            termination_type=termination_type,
            reason=reason,
        )

        termination_in.additional_properties = d
        return termination_in

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
