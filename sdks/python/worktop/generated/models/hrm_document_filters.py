from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="HrmDocumentFilters")


@_attrs_define
class HrmDocumentFilters:
    """`?employee_id=` and `?document_type_id=` on the list.

    Attributes:
        document_type_id (int | None | Unset):
        employee_id (int | None | Unset):
    """

    document_type_id: int | None | Unset = UNSET
    employee_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        document_type_id: int | None | Unset
        if isinstance(self.document_type_id, Unset):
            document_type_id = UNSET
        else:
            document_type_id = self.document_type_id

        employee_id: int | None | Unset
        if isinstance(self.employee_id, Unset):
            employee_id = UNSET
        else:
            employee_id = self.employee_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if document_type_id is not UNSET:
            field_dict["document_type_id"] = document_type_id
        if employee_id is not UNSET:
            field_dict["employee_id"] = employee_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_document_type_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        document_type_id = _parse_document_type_id(d.pop("document_type_id", UNSET))

        def _parse_employee_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        employee_id = _parse_employee_id(d.pop("employee_id", UNSET))

        hrm_document_filters = cls(
            document_type_id=document_type_id,
            employee_id=employee_id,
        )

        return hrm_document_filters
