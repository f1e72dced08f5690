from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="JournalLine")


@_attrs_define
class JournalLine:
    """One line of an entry: an amount on one side of one account.

    Attributes:
        account_code (str):
        account_id (int):
        account_name (str):
        credit (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string is
            accepted too). Example: 1250.5.
        debit (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string is
            accepted too). Example: 1250.5.
    """

    account_code: str
    account_id: int
    account_name: str
    credit: float
    debit: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account_code = self.account_code

        account_id = self.account_id

        account_name = self.account_name

        credit = self.credit

        debit = self.debit

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "account_code": account_code,
                "account_id": account_id,
                "account_name": account_name,
                "credit": credit,
                "debit": debit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        account_code = d.pop("account_code")

        account_id = d.pop("account_id")

        account_name = d.pop("account_name")

        credit = d.pop("credit")

        debit = d.pop("debit")

        journal_line = cls(
            account_code=account_code,
            account_id=account_id,
            account_name=account_name,
            credit=credit,
            debit=debit,
        )

        journal_line.additional_properties = d
        return journal_line

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
