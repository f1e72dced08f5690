from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.complaint_status import ComplaintStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="ComplaintIn")


@_attrs_define
class ComplaintIn:
    """Body of `POST /api/complaints/create`.

    Attributes:
        complaint_against (int): Another employee than `complaint_from`.
        complaint_from (int):
        date (datetime.date):
        title (str):
        description (None | str | Unset):
        status (ComplaintStatus | Unset): Where a complaint stands.
    """

    complaint_against: int
    complaint_from: int
    date: datetime.date
    title: str
    description: None | str | Unset = UNSET
    status: ComplaintStatus | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        complaint_against = self.complaint_against

        complaint_from = self.complaint_from

        date = self.date.isoformat()

        title = self.title

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "complaint_against": complaint_against,
                "complaint_from": complaint_from,
                "date": date,
                "title": title,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        complaint_against = d.pop("complaint_against")

        complaint_from = d.pop("complaint_from")

        date = datetime.date.fromisoformat(d.pop("date"))

        title = d.pop("title")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _status = d.pop("status", UNSET)
        status: ComplaintStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ComplaintStatus(_status)

        complaint_in = cls(
            complaint_against=complaint_against,
            complaint_from=complaint_from,
            date=date,
            title=title,
            description=description,
            status=status,
        )

        complaint_in.additional_properties = d
        return complaint_in

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
