from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.pos_status import PosStatus

if TYPE_CHECKING:
    from ..models.payment import Payment
    from ..models.pos_line import PosLine


T = TypeVar("T", bound="PosSale")


@_attrs_define
class PosSale:
    """The fields every stored record carries, flattened into it.

    Attributes:
        change_due (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string
            is accepted too). Example: 1250.5.
        created_at (str): RFC 3339, UTC.
        customer_id (int | None):
        discount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string
            is accepted too). Example: 1250.5.
        id (int): Unique per workspace and resource.
        items (list[PosLine]):
        journal_entry_id (int | None): The journal entry the sale posted (debit cash 1000, credit sales 4100 / 4200 and
            output
            VAT 2100; cost of goods 5100 against inventory 1200); `null` where no books are kept or
            nothing was posted (a sale of zero).
        note (None | str):
        paid (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string is
            accepted too). Example: 1250.5.
        payments (list[Payment]):
        pos_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        sale_number (str): `POS-000001`: sequential per workspace, without gaps.
        status (PosStatus):
        subtotal (float): Before discounts and taxes. Example: 1250.5.
        tax (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string is
            accepted too). Example: 1250.5.
        total (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string is
            accepted too). Example: 1250.5.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
        warehouse_id (int):
    """

    change_due: float
    created_at: str
    customer_id: int | None
    discount: float
    id: int
    items: list[PosLine]
    journal_entry_id: int | None
    note: None | str
    paid: float
    payments: list[Payment]
    pos_date: datetime.date
    sale_number: str
    status: PosStatus
    subtotal: float
    tax: float
    total: float
    updated_at: str
    version: int
    warehouse_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        change_due = self.change_due

        created_at = self.created_at

        customer_id: int | None
        customer_id = self.customer_id

        discount = self.discount

        id = self.id

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        journal_entry_id: int | None
        journal_entry_id = self.journal_entry_id

        note: None | str
        note = self.note

        paid = self.paid

        payments = []
        for payments_item_data in self.payments:
            payments_item = payments_item_data.to_dict()
            payments.append(payments_item)

        pos_date = self.pos_date.isoformat()

        sale_number = self.sale_number

        status = self.status.value

        subtotal = self.subtotal

        tax = self.tax

        total = self.total

        updated_at = self.updated_at

        version = self.version

        warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "change_due": change_due,
                "created_at": created_at,
                "customer_id": customer_id,
                "discount": discount,
                "id": id,
                "items": items,
                "journal_entry_id": journal_entry_id,
                "note": note,
                "paid": paid,
                "payments": payments,
                "pos_date": pos_date,
                "sale_number": sale_number,
                "status": status,
                "subtotal": subtotal,
                "tax": tax,
                "total": total,
                "updated_at": updated_at,
                "version": version,
                "warehouse_id": warehouse_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.payment import Payment
        from ..models.pos_line import PosLine

        d = dict(src_dict)
        change_due = d.pop("change_due")

        created_at = d.pop("created_at")

        def _parse_customer_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        customer_id = _parse_customer_id(d.pop("customer_id"))

        discount = d.pop("discount")

        id = d.pop("id")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = PosLine.from_dict(items_item_data)

            items.append(items_item)

        def _parse_journal_entry_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        journal_entry_id = _parse_journal_entry_id(d.pop("journal_entry_id"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        paid = d.pop("paid")

        payments = []
        _payments = d.pop("payments")
        for payments_item_data in _payments:
            payments_item = Payment.from_dict(payments_item_data)

            payments.append(payments_item)

        pos_date = datetime.date.fromisoformat(d.pop("pos_date"))

        sale_number = d.pop("sale_number")

        status = PosStatus(d.pop("status"))

        subtotal = d.pop("subtotal")

        tax = d.pop("tax")

        total = d.pop("total")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        warehouse_id = d.pop("warehouse_id")

        pos_sale = cls(
            change_due=change_due,
            created_at=created_at,
            customer_id=customer_id,
            discount=discount,
            id=id,
            items=items,
            journal_entry_id=journal_entry_id,
            note=note,
            paid=paid,
            payments=payments,
            pos_date=pos_date,
            sale_number=sale_number,
            status=status,
            subtotal=subtotal,
            tax=tax,
            total=total,
            updated_at=updated_at,
            version=version,
            warehouse_id=warehouse_id,
        )

        pos_sale.additional_properties = d
        return pos_sale

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
