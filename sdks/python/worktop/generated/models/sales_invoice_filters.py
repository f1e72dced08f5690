from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.invoice_status_type_0 import InvoiceStatusType0
from ..models.invoice_status_type_1 import InvoiceStatusType1
from ..types import UNSET, Unset

T = TypeVar("T", bound="SalesInvoiceFilters")


@_attrs_define
class SalesInvoiceFilters:
    """`?status=` (`partial` is read as `partially_paid`), `?customer_id=` and `?commission_due=`
    on the list.

        Attributes:
            commission_due (int | None | Unset): The paid invoices whose commission this sales agent is still owed.
            customer_id (int | None | Unset):
            status (InvoiceStatusType0 | InvoiceStatusType1 | None | Unset):
    """

    commission_due: int | None | Unset = UNSET
    customer_id: int | None | Unset = UNSET
    status: InvoiceStatusType0 | InvoiceStatusType1 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        commission_due: int | None | Unset
        if isinstance(self.commission_due, Unset):
            commission_due = UNSET
        else:
            commission_due = self.commission_due

        customer_id: int | None | Unset
        if isinstance(self.customer_id, Unset):
            customer_id = UNSET
        else:
            customer_id = self.customer_id

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, InvoiceStatusType0) or isinstance(
            self.status, InvoiceStatusType1
        ):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if commission_due is not UNSET:
            field_dict["commission_due"] = commission_due
        if customer_id is not UNSET:
            field_dict["customer_id"] = customer_id
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_commission_due(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        commission_due = _parse_commission_due(d.pop("commission_due", UNSET))

        def _parse_customer_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        customer_id = _parse_customer_id(d.pop("customer_id", UNSET))

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

        sales_invoice_filters = cls(
            commission_due=commission_due,
            customer_id=customer_id,
            status=status,
        )

        return sales_invoice_filters
