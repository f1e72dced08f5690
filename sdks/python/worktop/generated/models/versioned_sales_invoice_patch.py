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


T = TypeVar("T", bound="VersionedSalesInvoicePatch")


@_attrs_define
class VersionedSalesInvoicePatch:
    """An update body with the optional `version` every update accepts beside its own fields. An
    extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

        Attributes:
            agent_id (int | None | Unset): An active sales agent (at their current rate); `null` credits none.
            custom_fields (CustomValuesIn | Unset): Values of the workspace's custom fields, by key (GET /api/custom-
                fields); null clears one.
            customer_id (int | Unset):
            due_date (datetime.date | Unset):
            invoice_date (datetime.date | Unset):
            items (list[LineIn] | Unset): Replaces every line: from 1 to 1,000.
            notes (None | str | Unset):
            payment_terms (None | str | Unset):
            recurrence (None | Recurrence | Unset):
            type_ (InvoiceType | Unset): What an invoice sells: a `service` invoice holds services only and needs no
                warehouse.
            version (int | None | Unset): The version the change is based on; a stale one is 409 `version_conflict`.
            warehouse_id (int | None | Unset): `null` leaves the draft without one (refused while a line is a product).
    """

    agent_id: int | None | Unset = UNSET
    custom_fields: CustomValuesIn | Unset = UNSET
    customer_id: int | Unset = UNSET
    due_date: datetime.date | Unset = UNSET
    invoice_date: datetime.date | Unset = UNSET
    items: list[LineIn] | Unset = UNSET
    notes: None | str | Unset = UNSET
    payment_terms: None | str | Unset = UNSET
    recurrence: None | Recurrence | Unset = UNSET
    type_: InvoiceType | Unset = UNSET
    version: int | None | Unset = UNSET
    warehouse_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        agent_id: int | None | Unset
        if isinstance(self.agent_id, Unset):
            agent_id = UNSET
        else:
            agent_id = self.agent_id

        custom_fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.custom_fields, Unset):
            custom_fields = self.custom_fields.to_dict()

        customer_id = self.customer_id

        due_date: str | Unset = UNSET
        if not isinstance(self.due_date, Unset):
            due_date = self.due_date.isoformat()

        invoice_date: str | Unset = UNSET
        if not isinstance(self.invoice_date, Unset):
            invoice_date = self.invoice_date.isoformat()

        items: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.items, Unset):
            items = []
            for items_item_data in self.items:
                items_item = items_item_data.to_dict()
                items.append(items_item)

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

        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        warehouse_id: int | None | Unset
        if isinstance(self.warehouse_id, Unset):
            warehouse_id = UNSET
        else:
            warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if agent_id is not UNSET:
            field_dict["agent_id"] = agent_id
        if custom_fields is not UNSET:
            field_dict["custom_fields"] = custom_fields
        if customer_id is not UNSET:
            field_dict["customer_id"] = customer_id
        if due_date is not UNSET:
            field_dict["due_date"] = due_date
        if invoice_date is not UNSET:
            field_dict["invoice_date"] = invoice_date
        if items is not UNSET:
            field_dict["items"] = items
        if notes is not UNSET:
            field_dict["notes"] = notes
        if payment_terms is not UNSET:
            field_dict["payment_terms"] = payment_terms
        if recurrence is not UNSET:
            field_dict["recurrence"] = recurrence
        if type_ is not UNSET:
            field_dict["type"] = type_
        if version is not UNSET:
            field_dict["version"] = version
        if warehouse_id is not UNSET:
            field_dict["warehouse_id"] = warehouse_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values_in import CustomValuesIn
        from ..models.line_in import LineIn

        d = dict(src_dict)

        def _parse_agent_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        agent_id = _parse_agent_id(d.pop("agent_id", UNSET))

        _custom_fields = d.pop("custom_fields", UNSET)
        custom_fields: CustomValuesIn | Unset
        if isinstance(_custom_fields, Unset):
            custom_fields = UNSET
        else:
            custom_fields = CustomValuesIn.from_dict(_custom_fields)

        customer_id = d.pop("customer_id", UNSET)

        _due_date = d.pop("due_date", UNSET)
        due_date: datetime.date | Unset
        if isinstance(_due_date, Unset):
            due_date = UNSET
        else:
            due_date = datetime.date.fromisoformat(_due_date)

        _invoice_date = d.pop("invoice_date", UNSET)
        invoice_date: datetime.date | Unset
        if isinstance(_invoice_date, Unset):
            invoice_date = UNSET
        else:
            invoice_date = datetime.date.fromisoformat(_invoice_date)

        _items = d.pop("items", UNSET)
        items: list[LineIn] | Unset = UNSET
        if _items is not UNSET:
            items = []
            for items_item_data in _items:
                items_item = LineIn.from_dict(items_item_data)

                items.append(items_item)

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

        _type_ = d.pop("type", UNSET)
        type_: InvoiceType | Unset
        if isinstance(_type_, Unset):
            type_ = UNSET
        else:
            type_ = InvoiceType(_type_)

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        def _parse_warehouse_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        warehouse_id = _parse_warehouse_id(d.pop("warehouse_id", UNSET))

        versioned_sales_invoice_patch = cls(
            agent_id=agent_id,
            custom_fields=custom_fields,
            customer_id=customer_id,
            due_date=due_date,
            invoice_date=invoice_date,
            items=items,
            notes=notes,
            payment_terms=payment_terms,
            recurrence=recurrence,
            type_=type_,
            version=version,
            warehouse_id=warehouse_id,
        )

        versioned_sales_invoice_patch.additional_properties = d
        return versioned_sales_invoice_patch

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
