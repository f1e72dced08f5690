from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BankTransferIn")


@_attrs_define
class BankTransferIn:
    """Body of `POST /api/bank-transfers/create`.

    Example:
        {'amount': 250, 'date': '2026-03-01', 'from_bank_account_id': 1, 'to_bank_account_id': 2}

    Attributes:
        amount (float): Positive. Example: 1250.5.
        from_bank_account_id (int):
        to_bank_account_id (int):
        date (datetime.date | None | Unset): Defaults to today.
        description (None | str | Unset):
        reference (None | str | Unset):
    """

    amount: float
    from_bank_account_id: int
    to_bank_account_id: int
    date: datetime.date | None | Unset = UNSET
    description: None | str | Unset = UNSET
    reference: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        from_bank_account_id = self.from_bank_account_id

        to_bank_account_id = self.to_bank_account_id

        date: None | str | Unset
        if isinstance(self.date, Unset):
            date = UNSET
        elif isinstance(self.date, datetime.date):
            date = self.date.isoformat()
        else:
            date = self.date

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        reference: None | str | Unset
        if isinstance(self.reference, Unset):
            reference = UNSET
        else:
            reference = self.reference

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "from_bank_account_id": from_bank_account_id,
                "to_bank_account_id": to_bank_account_id,
            }
        )
        if date is not UNSET:
            field_dict["date"] = date
        if description is not UNSET:
            field_dict["description"] = description
        if reference is not UNSET:
            field_dict["reference"] = reference

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        from_bank_account_id = d.pop("from_bank_account_id")

        to_bank_account_id = d.pop("to_bank_account_id")

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

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_reference(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference = _parse_reference(d.pop("reference", UNSET))

        bank_transfer_in = cls(
            amount=amount,
            from_bank_account_id=from_bank_account_id,
            to_bank_account_id=to_bank_account_id,
            date=date,
            description=description,
            reference=reference,
        )

        bank_transfer_in.additional_properties = d
        return bank_transfer_in

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
