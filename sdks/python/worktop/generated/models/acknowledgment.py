from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Acknowledgment")


@_attrs_define
class Acknowledgment:
    """An employee's acknowledgment of their own HR document or of an announcement meant for them:
    once per employee and document (or announcement).

        Attributes:
            acknowledged_at (str): RFC 3339, UTC: when it was recorded.
            announcement_id (int | None): The announcement acknowledged (or `document_id`).
            comment (None | str):
            created_at (str): RFC 3339, UTC.
            document_id (int | None): The HR document acknowledged (or `announcement_id`).
            employee_id (int):
            id (int): Unique per workspace and resource.
            updated_at (str): RFC 3339, UTC.
            version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    acknowledged_at: str
    announcement_id: int | None
    comment: None | str
    created_at: str
    document_id: int | None
    employee_id: int
    id: int
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        acknowledged_at = self.acknowledged_at

        announcement_id: int | None
        announcement_id = self.announcement_id

        comment: None | str
        comment = self.comment

        created_at = self.created_at

        document_id: int | None
        document_id = self.document_id

        employee_id = self.employee_id

        id = self.id

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "acknowledged_at": acknowledged_at,
                "announcement_id": announcement_id,
                "comment": comment,
                "created_at": created_at,
                "document_id": document_id,
                "employee_id": employee_id,
                "id": id,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        acknowledged_at = d.pop("acknowledged_at")

        def _parse_announcement_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        announcement_id = _parse_announcement_id(d.pop("announcement_id"))

        def _parse_comment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        comment = _parse_comment(d.pop("comment"))

        created_at = d.pop("created_at")

        def _parse_document_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        document_id = _parse_document_id(d.pop("document_id"))

        employee_id = d.pop("employee_id")

        id = d.pop("id")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        acknowledgment = cls(
            acknowledged_at=acknowledged_at,
            announcement_id=announcement_id,
            comment=comment,
            created_at=created_at,
            document_id=document_id,
            employee_id=employee_id,
            id=id,
            updated_at=updated_at,
            version=version,
        )

        acknowledgment.additional_properties = d
        return acknowledgment

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
