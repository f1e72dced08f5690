from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.account_type import AccountType

T = TypeVar("T", bound="AccountTypeView")


@_attrs_define
class AccountTypeView:
    """An account type with its totals over its accounts.

    Attributes:
        balance (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the bound
            a single amount has. Example: 1250.5.
        code_prefix (str): The first digit(s) of its accounts' codes.
        credit_total (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the
            bound a single amount has. Example: 1250.5.
        debit_total (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the
            bound a single amount has. Example: 1250.5.
        id (AccountType): The five account types of double entry.
        name (str):
        normal_side (str): `debit` for assets and expenses, else `credit`.
    """

    balance: float
    code_prefix: str
    credit_total: float
    debit_total: float
    id: AccountType
    name: str
    normal_side: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        balance = self.balance

        code_prefix = self.code_prefix

        credit_total = self.credit_total

        debit_total = self.debit_total

        id = self.id.value

        name = self.name

        normal_side = self.normal_side

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "balance": balance,
                "code_prefix": code_prefix,
                "credit_total": credit_total,
                "debit_total": debit_total,
                "id": id,
                "name": name,
                "normal_side": normal_side,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        balance = d.pop("balance")

        code_prefix = d.pop("code_prefix")

        credit_total = d.pop("credit_total")

        debit_total = d.pop("debit_total")

        id = AccountType(d.pop("id"))

        name = d.pop("name")

        normal_side = d.pop("normal_side")

        account_type_view = cls(
            balance=balance,
            code_prefix=code_prefix,
            credit_total=credit_total,
            debit_total=debit_total,
            id=id,
            name=name,
            normal_side=normal_side,
        )

        account_type_view.additional_properties = d
        return account_type_view

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
