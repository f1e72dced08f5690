from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.return_status import ReturnStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReturnFilters")


@_attrs_define
class ReturnFilters:
    """`?status=`, the party's id and `?original_invoice_id=` on the list.

    Attributes:
        original_invoice_id (int | None | Unset):
        status (ReturnStatus | Unset): Where a return stands: `draft` (nothing has moved; only a draft is deleted) →
            `approved`
            (the note, the stock and the journal entry moved, all at approval) → `completed` (closed;
            nothing more moves). A `draft` or `approved` return can be `cancelled`: an approved one's
            note, stock and entry are undone then, while nothing of its note is applied.
        vendor_id (int | None | Unset):
    """

    original_invoice_id: int | None | Unset = UNSET
    status: ReturnStatus | Unset = UNSET
    vendor_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        original_invoice_id: int | None | Unset
        if isinstance(self.original_invoice_id, Unset):
            original_invoice_id = UNSET
        else:
            original_invoice_id = self.original_invoice_id

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        vendor_id: int | None | Unset
        if isinstance(self.vendor_id, Unset):
            vendor_id = UNSET
        else:
            vendor_id = self.vendor_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        _status = d.pop("status", UNSET)
        status: ReturnStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ReturnStatus(_status)

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

        return_filters.additional_properties = d
        return return_filters

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
