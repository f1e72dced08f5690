from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ResignationIn")


@_attrs_define
class ResignationIn:
    """Body of `POST /api/resignations/create`.

    Attributes:
        employee_id (int): An employee whose employment has not ended.
        notice_date (datetime.date):
        resignation_date (datetime.date): The last day: not before `notice_date` nor the day the employee joined.
        reason (None | str | Unset):
    """

    employee_id: int
    notice_date: datetime.date
    resignation_date: datetime.date
    reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        employee_id = self.employee_id

        notice_date = self.notice_date.isoformat()

        resignation_date = self.resignation_date.isoformat()

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
                "resignation_date": resignation_date,
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

        resignation_date = datetime.date.fromisoformat(d.pop("resignation_date"))

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        resignation_in = cls(
            employee_id=employee_id,
            notice_date=notice_date,
            resignation_date=resignation_date,
            reason=reason,
        )

        resignation_in.additional_properties = d
        return resignation_in

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
