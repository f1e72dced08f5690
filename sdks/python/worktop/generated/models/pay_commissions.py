from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PayCommissions")


@_attrs_define
class PayCommissions:
    """Body of `POST /api/agents/{agent}/commissions/pay` (designed).

    Example:
        {'bank_account_id': 1, 'date': '2026-04-30', 'invoice_ids': [12, 15]}

    Attributes:
        bank_account_id (int): The active bank account the money leaves.
        invoice_ids (list[int]): From 1 to 10 invoices whose commission the agent is owed.
        date (datetime.date | None | Unset): Defaults to today.
    """

    bank_account_id: int
    invoice_ids: list[int]
    date: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bank_account_id = self.bank_account_id

        invoice_ids = self.invoice_ids

        date: None | str | Unset
        if isinstance(self.date, Unset):
            date = UNSET
        elif isinstance(self.date, datetime.date):
            date = self.date.isoformat()
        else:
            date = self.date

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bank_account_id": bank_account_id,
                "invoice_ids": invoice_ids,
            }
        )
        if date is not UNSET:
            field_dict["date"] = date

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        bank_account_id = d.pop("bank_account_id")

        invoice_ids = cast(list[int], d.pop("invoice_ids"))

        def _parse_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                date_type_0 = datetime.date.fromisoformat(data)

                return date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        date = _parse_date(d.pop("date", UNSET))

        pay_commissions = cls(
            bank_account_id=bank_account_id,
            invoice_ids=invoice_ids,
            date=date,
        )

        pay_commissions.additional_properties = d
        return pay_commissions

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
