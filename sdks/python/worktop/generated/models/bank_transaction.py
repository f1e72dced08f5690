from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.transaction_kind import TransactionKind

T = TypeVar("T", bound="BankTransaction")


@_attrs_define
class BankTransaction:
    """One posted movement of a bank account. Immutable.

    Attributes:
        amount (float): Signed: positive in, negative out. Example: 1250.5.
        bank_account_id (int):
        created_at (str): RFC 3339, UTC.
        date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        description (None | str):
        id (int):
        journal_entry_id (int):
        kind (TransactionKind): What moved money in or out of a bank account.
        running_balance (float): A running total or balance with two decimal places: a sum of amounts, so it may pass
            the bound a single amount has. Example: 1250.5.
        source_id (int):
        source_type (str): The document that moved it (`expense`, `revenue`, `bank_transfer`) and its id.
    """

    amount: float
    bank_account_id: int
    created_at: str
    date: datetime.date
    description: None | str
    id: int
    journal_entry_id: int
    kind: TransactionKind
    running_balance: float
    source_id: int
    source_type: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        bank_account_id = self.bank_account_id

        created_at = self.created_at

        date = self.date.isoformat()

        description: None | str
        description = self.description

        id = self.id

        journal_entry_id = self.journal_entry_id

        kind = self.kind.value

        running_balance = self.running_balance

        source_id = self.source_id

        source_type = self.source_type

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "bank_account_id": bank_account_id,
                "created_at": created_at,
                "date": date,
                "description": description,
                "id": id,
                "journal_entry_id": journal_entry_id,
                "kind": kind,
                "running_balance": running_balance,
                "source_id": source_id,
                "source_type": source_type,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        bank_account_id = d.pop("bank_account_id")

        created_at = d.pop("created_at")

        date = datetime.date.fromisoformat(d.pop("date"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        id = d.pop("id")

        journal_entry_id = d.pop("journal_entry_id")

        kind = TransactionKind(d.pop("kind"))

        running_balance = d.pop("running_balance")

        source_id = d.pop("source_id")

        source_type = d.pop("source_type")

        bank_transaction = cls(
            amount=amount,
            bank_account_id=bank_account_id,
            created_at=created_at,
            date=date,
            description=description,
            id=id,
            journal_entry_id=journal_entry_id,
            kind=kind,
            running_balance=running_balance,
            source_id=source_id,
            source_type=source_type,
        )

        bank_transaction.additional_properties = d
        return bank_transaction

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
