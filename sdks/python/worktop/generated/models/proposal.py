from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.proposal_status import ProposalStatus

if TYPE_CHECKING:
    from ..models.line import Line


T = TypeVar("T", bound="Proposal")


@_attrs_define
class Proposal:
    """An offer to a customer.

    Attributes:
        converted_to_invoice (bool): Set once, by `convert-to-invoice`.
        created_at (str): RFC 3339, UTC.
        customer_id (int):
        discount_amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
            string is accepted too). Example: 1250.5.
        due_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        id (int): Unique per workspace and resource.
        invoice_id (int | None): The draft invoice it became.
        items (list[Line]):
        notes (None | str):
        payment_terms (None | str):
        proposal_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        proposal_number (str): From the workspace's `proposal` number series (`PROP-000001`), given when it is stored:
            one unbroken sequence.
        status (ProposalStatus): Where a proposal stands.
        subtotal (float): Before discounts and taxes. Example: 1250.5.
        tax_amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string
            is accepted too). Example: 1250.5.
        total_amount (float): `subtotal − discount_amount + tax_amount`. Example: 1250.5.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
        warehouse_id (int | None): Where its products would leave from; required when a line is a product.
    """

    converted_to_invoice: bool
    created_at: str
    customer_id: int
    discount_amount: float
    due_date: datetime.date
    id: int
    invoice_id: int | None
    items: list[Line]
    notes: None | str
    payment_terms: None | str
    proposal_date: datetime.date
    proposal_number: str
    status: ProposalStatus
    subtotal: float
    tax_amount: float
    total_amount: float
    updated_at: str
    version: int
    warehouse_id: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        converted_to_invoice = self.converted_to_invoice

        created_at = self.created_at

        customer_id = self.customer_id

        discount_amount = self.discount_amount

        due_date = self.due_date.isoformat()

        id = self.id

        invoice_id: int | None
        invoice_id = self.invoice_id

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        notes: None | str
        notes = self.notes

        payment_terms: None | str
        payment_terms = self.payment_terms

        proposal_date = self.proposal_date.isoformat()

        proposal_number = self.proposal_number

        status = self.status.value

        subtotal = self.subtotal

        tax_amount = self.tax_amount

        total_amount = self.total_amount

        updated_at = self.updated_at

        version = self.version

        warehouse_id: int | None
        warehouse_id = self.warehouse_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "converted_to_invoice": converted_to_invoice,
                "created_at": created_at,
                "customer_id": customer_id,
                "discount_amount": discount_amount,
                "due_date": due_date,
                "id": id,
                "invoice_id": invoice_id,
                "items": items,
                "notes": notes,
                "payment_terms": payment_terms,
                "proposal_date": proposal_date,
                "proposal_number": proposal_number,
                "status": status,
                "subtotal": subtotal,
                "tax_amount": tax_amount,
                "total_amount": total_amount,
                "updated_at": updated_at,
                "version": version,
                "warehouse_id": warehouse_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.line import Line

        d = dict(src_dict)
        converted_to_invoice = d.pop("converted_to_invoice")

        created_at = d.pop("created_at")

        customer_id = d.pop("customer_id")

        discount_amount = d.pop("discount_amount")

        due_date = datetime.date.fromisoformat(d.pop("due_date"))

        id = d.pop("id")

        def _parse_invoice_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        invoice_id = _parse_invoice_id(d.pop("invoice_id"))

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = Line.from_dict(items_item_data)

            items.append(items_item)

        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))

        def _parse_payment_terms(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        payment_terms = _parse_payment_terms(d.pop("payment_terms"))

        proposal_date = datetime.date.fromisoformat(d.pop("proposal_date"))

        proposal_number = d.pop("proposal_number")

        status = ProposalStatus(d.pop("status"))

        subtotal = d.pop("subtotal")

        tax_amount = d.pop("tax_amount")

        total_amount = d.pop("total_amount")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        def _parse_warehouse_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        warehouse_id = _parse_warehouse_id(d.pop("warehouse_id"))

        proposal = cls(
            converted_to_invoice=converted_to_invoice,
            created_at=created_at,
            customer_id=customer_id,
            discount_amount=discount_amount,
            due_date=due_date,
            id=id,
            invoice_id=invoice_id,
            items=items,
            notes=notes,
            payment_terms=payment_terms,
            proposal_date=proposal_date,
            proposal_number=proposal_number,
            status=status,
            subtotal=subtotal,
            tax_amount=tax_amount,
            total_amount=total_amount,
            updated_at=updated_at,
            version=version,
            warehouse_id=warehouse_id,
        )

        proposal.additional_properties = d
        return proposal

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
