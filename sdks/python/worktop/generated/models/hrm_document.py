from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HrmDocument")


@_attrs_define
class HrmDocument:
    """A document filed for an employee (a contract, an ID), of a document type; the file itself
    is kept elsewhere.

        Attributes:
            created_at (str): RFC 3339, UTC.
            document_type_id (int):
            employee_id (int):
            expiry_date (datetime.date | None):
            id (int): Unique per workspace and resource.
            issue_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
            number (None | str): Its number, as issued (a passport number).
            title (str):
            updated_at (str): RFC 3339, UTC.
            version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    created_at: str
    document_type_id: int
    employee_id: int
    expiry_date: datetime.date | None
    id: int
    issue_date: datetime.date
    number: None | str
    title: str
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        document_type_id = self.document_type_id

        employee_id = self.employee_id

        expiry_date: None | str
        if isinstance(self.expiry_date, datetime.date):
            expiry_date = self.expiry_date.isoformat()
        else:
            expiry_date = self.expiry_date

        id = self.id

        issue_date = self.issue_date.isoformat()

        number: None | str
        number = self.number

        title = self.title

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "document_type_id": document_type_id,
                "employee_id": employee_id,
                "expiry_date": expiry_date,
                "id": id,
                "issue_date": issue_date,
                "number": number,
                "title": title,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        document_type_id = d.pop("document_type_id")

        employee_id = d.pop("employee_id")

        def _parse_expiry_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expiry_date_type_1 = datetime.date.fromisoformat(data)

                return expiry_date_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        expiry_date = _parse_expiry_date(d.pop("expiry_date"))

        id = d.pop("id")

        issue_date = datetime.date.fromisoformat(d.pop("issue_date"))

        def _parse_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        number = _parse_number(d.pop("number"))

        title = d.pop("title")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        hrm_document = cls(
            created_at=created_at,
            document_type_id=document_type_id,
            employee_id=employee_id,
            expiry_date=expiry_date,
            id=id,
            issue_date=issue_date,
            number=number,
            title=title,
            updated_at=updated_at,
            version=version,
        )

        hrm_document.additional_properties = d
        return hrm_document

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
