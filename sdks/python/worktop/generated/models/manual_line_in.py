from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ManualLineIn")


@_attrs_define
class ManualLineIn:
    """A line of a manual entry: a debit or a credit on one account.

    Attributes:
        account_id (int):
        credit (float | None | Unset): Positive, or absent when the line is a debit. Example: 1250.5.
        debit (float | None | Unset): Positive, or absent when the line is a credit. Example: 1250.5.
    """

    account_id: int
    credit: float | None | Unset = UNSET
    debit: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account_id = self.account_id

        credit: float | None | Unset
        if isinstance(self.credit, Unset):
            credit = UNSET
        else:
            credit = self.credit

        debit: float | None | Unset
        if isinstance(self.debit, Unset):
            debit = UNSET
        else:
            debit = self.debit

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "account_id": account_id,
            }
        )
        if credit is not UNSET:
            field_dict["credit"] = credit
        if debit is not UNSET:
            field_dict["debit"] = debit

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        account_id = d.pop("account_id")

        def _parse_credit(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        credit = _parse_credit(d.pop("credit", UNSET))

        def _parse_debit(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        debit = _parse_debit(d.pop("debit", UNSET))

        manual_line_in = cls(
            account_id=account_id,
            credit=credit,
            debit=debit,
        )

        manual_line_in.additional_properties = d
        return manual_line_in

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
