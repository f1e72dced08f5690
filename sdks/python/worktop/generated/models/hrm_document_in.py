from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="HrmDocumentIn")


@_attrs_define
class HrmDocumentIn:
    """Body of `POST /api/hrm-documents/create`.

    Attributes:
        document_type_id (int):
        employee_id (int):
        issue_date (datetime.date):
        title (str):
        expiry_date (datetime.date | None | Unset): Not before `issue_date`; none: it does not expire.
        number (None | str | Unset):
    """

    document_type_id: int
    employee_id: int
    issue_date: datetime.date
    title: str
    expiry_date: datetime.date | None | Unset = UNSET
    number: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        document_type_id = self.document_type_id

        employee_id = self.employee_id

        issue_date = self.issue_date.isoformat()

        title = self.title

        expiry_date: None | str | Unset
        if isinstance(self.expiry_date, Unset):
            expiry_date = UNSET
        elif isinstance(self.expiry_date, datetime.date):
            expiry_date = self.expiry_date.isoformat()
        else:
            expiry_date = self.expiry_date

        number: None | str | Unset
        if isinstance(self.number, Unset):
            number = UNSET
        else:
            number = self.number

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "document_type_id": document_type_id,
                "employee_id": employee_id,
                "issue_date": issue_date,
                "title": title,
            }
        )
        if expiry_date is not UNSET:
            field_dict["expiry_date"] = expiry_date
        if number is not UNSET:
            field_dict["number"] = number

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        document_type_id = d.pop("document_type_id")

        employee_id = d.pop("employee_id")

        issue_date = datetime.date.fromisoformat(d.pop("issue_date"))

        title = d.pop("title")

        def _parse_expiry_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expiry_date_type_0 = datetime.date.fromisoformat(data)

                return expiry_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        expiry_date = _parse_expiry_date(d.pop("expiry_date", UNSET))

        def _parse_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        number = _parse_number(d.pop("number", UNSET))

        hrm_document_in = cls(
            document_type_id=document_type_id,
            employee_id=employee_id,
            issue_date=issue_date,
            title=title,
            expiry_date=expiry_date,
            number=number,
        )

        hrm_document_in.additional_properties = d
        return hrm_document_in

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
