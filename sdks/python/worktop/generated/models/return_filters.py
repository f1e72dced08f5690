from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.return_status import ReturnStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReturnFilters")


@_attrs_define
class ReturnFilters:
    """`?status=`, the party's id and `?original_invoice_id=` on the list.

    Attributes:
        original_invoice_id (int | None | Unset):
        status (None | ReturnStatus | Unset):
        vendor_id (int | None | Unset):
    """

    original_invoice_id: int | None | Unset = UNSET
    status: None | ReturnStatus | Unset = UNSET
    vendor_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        original_invoice_id: int | None | Unset
        if isinstance(self.original_invoice_id, Unset):
            original_invoice_id = UNSET
        else:
            original_invoice_id = self.original_invoice_id

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, ReturnStatus):
            status = self.status.value
        else:
            status = self.status

        vendor_id: int | None | Unset
        if isinstance(self.vendor_id, Unset):
            vendor_id = UNSET
        else:
            vendor_id = self.vendor_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if original_invoice_id is not UNSET:
            field_dict["original_invoice_id"] = original_invoice_id
        if status is not UNSET:
            field_dict["status"] = status
        if vendor_id is not UNSET:
            field_dict["vendor_id"] = vendor_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_original_invoice_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        original_invoice_id = _parse_original_invoice_id(
            d.pop("original_invoice_id", UNSET)
        )

        def _parse_status(data: object) -> None | ReturnStatus | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = ReturnStatus(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReturnStatus | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        def _parse_vendor_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        vendor_id = _parse_vendor_id(d.pop("vendor_id", UNSET))

        return_filters = cls(
            original_invoice_id=original_invoice_id,
            status=status,
            vendor_id=vendor_id,
        )

        return return_filters
