from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invoice_status_type_0 import InvoiceStatusType0
from ..models.invoice_status_type_1 import InvoiceStatusType1
from ..models.invoice_type import InvoiceType
from ..models.recurrence import Recurrence

if TYPE_CHECKING:
    from ..models.billed_customer import BilledCustomer
    from ..models.custom_values import CustomValues
    from ..models.line import Line


T = TypeVar("T", bound="InvoiceWithCustomer")


@_attrs_define
class InvoiceWithCustomer:
    """A sales invoice with its customer.

    Attributes:
        agent_id (int | None): The sales agent credited with it.
        balance_amount (float): `total_amount − paid_amount − credit_note_applied`. Example: 1250.5.
        commission_amount (float): What the agent earns once it is paid: its amount net of tax at `commission_rate`.
            Default: 0.0. Example: 1250.5.
        commission_paid_at (None | str): When the agent's commission on it was paid out.
        commission_payout_id (int | None): The commission payout that paid it (`null` again when that payout is
            cancelled).
        commission_rate (float | None): The agent's rate when credited. Example: 20.
        created_at (str): RFC 3339, UTC.
        credit_note_applied (float): Taken off by credit notes applied to it. Example: 1250.5.
        custom_fields (CustomValues): The workspace's custom fields on this record, by key (GET /api/custom-fields).
        customer (BilledCustomer | None): `null` only if the customer is gone (a customer an invoice names cannot be
            deleted).
        customer_id (int):
        discount_amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
            string is accepted too). Example: 1250.5.
        due_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        id (int): Unique per workspace and resource.
        invoice_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        invoice_number (None | str): Given when it is posted, from the workspace's `sales_invoice` number series
            (`INV-000001`):
            one unbroken sequence of posted invoices. A draft has none, so a deleted draft leaves no gap.
        items (list[Line]):
        journal_entry_id (int | None):
        notes (None | str):
        paid_amount (float): Paid by the customer. Example: 1250.5.
        payment_terms (None | str):
        posted_at (None | str):
        recurrence (None | Recurrence):
        revenue_counted (bool): A posted recurring invoice whose amount the revenue report counts (added just after the
            posting; `false` until then). Default: False.
        status (InvoiceStatusType0 | InvoiceStatusType1): Where a sales or purchase invoice stands.
        subtotal (float): Before discounts and taxes. Example: 1250.5.
        tax_amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string
            is accepted too). Example: 1250.5.
        total_amount (float): `subtotal − discount_amount + tax_amount`. Example: 1250.5.
        type_ (InvoiceType): What an invoice sells: a `service` invoice holds services only and needs no warehouse.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
        warehouse_id (int | None): Where its products leave from; required when a line is a product.
    """

    agent_id: int | None
    balance_amount: float
    commission_paid_at: None | str
    commission_payout_id: int | None
    commission_rate: float | None
    created_at: str
    credit_note_applied: float
    custom_fields: CustomValues
    customer: BilledCustomer | None
    customer_id: int
    discount_amount: float
    due_date: datetime.date
    id: int
    invoice_date: datetime.date
    invoice_number: None | str
    items: list[Line]
    journal_entry_id: int | None
    notes: None | str
    paid_amount: float
    payment_terms: None | str
    posted_at: None | str
    recurrence: None | Recurrence
    status: InvoiceStatusType0 | InvoiceStatusType1
    subtotal: float
    tax_amount: float
    total_amount: float
    type_: InvoiceType
    updated_at: str
    version: int
    warehouse_id: int | None
    commission_amount: float = 0.0
    revenue_counted: bool = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.billed_customer import BilledCustomer

        agent_id: int | None
        agent_id = self.agent_id

        balance_amount = self.balance_amount

        commission_amount = self.commission_amount

        commission_paid_at: None | str
        commission_paid_at = self.commission_paid_at

        commission_payout_id: int | None
        commission_payout_id = self.commission_payout_id

        commission_rate: float | None
        commission_rate = self.commission_rate

        created_at = self.created_at

        credit_note_applied = self.credit_note_applied

        custom_fields = self.custom_fields.to_dict()

        customer: dict[str, Any] | None
        if isinstance(self.customer, BilledCustomer):
            customer = self.customer.to_dict()
        else:
            customer = self.customer

        customer_id = self.customer_id

        discount_amount = self.discount_amount

        due_date = self.due_date.isoformat()

        id = self.id

        invoice_date = self.invoice_date.isoformat()

        invoice_number: None | str
        invoice_number = self.invoice_number

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        journal_entry_id: int | None
        journal_entry_id = self.journal_entry_id

        notes: None | str
        notes = self.notes

        paid_amount = self.paid_amount

        payment_terms: None | str
        payment_terms = self.payment_terms

        posted_at: None | str
        posted_at = self.posted_at

        recurrence: None | str
        if isinstance(self.recurrence, Recurrence):
            recurrence = self.recurrence.value
        else:
            recurrence = self.recurrence

        revenue_counted = self.revenue_counted

        status: str
        if isinstance(self.status, InvoiceStatusType0):
            status = self.status.value
        else:
            status = self.status.value

        subtotal = self.subtotal

        tax_amount = self.tax_amount

        total_amount = self.total_amount

        type_ = self.type_.value

        updated_at = self.updated_at

        version = self.version

        warehouse_id: int | None
        warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "agent_id": agent_id,
                "balance_amount": balance_amount,
                "commission_amount": commission_amount,
                "commission_paid_at": commission_paid_at,
                "commission_payout_id": commission_payout_id,
                "commission_rate": commission_rate,
                "created_at": created_at,
                "credit_note_applied": credit_note_applied,
                "custom_fields": custom_fields,
                "customer": customer,
                "customer_id": customer_id,
                "discount_amount": discount_amount,
                "due_date": due_date,
                "id": id,
                "invoice_date": invoice_date,
                "invoice_number": invoice_number,
                "items": items,
                "journal_entry_id": journal_entry_id,
                "notes": notes,
                "paid_amount": paid_amount,
                "payment_terms": payment_terms,
                "posted_at": posted_at,
                "recurrence": recurrence,
                "revenue_counted": revenue_counted,
                "status": status,
                "subtotal": subtotal,
                "tax_amount": tax_amount,
                "total_amount": total_amount,
                "type": type_,
                "updated_at": updated_at,
                "version": version,
                "warehouse_id": warehouse_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.billed_customer import BilledCustomer
        from ..models.custom_values import CustomValues
        from ..models.line import Line

        d = dict(src_dict)

        def _parse_agent_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        agent_id = _parse_agent_id(d.pop("agent_id"))

        balance_amount = d.pop("balance_amount")

        commission_amount = d.pop("commission_amount")

        def _parse_commission_paid_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        commission_paid_at = _parse_commission_paid_at(d.pop("commission_paid_at"))

        def _parse_commission_payout_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        commission_payout_id = _parse_commission_payout_id(
            d.pop("commission_payout_id")
        )

        def _parse_commission_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        commission_rate = _parse_commission_rate(d.pop("commission_rate"))

        created_at = d.pop("created_at")

        credit_note_applied = d.pop("credit_note_applied")

        custom_fields = CustomValues.from_dict(d.pop("custom_fields"))

        def _parse_customer(data: object) -> BilledCustomer | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                customer_type_1 = BilledCustomer.from_dict(data)

                return customer_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BilledCustomer | None, data)

        customer = _parse_customer(d.pop("customer"))

        customer_id = d.pop("customer_id")

        discount_amount = d.pop("discount_amount")

        due_date = datetime.date.fromisoformat(d.pop("due_date"))

        id = d.pop("id")

        invoice_date = datetime.date.fromisoformat(d.pop("invoice_date"))

        def _parse_invoice_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        invoice_number = _parse_invoice_number(d.pop("invoice_number"))

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = Line.from_dict(items_item_data)

            items.append(items_item)

        def _parse_journal_entry_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        journal_entry_id = _parse_journal_entry_id(d.pop("journal_entry_id"))

        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))

        paid_amount = d.pop("paid_amount")

        def _parse_payment_terms(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        payment_terms = _parse_payment_terms(d.pop("payment_terms"))

        def _parse_posted_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        posted_at = _parse_posted_at(d.pop("posted_at"))

        def _parse_recurrence(data: object) -> None | Recurrence:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                recurrence_type_1 = Recurrence(data)

                return recurrence_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Recurrence, data)

        recurrence = _parse_recurrence(d.pop("recurrence"))

        revenue_counted = d.pop("revenue_counted")

        def _parse_status(data: object) -> InvoiceStatusType0 | InvoiceStatusType1:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_invoice_status_type_0 = InvoiceStatusType0(data)

                return componentsschemas_invoice_status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            componentsschemas_invoice_status_type_1 = InvoiceStatusType1(data)

            return componentsschemas_invoice_status_type_1

        status = _parse_status(d.pop("status"))

        subtotal = d.pop("subtotal")

        tax_amount = d.pop("tax_amount")

        total_amount = d.pop("total_amount")

        type_ = InvoiceType(d.pop("type"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        def _parse_warehouse_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        warehouse_id = _parse_warehouse_id(d.pop("warehouse_id"))

        invoice_with_customer = cls(
            agent_id=agent_id,
            balance_amount=balance_amount,
            commission_amount=commission_amount,
            commission_paid_at=commission_paid_at,
            commission_payout_id=commission_payout_id,
            commission_rate=commission_rate,
            created_at=created_at,
            credit_note_applied=credit_note_applied,
            custom_fields=custom_fields,
            customer=customer,
            customer_id=customer_id,
            discount_amount=discount_amount,
            due_date=due_date,
            id=id,
            invoice_date=invoice_date,
            invoice_number=invoice_number,
            items=items,
            journal_entry_id=journal_entry_id,
            notes=notes,
            paid_amount=paid_amount,
            payment_terms=payment_terms,
            posted_at=posted_at,
            recurrence=recurrence,
            revenue_counted=revenue_counted,
            status=status,
            subtotal=subtotal,
            tax_amount=tax_amount,
            total_amount=total_amount,
            type_=type_,
            updated_at=updated_at,
            version=version,
            warehouse_id=warehouse_id,
        )

        invoice_with_customer.additional_properties = d
        return invoice_with_customer

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
