from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AcknowledgmentFilters")


@_attrs_define
class AcknowledgmentFilters:
    """`?employee_id=`, `?document_id=` and `?announcement_id=` on the list.

    Attributes:
        announcement_id (int | None | Unset):
        document_id (int | None | Unset):
        employee_id (int | None | Unset):
    """

    announcement_id: int | None | Unset = UNSET
    document_id: int | None | Unset = UNSET
    employee_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        announcement_id: int | None | Unset
        if isinstance(self.announcement_id, Unset):
            announcement_id = UNSET
        else:
            announcement_id = self.announcement_id

        document_id: int | None | Unset
        if isinstance(self.document_id, Unset):
            document_id = UNSET
        else:
            document_id = self.document_id

        employee_id: int | None | Unset
        if isinstance(self.employee_id, Unset):
            employee_id = UNSET
        else:
            employee_id = self.employee_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if announcement_id is not UNSET:
            field_dict["announcement_id"] = announcement_id
        if document_id is not UNSET:
            field_dict["document_id"] = document_id
        if employee_id is not UNSET:
            field_dict["employee_id"] = employee_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_announcement_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        announcement_id = _parse_announcement_id(d.pop("announcement_id", UNSET))

        def _parse_document_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        document_id = _parse_document_id(d.pop("document_id", UNSET))

        def _parse_employee_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        employee_id = _parse_employee_id(d.pop("employee_id", UNSET))

        acknowledgment_filters = cls(
            announcement_id=announcement_id,
            document_id=document_id,
            employee_id=employee_id,
        )

        return acknowledgment_filters
