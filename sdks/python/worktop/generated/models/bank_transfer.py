from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BankTransfer")


@_attrs_define
class BankTransfer:
    """Money moved between two bank accounts: one journal entry and a movement on each side.

    Attributes:
        amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string is
            accepted too). Example: 1250.5.
        created_at (str): RFC 3339, UTC.
        date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        description (None | str):
        from_bank_account_id (int):
        id (int): Unique per workspace and resource.
        journal_entry_id (int):
        reference (None | str):
        to_bank_account_id (int):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    amount: float
    created_at: str
    date: datetime.date
    description: None | str
    from_bank_account_id: int
    id: int
    journal_entry_id: int
    reference: None | str
    to_bank_account_id: int
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        created_at = self.created_at

        date = self.date.isoformat()

        description: None | str
        description = self.description

        from_bank_account_id = self.from_bank_account_id

        id = self.id

        journal_entry_id = self.journal_entry_id

        reference: None | str
        reference = self.reference

        to_bank_account_id = self.to_bank_account_id

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "created_at": created_at,
                "date": date,
                "description": description,
                "from_bank_account_id": from_bank_account_id,
                "id": id,
                "journal_entry_id": journal_entry_id,
                "reference": reference,
                "to_bank_account_id": to_bank_account_id,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        created_at = d.pop("created_at")

        date = datetime.date.fromisoformat(d.pop("date"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        from_bank_account_id = d.pop("from_bank_account_id")

        id = d.pop("id")

        journal_entry_id = d.pop("journal_entry_id")

        def _parse_reference(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reference = _parse_reference(d.pop("reference"))

        to_bank_account_id = d.pop("to_bank_account_id")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        bank_transfer = cls(
            amount=amount,
            created_at=created_at,
            date=date,
            description=description,
            from_bank_account_id=from_bank_account_id,
            id=id,
            journal_entry_id=journal_entry_id,
            reference=reference,
            to_bank_account_id=to_bank_account_id,
            updated_at=updated_at,
            version=version,
        )

        bank_transfer.additional_properties = d
        return bank_transfer

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
