from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.payout_status import PayoutStatus

if TYPE_CHECKING:
    from ..models.owed_commission import OwedCommission


T = TypeVar("T", bound="CommissionPayout")


@_attrs_define
class CommissionPayout:
    """A payout of a sales agent's commissions on some paid invoices, from a bank account.

    Attributes:
        agent_id (int):
        amount (float): The sum of the commissions paid. Example: 1250.5.
        bank_account_id (int): The bank account the money left.
        bank_transaction_id (int): The withdrawal from the bank account.
        cancelled_at (None | str):
        commissions (list[OwedCommission]): The invoices whose commission it paid.
        created_at (str): RFC 3339, UTC.
        date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        id (int): Unique per workspace and resource.
        journal_entry_id (int): Sales commissions (6350) debited, the bank account's GL account credited.
        payout_number (str): From the workspace's `commission_payout` series (`COM-000001`), given in the transaction
            that stores it.
        reversal_journal_entry_id (int | None): The entry reversing `journal_entry_id`, once cancelled.
        status (PayoutStatus): Where a payout stands: `paid` when made (its journal entry and bank withdrawal written
            with it), `cancelled` once both are reversed and its commissions owed again.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    agent_id: int
    amount: float
    bank_account_id: int
    bank_transaction_id: int
    cancelled_at: None | str
    commissions: list[OwedCommission]
    created_at: str
    date: datetime.date
    id: int
    journal_entry_id: int
    payout_number: str
    reversal_journal_entry_id: int | None
    status: PayoutStatus
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        agent_id = self.agent_id

        amount = self.amount

        bank_account_id = self.bank_account_id

        bank_transaction_id = self.bank_transaction_id

        cancelled_at: None | str
        cancelled_at = self.cancelled_at

        commissions = []
        for commissions_item_data in self.commissions:
            commissions_item = commissions_item_data.to_dict()
            commissions.append(commissions_item)

        created_at = self.created_at

        date = self.date.isoformat()

        id = self.id

        journal_entry_id = self.journal_entry_id

        payout_number = self.payout_number

        reversal_journal_entry_id: int | None
        reversal_journal_entry_id = self.reversal_journal_entry_id

        status = self.status.value

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "agent_id": agent_id,
                "amount": amount,
                "bank_account_id": bank_account_id,
                "bank_transaction_id": bank_transaction_id,
                "cancelled_at": cancelled_at,
                "commissions": commissions,
                "created_at": created_at,
                "date": date,
                "id": id,
                "journal_entry_id": journal_entry_id,
                "payout_number": payout_number,
                "reversal_journal_entry_id": reversal_journal_entry_id,
                "status": status,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.owed_commission import OwedCommission

        d = dict(src_dict)
        agent_id = d.pop("agent_id")

        amount = d.pop("amount")

        bank_account_id = d.pop("bank_account_id")

        bank_transaction_id = d.pop("bank_transaction_id")

        def _parse_cancelled_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cancelled_at = _parse_cancelled_at(d.pop("cancelled_at"))

        commissions = []
        _commissions = d.pop("commissions")
        for commissions_item_data in _commissions:
            commissions_item = OwedCommission.from_dict(commissions_item_data)

            commissions.append(commissions_item)

        created_at = d.pop("created_at")

        date = datetime.date.fromisoformat(d.pop("date"))

        id = d.pop("id")

        journal_entry_id = d.pop("journal_entry_id")

        payout_number = d.pop("payout_number")

        def _parse_reversal_journal_entry_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        reversal_journal_entry_id = _parse_reversal_journal_entry_id(
            d.pop("reversal_journal_entry_id")
        )

        status = PayoutStatus(d.pop("status"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        commission_payout = cls(
            agent_id=agent_id,
            amount=amount,
            bank_account_id=bank_account_id,
            bank_transaction_id=bank_transaction_id,
            cancelled_at=cancelled_at,
            commissions=commissions,
            created_at=created_at,
            date=date,
            id=id,
            journal_entry_id=journal_entry_id,
            payout_number=payout_number,
            reversal_journal_entry_id=reversal_journal_entry_id,
            status=status,
            updated_at=updated_at,
            version=version,
        )

        commission_payout.additional_properties = d
        return commission_payout

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
