from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PayIn")


@_attrs_define
class PayIn:
    """Body of `POST /api/payrolls/{payroll_id}/pay`.

    Example:
        {'bank_account_id': 1, 'paid_on': '2026-03-31'}

    Attributes:
        bank_account_id (int | None | Unset): The accounting bank account the money left (its GL account is credited);
            without one,
            Cash and bank (1000).
        paid_on (datetime.date | None | Unset): Defaults to today.
    """

    bank_account_id: int | None | Unset = UNSET
    paid_on: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bank_account_id: int | None | Unset
        if isinstance(self.bank_account_id, Unset):
            bank_account_id = UNSET
        else:
            bank_account_id = self.bank_account_id

        paid_on: None | str | Unset
        if isinstance(self.paid_on, Unset):
            paid_on = UNSET
        elif isinstance(self.paid_on, datetime.date):
            paid_on = self.paid_on.isoformat()
        else:
            paid_on = self.paid_on

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if bank_account_id is not UNSET:
            field_dict["bank_account_id"] = bank_account_id
        if paid_on is not UNSET:
            field_dict["paid_on"] = paid_on

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_bank_account_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        bank_account_id = _parse_bank_account_id(d.pop("bank_account_id", UNSET))

        def _parse_paid_on(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paid_on_type_0 = datetime.date.fromisoformat(data)

                return paid_on_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        paid_on = _parse_paid_on(d.pop("paid_on", UNSET))

        pay_in = cls(
            bank_account_id=bank_account_id,
            paid_on=paid_on,
        )

        pay_in.additional_properties = d
        return pay_in

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
