from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BankAccount")


@_attrs_define
class BankAccount:
    """A bank (or cash) account.

    Attributes:
        account_number (None | str):
        balance (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the bound
            a single amount has. Example: 1250.5.
        bank_name (None | str):
        created_at (str): RFC 3339, UTC.
        gl_account_id (int): Its own GL account (code `1000-<id>`).
        id (int): Unique per workspace and resource.
        is_active (bool): Inactive accounts take no new movements.
        name (str):
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    account_number: None | str
    balance: float
    bank_name: None | str
    created_at: str
    gl_account_id: int
    id: int
    is_active: bool
    name: str
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account_number: None | str
        account_number = self.account_number

        balance = self.balance

        bank_name: None | str
        bank_name = self.bank_name

        created_at = self.created_at

        gl_account_id = self.gl_account_id

        id = self.id

        is_active = self.is_active

        name = self.name

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "account_number": account_number,
                "balance": balance,
                "bank_name": bank_name,
                "created_at": created_at,
                "gl_account_id": gl_account_id,
                "id": id,
                "is_active": is_active,
                "name": name,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_account_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        account_number = _parse_account_number(d.pop("account_number"))

        balance = d.pop("balance")

        def _parse_bank_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bank_name = _parse_bank_name(d.pop("bank_name"))

        created_at = d.pop("created_at")

        gl_account_id = d.pop("gl_account_id")

        id = d.pop("id")

        is_active = d.pop("is_active")

        name = d.pop("name")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        bank_account = cls(
            account_number=account_number,
            balance=balance,
            bank_name=bank_name,
            created_at=created_at,
            gl_account_id=gl_account_id,
            id=id,
            is_active=is_active,
            name=name,
            updated_at=updated_at,
            version=version,
        )

        bank_account.additional_properties = d
        return bank_account

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
