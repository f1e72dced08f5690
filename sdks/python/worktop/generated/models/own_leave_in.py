from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="OwnLeaveIn")


@_attrs_define
class OwnLeaveIn:
    """Body of `POST /api/hrm/leave-request`: the caller's own application.

    Example:
        {'end_date': '2026-08-07', 'leave_type_id': 1, 'reason': 'Family holiday', 'start_date': '2026-08-03'}

    Attributes:
        end_date (datetime.date):
        leave_type_id (int):
        start_date (datetime.date):
        reason (None | str | Unset):
    """

    end_date: datetime.date
    leave_type_id: int
    start_date: datetime.date
    reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        end_date = self.end_date.isoformat()

        leave_type_id = self.leave_type_id

        start_date = self.start_date.isoformat()

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "end_date": end_date,
                "leave_type_id": leave_type_id,
                "start_date": start_date,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        end_date = datetime.date.fromisoformat(d.pop("end_date"))

        leave_type_id = d.pop("leave_type_id")

        start_date = datetime.date.fromisoformat(d.pop("start_date"))

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        own_leave_in = cls(
            end_date=end_date,
            leave_type_id=leave_type_id,
            start_date=start_date,
            reason=reason,
        )

        own_leave_in.additional_properties = d
        return own_leave_in

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
