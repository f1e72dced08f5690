from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.account_type import AccountType
from ..models.category_kind import CategoryKind

T = TypeVar("T", bound="GlAccountBalance")


@_attrs_define
class GlAccountBalance:
    """A GL account with its totals, as the lists show it.

    Attributes:
        account_type (AccountType): The five account types of double entry.
        balance (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the bound
            a single amount has. Example: 1250.5.
        category (CategoryKind): What an account files: `expense` and `revenue` accounts are the categories of expenses
            and
            revenues; `none` for every other account.
        code (str): Stable per workspace: `1000` cash and bank, `1100` receivables, `2000` payables, ...
        created_at (str): RFC 3339, UTC.
        credit_total (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the
            bound a single amount has. Example: 1250.5.
        debit_total (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the
            bound a single amount has. Example: 1250.5.
        id (int): Unique per workspace and resource.
        is_system (bool): Seeded with the workspace.
        name (str):
        parent_code (None | str): The code of the account it sits under (a bank account's under `1000`).
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    account_type: AccountType
    balance: float
    category: CategoryKind
    code: str
    created_at: str
    credit_total: float
    debit_total: float
    id: int
    is_system: bool
    name: str
    parent_code: None | str
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account_type = self.account_type.value

        balance = self.balance

        category = self.category.value

        code = self.code

        created_at = self.created_at

        credit_total = self.credit_total

        debit_total = self.debit_total

        id = self.id

        is_system = self.is_system

        name = self.name

        parent_code: None | str
        parent_code = self.parent_code

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "account_type": account_type,
                "balance": balance,
                "category": category,
                "code": code,
                "created_at": created_at,
                "credit_total": credit_total,
                "debit_total": debit_total,
                "id": id,
                "is_system": is_system,
                "name": name,
                "parent_code": parent_code,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        account_type = AccountType(d.pop("account_type"))

        balance = d.pop("balance")

        category = CategoryKind(d.pop("category"))

        code = d.pop("code")

        created_at = d.pop("created_at")

        credit_total = d.pop("credit_total")

        debit_total = d.pop("debit_total")

        id = d.pop("id")

        is_system = d.pop("is_system")

        name = d.pop("name")

        def _parse_parent_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        parent_code = _parse_parent_code(d.pop("parent_code"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        gl_account_balance = cls(
            account_type=account_type,
            balance=balance,
            category=category,
            code=code,
            created_at=created_at,
            credit_total=credit_total,
            debit_total=debit_total,
            id=id,
            is_system=is_system,
            name=name,
            parent_code=parent_code,
            updated_at=updated_at,
            version=version,
        )

        gl_account_balance.additional_properties = d
        return gl_account_balance

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
