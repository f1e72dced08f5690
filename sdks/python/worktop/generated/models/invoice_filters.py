from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.invoice_status_type_0 import InvoiceStatusType0
from ..models.invoice_status_type_1 import InvoiceStatusType1
from ..types import UNSET, Unset

T = TypeVar("T", bound="InvoiceFilters")


@_attrs_define
class InvoiceFilters:
    """`?status=` (`partial` is read as `partially_paid`) and `?vendor_id=` on the list.

    Attributes:
        status (InvoiceStatusType0 | InvoiceStatusType1 | None | Unset):
        vendor_id (int | None | Unset):
    """

    status: InvoiceStatusType0 | InvoiceStatusType1 | None | Unset = UNSET
    vendor_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, InvoiceStatusType0) or isinstance(
            self.status, InvoiceStatusType1
        ):
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
        if status is not UNSET:
            field_dict["status"] = status
        if vendor_id is not UNSET:
            field_dict["vendor_id"] = vendor_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_status(
            data: object,
        ) -> InvoiceStatusType0 | InvoiceStatusType1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_invoice_status_type_0 = InvoiceStatusType0(data)

                return componentsschemas_invoice_status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_invoice_status_type_1 = InvoiceStatusType1(data)

                return componentsschemas_invoice_status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InvoiceStatusType0 | InvoiceStatusType1 | None | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        def _parse_vendor_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        vendor_id = _parse_vendor_id(d.pop("vendor_id", UNSET))

        invoice_filters = cls(
            status=status,
            vendor_id=vendor_id,
        )

        return invoice_filters
