from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.payment_status import PaymentStatus

if TYPE_CHECKING:
    from ..models.allocation import Allocation


T = TypeVar("T", bound="CustomerPayment")


@_attrs_define
class CustomerPayment:
    """A payment from a customer, settling its sales invoices.

    Attributes:
        allocations (list[Allocation]): The invoices it settles; their sum is at most `amount`.
        amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string is
            accepted too). Example: 1250.5.
        bank_account_id (int):
        bank_transaction_id (int | None):
        cancelled_at (None | str):
        cleared_at (None | str):
        created_at (str): RFC 3339, UTC.
        customer_id (int):
        date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        id (int): Unique per workspace and resource.
        journal_entry_id (int | None): The entry of its clearing, and of its cancelling when it was cleared.
        notes (None | str):
        number (str): From the workspace's `vendor_payment` / `customer_payment` number series (`VPAY-000001` /
            `CPAY-000001`), given in the transaction that stores it.
        reference_number (None | str):
        reversal_journal_entry_id (int | None):
        status (PaymentStatus): Where a payment stands.
        unallocated_amount (float): `amount` less the allocations: paid on account. Example: 1250.5.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    allocations: list[Allocation]
    amount: float
    bank_account_id: int
    bank_transaction_id: int | None
    cancelled_at: None | str
    cleared_at: None | str
    created_at: str
    customer_id: int
    date: datetime.date
    id: int
    journal_entry_id: int | None
    notes: None | str
    number: str
    reference_number: None | str
    reversal_journal_entry_id: int | None
    status: PaymentStatus
    unallocated_amount: float
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        allocations = []
        for allocations_item_data in self.allocations:
            allocations_item = allocations_item_data.to_dict()
            allocations.append(allocations_item)

        amount = self.amount

        bank_account_id = self.bank_account_id

        bank_transaction_id: int | None
        bank_transaction_id = self.bank_transaction_id

        cancelled_at: None | str
        cancelled_at = self.cancelled_at

        cleared_at: None | str
        cleared_at = self.cleared_at

        created_at = self.created_at

        customer_id = self.customer_id

        date = self.date.isoformat()

        id = self.id

        journal_entry_id: int | None
        journal_entry_id = self.journal_entry_id

        notes: None | str
        notes = self.notes

        number = self.number

        reference_number: None | str
        reference_number = self.reference_number

        reversal_journal_entry_id: int | None
        reversal_journal_entry_id = self.reversal_journal_entry_id

        status = self.status.value

        unallocated_amount = self.unallocated_amount

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "allocations": allocations,
                "amount": amount,
                "bank_account_id": bank_account_id,
                "bank_transaction_id": bank_transaction_id,
                "cancelled_at": cancelled_at,
                "cleared_at": cleared_at,
                "created_at": created_at,
                "customer_id": customer_id,
                "date": date,
                "id": id,
                "journal_entry_id": journal_entry_id,
                "notes": notes,
                "number": number,
                "reference_number": reference_number,
                "reversal_journal_entry_id": reversal_journal_entry_id,
                "status": status,
                "unallocated_amount": unallocated_amount,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.allocation import Allocation

        d = dict(src_dict)
        allocations = []
        _allocations = d.pop("allocations")
        for allocations_item_data in _allocations:
            allocations_item = Allocation.from_dict(allocations_item_data)

            allocations.append(allocations_item)

        amount = d.pop("amount")

        bank_account_id = d.pop("bank_account_id")

        def _parse_bank_transaction_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        bank_transaction_id = _parse_bank_transaction_id(d.pop("bank_transaction_id"))

        def _parse_cancelled_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cancelled_at = _parse_cancelled_at(d.pop("cancelled_at"))

        def _parse_cleared_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cleared_at = _parse_cleared_at(d.pop("cleared_at"))

        created_at = d.pop("created_at")

        customer_id = d.pop("customer_id")

        date = datetime.date.fromisoformat(d.pop("date"))

        id = d.pop("id")

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

        number = d.pop("number")

        def _parse_reference_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reference_number = _parse_reference_number(d.pop("reference_number"))

        def _parse_reversal_journal_entry_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        reversal_journal_entry_id = _parse_reversal_journal_entry_id(
            d.pop("reversal_journal_entry_id")
        )

        status = PaymentStatus(d.pop("status"))

        unallocated_amount = d.pop("unallocated_amount")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        customer_payment = cls(
            allocations=allocations,
            amount=amount,
            bank_account_id=bank_account_id,
            bank_transaction_id=bank_transaction_id,
            cancelled_at=cancelled_at,
            cleared_at=cleared_at,
            created_at=created_at,
            customer_id=customer_id,
            date=date,
            id=id,
            journal_entry_id=journal_entry_id,
            notes=notes,
            number=number,
            reference_number=reference_number,
            reversal_journal_entry_id=reversal_journal_entry_id,
            status=status,
            unallocated_amount=unallocated_amount,
            updated_at=updated_at,
            version=version,
        )

        customer_payment.additional_properties = d
        return customer_payment

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
