from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invoice_type import InvoiceType
from ..models.recurrence import Recurrence
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.custom_values_in import CustomValuesIn
    from ..models.line_in import LineIn


T = TypeVar("T", bound="SalesInvoiceIn")


@_attrs_define
class SalesInvoiceIn:
    """Body of `POST /api/sales-invoice/create`.

    Attributes:
        customer_id (int):
        items (list[LineIn]): From 1 to 1,000 lines (a posting moves their stock as one change).
        agent_id (int | None | Unset): An active sales agent, credited with it at their current rate.
        custom_fields (CustomValuesIn | None | Unset): Values of the workspace's custom fields, by key (`GET
            /api/custom-fields`).
        due_date (datetime.date | None | Unset): Not before the invoice date; defaults to it.
        invoice_date (datetime.date | None | Unset): Defaults to today.
        notes (None | str | Unset):
        payment_terms (None | str | Unset):
        recurrence (None | Recurrence | Unset): Set on an invoice that repeats (a subscription).
        type_ (InvoiceType | None | Unset): `product` (the default) or `service` (services only).
        warehouse_id (int | None | Unset): An active warehouse; required when a line is a product.
    """

    customer_id: int
    items: list[LineIn]
    agent_id: int | None | Unset = UNSET
    custom_fields: CustomValuesIn | None | Unset = UNSET
    due_date: datetime.date | None | Unset = UNSET
    invoice_date: datetime.date | None | Unset = UNSET
    notes: None | str | Unset = UNSET
    payment_terms: None | str | Unset = UNSET
    recurrence: None | Recurrence | Unset = UNSET
    type_: InvoiceType | None | Unset = UNSET
    warehouse_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.custom_values_in import CustomValuesIn

        customer_id = self.customer_id

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        agent_id: int | None | Unset
        if isinstance(self.agent_id, Unset):
            agent_id = UNSET
        else:
            agent_id = self.agent_id

        custom_fields: dict[str, Any] | None | Unset
        if isinstance(self.custom_fields, Unset):
            custom_fields = UNSET
        elif isinstance(self.custom_fields, CustomValuesIn):
            custom_fields = self.custom_fields.to_dict()
        else:
            custom_fields = self.custom_fields

        due_date: None | str | Unset
        if isinstance(self.due_date, Unset):
            due_date = UNSET
        elif isinstance(self.due_date, datetime.date):
            due_date = self.due_date.isoformat()
        else:
            due_date = self.due_date

        invoice_date: None | str | Unset
        if isinstance(self.invoice_date, Unset):
            invoice_date = UNSET
        elif isinstance(self.invoice_date, datetime.date):
            invoice_date = self.invoice_date.isoformat()
        else:
            invoice_date = self.invoice_date

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        payment_terms: None | str | Unset
        if isinstance(self.payment_terms, Unset):
            payment_terms = UNSET
        else:
            payment_terms = self.payment_terms

        recurrence: None | str | Unset
        if isinstance(self.recurrence, Unset):
            recurrence = UNSET
        elif isinstance(self.recurrence, Recurrence):
            recurrence = self.recurrence.value
        else:
            recurrence = self.recurrence

        type_: None | str | Unset
        if isinstance(self.type_, Unset):
            type_ = UNSET
        elif isinstance(self.type_, InvoiceType):
            type_ = self.type_.value
        else:
            type_ = self.type_

        warehouse_id: int | None | Unset
        if isinstance(self.warehouse_id, Unset):
            warehouse_id = UNSET
        else:
            warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "customer_id": customer_id,
                "items": items,
            }
        )
        if agent_id is not UNSET:
            field_dict["agent_id"] = agent_id
        if custom_fields is not UNSET:
            field_dict["custom_fields"] = custom_fields
        if due_date is not UNSET:
            field_dict["due_date"] = due_date
        if invoice_date is not UNSET:
            field_dict["invoice_date"] = invoice_date
        if notes is not UNSET:
            field_dict["notes"] = notes
        if payment_terms is not UNSET:
            field_dict["payment_terms"] = payment_terms
        if recurrence is not UNSET:
            field_dict["recurrence"] = recurrence
        if type_ is not UNSET:
            field_dict["type"] = type_
        if warehouse_id is not UNSET:
            field_dict["warehouse_id"] = warehouse_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values_in import CustomValuesIn
        from ..models.line_in import LineIn

        d = dict(src_dict)
        customer_id = d.pop("customer_id")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = LineIn.from_dict(items_item_data)

            items.append(items_item)

        def _parse_agent_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        agent_id = _parse_agent_id(d.pop("agent_id", UNSET))

        def _parse_custom_fields(data: object) -> CustomValuesIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                custom_fields_type_1 = CustomValuesIn.from_dict(data)

                return custom_fields_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CustomValuesIn | None | Unset, data)

        custom_fields = _parse_custom_fields(d.pop("custom_fields", UNSET))

        def _parse_due_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                due_date_type_0 = datetime.date.fromisoformat(data)

                return due_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        due_date = _parse_due_date(d.pop("due_date", UNSET))

        def _parse_invoice_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                invoice_date_type_0 = datetime.date.fromisoformat(data)

                return invoice_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        invoice_date = _parse_invoice_date(d.pop("invoice_date", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_payment_terms(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payment_terms = _parse_payment_terms(d.pop("payment_terms", UNSET))

        def _parse_recurrence(data: object) -> None | Recurrence | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                recurrence_type_1 = Recurrence(data)

                return recurrence_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Recurrence | Unset, data)

        recurrence = _parse_recurrence(d.pop("recurrence", UNSET))

        def _parse_type_(data: object) -> InvoiceType | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                type_type_1 = InvoiceType(data)

                return type_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InvoiceType | None | Unset, data)

        type_ = _parse_type_(d.pop("type", UNSET))

        def _parse_warehouse_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        warehouse_id = _parse_warehouse_id(d.pop("warehouse_id", UNSET))

        sales_invoice_in = cls(
            customer_id=customer_id,
            items=items,
            agent_id=agent_id,
            custom_fields=custom_fields,
            due_date=due_date,
            invoice_date=invoice_date,
            notes=notes,
            payment_terms=payment_terms,
            recurrence=recurrence,
            type_=type_,
            warehouse_id=warehouse_id,
        )

        sales_invoice_in.additional_properties = d
        return sales_invoice_in

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
