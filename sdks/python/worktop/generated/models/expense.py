from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.entry_status import EntryStatus

T = TypeVar("T", bound="Expense")


@_attrs_define
class Expense:
    """Money spent: an expense and its vendor.

    Attributes:
        amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string is
            accepted too). Example: 1250.5.
        approved_at (None | str):
        approved_by (int | None):
        bank_account_id (int): The bank account the money leaves or reaches when posted.
        bank_transaction_id (int | None):
        category_id (int): The GL account it is filed under: an expense (6000+) or revenue category.
        created_at (str): RFC 3339, UTC.
        date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        description (None | str):
        id (int): Unique per workspace and resource.
        journal_entry_id (int | None):
        number (None | str): `EXP-000001` / `REV-000001`, given when posted; `null` before.
        posted_at (None | str):
        reference_number (None | str):
        status (EntryStatus): Where an expense or revenue stands.
        updated_at (str): RFC 3339, UTC.
        vendor_id (int | None):
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    amount: float
    approved_at: None | str
    approved_by: int | None
    bank_account_id: int
    bank_transaction_id: int | None
    category_id: int
    created_at: str
    date: datetime.date
    description: None | str
    id: int
    journal_entry_id: int | None
    number: None | str
    posted_at: None | str
    reference_number: None | str
    status: EntryStatus
    updated_at: str
    vendor_id: int | None
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        approved_at: None | str
        approved_at = self.approved_at

        approved_by: int | None
        approved_by = self.approved_by

        bank_account_id = self.bank_account_id

        bank_transaction_id: int | None
        bank_transaction_id = self.bank_transaction_id

        category_id = self.category_id

        created_at = self.created_at

        date = self.date.isoformat()

        description: None | str
        description = self.description

        id = self.id

        journal_entry_id: int | None
        journal_entry_id = self.journal_entry_id

        number: None | str
        number = self.number

        posted_at: None | str
        posted_at = self.posted_at

        reference_number: None | str
        reference_number = self.reference_number

        status = self.status.value

        updated_at = self.updated_at

        vendor_id: int | None
        vendor_id = self.vendor_id

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "approved_at": approved_at,
                "approved_by": approved_by,
                "bank_account_id": bank_account_id,
                "bank_transaction_id": bank_transaction_id,
                "category_id": category_id,
                "created_at": created_at,
                "date": date,
                "description": description,
                "id": id,
                "journal_entry_id": journal_entry_id,
                "number": number,
                "posted_at": posted_at,
                "reference_number": reference_number,
                "status": status,
                "updated_at": updated_at,
                "vendor_id": vendor_id,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        def _parse_approved_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        approved_at = _parse_approved_at(d.pop("approved_at"))

        def _parse_approved_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        approved_by = _parse_approved_by(d.pop("approved_by"))

        bank_account_id = d.pop("bank_account_id")

        def _parse_bank_transaction_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        bank_transaction_id = _parse_bank_transaction_id(d.pop("bank_transaction_id"))

        category_id = d.pop("category_id")

        created_at = d.pop("created_at")

        date = datetime.date.fromisoformat(d.pop("date"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        id = d.pop("id")

        def _parse_journal_entry_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        journal_entry_id = _parse_journal_entry_id(d.pop("journal_entry_id"))

        def _parse_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        number = _parse_number(d.pop("number"))

        def _parse_posted_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        posted_at = _parse_posted_at(d.pop("posted_at"))

        def _parse_reference_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reference_number = _parse_reference_number(d.pop("reference_number"))

        status = EntryStatus(d.pop("status"))

        updated_at = d.pop("updated_at")

        def _parse_vendor_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        vendor_id = _parse_vendor_id(d.pop("vendor_id"))

        version = d.pop("version")

        expense = cls(
            amount=amount,
            approved_at=approved_at,
            approved_by=approved_by,
            bank_account_id=bank_account_id,
            bank_transaction_id=bank_transaction_id,
            category_id=category_id,
            created_at=created_at,
            date=date,
            description=description,
            id=id,
            journal_entry_id=journal_entry_id,
            number=number,
            posted_at=posted_at,
            reference_number=reference_number,
            status=status,
            updated_at=updated_at,
            vendor_id=vendor_id,
            version=version,
        )

        expense.additional_properties = d
        return expense

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
