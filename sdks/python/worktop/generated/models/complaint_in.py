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
        status (ComplaintStatus | None | Unset): Defaults to `open`.
    """

    complaint_against: int
    complaint_from: int
    date: datetime.date
    title: str
    description: None | str | Unset = UNSET
    status: ComplaintStatus | None | Unset = UNSET
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

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, ComplaintStatus):
            status = self.status.value
        else:
            status = self.status

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

        def _parse_status(data: object) -> ComplaintStatus | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = ComplaintStatus(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ComplaintStatus | None | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

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
