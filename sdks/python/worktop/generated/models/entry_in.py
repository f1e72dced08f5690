from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="EntryIn")


@_attrs_define
class EntryIn:
    """Body of `POST /api/expenses/create` and `POST /api/revenues/create`.

    Example:
        {'amount': 120.5, 'bank_account_id': 1, 'category_id': 14, 'date': '2026-03-01', 'description': 'March rent'}

    Attributes:
        amount (float): Positive. Example: 1250.5.
        bank_account_id (int):
        category_id (int):
        customer_id (int | None | Unset): A revenue's customer (revenues only).
        date (datetime.date | None | Unset): Defaults to today.
        description (None | str | Unset):
        reference_number (None | str | Unset):
        vendor_id (int | None | Unset): An expense's vendor (expenses only).
    """

    amount: float
    bank_account_id: int
    category_id: int
    customer_id: int | None | Unset = UNSET
    date: datetime.date | None | Unset = UNSET
    description: None | str | Unset = UNSET
    reference_number: None | str | Unset = UNSET
    vendor_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        bank_account_id = self.bank_account_id

        category_id = self.category_id

        customer_id: int | None | Unset
        if isinstance(self.customer_id, Unset):
            customer_id = UNSET
        else:
            customer_id = self.customer_id

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

        reference_number: None | str | Unset
        if isinstance(self.reference_number, Unset):
            reference_number = UNSET
        else:
            reference_number = self.reference_number

        vendor_id: int | None | Unset
        if isinstance(self.vendor_id, Unset):
            vendor_id = UNSET
        else:
            vendor_id = self.vendor_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "bank_account_id": bank_account_id,
                "category_id": category_id,
            }
        )
        if customer_id is not UNSET:
            field_dict["customer_id"] = customer_id
        if date is not UNSET:
            field_dict["date"] = date
        if description is not UNSET:
            field_dict["description"] = description
        if reference_number is not UNSET:
            field_dict["reference_number"] = reference_number
        if vendor_id is not UNSET:
            field_dict["vendor_id"] = vendor_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        bank_account_id = d.pop("bank_account_id")

        category_id = d.pop("category_id")

        def _parse_customer_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        customer_id = _parse_customer_id(d.pop("customer_id", UNSET))

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

        def _parse_reference_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference_number = _parse_reference_number(d.pop("reference_number", UNSET))

        def _parse_vendor_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        vendor_id = _parse_vendor_id(d.pop("vendor_id", UNSET))

        entry_in = cls(
            amount=amount,
            bank_account_id=bank_account_id,
            category_id=category_id,
            customer_id=customer_id,
            date=date,
            description=description,
            reference_number=reference_number,
            vendor_id=vendor_id,
        )

        entry_in.additional_properties = d
        return entry_in

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
