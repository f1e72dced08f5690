from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchChangeEntryPatch")


@_attrs_define
class BatchChangeEntryPatch:
    """One item of a batch update.

    Attributes:
        id (int): The record to change.
        version (int): The version the change is based on; a stale one fails the item (409 `version_conflict`).
        amount (float | Unset): Positive. Example: 1250.5.
        bank_account_id (int | Unset):
        category_id (int | Unset):
        customer_id (int | None | Unset): A revenue's customer (revenues only); `null` leaves it without one.
        date (datetime.date | Unset):
        description (None | str | Unset):
        reference_number (None | str | Unset):
        vendor_id (int | None | Unset): An expense's vendor (expenses only); `null` leaves it without one.
    """

    id: int
    version: int
    amount: float | Unset = UNSET
    bank_account_id: int | Unset = UNSET
    category_id: int | Unset = UNSET
    customer_id: int | None | Unset = UNSET
    date: datetime.date | Unset = UNSET
    description: None | str | Unset = UNSET
    reference_number: None | str | Unset = UNSET
    vendor_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

        amount = self.amount

        bank_account_id = self.bank_account_id

        category_id = self.category_id

        customer_id: int | None | Unset
        if isinstance(self.customer_id, Unset):
            customer_id = UNSET
        else:
            customer_id = self.customer_id

        date: str | Unset = UNSET
        if not isinstance(self.date, Unset):
            date = self.date.isoformat()

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
                "id": id,
                "version": version,
            }
        )
        if amount is not UNSET:
            field_dict["amount"] = amount
        if bank_account_id is not UNSET:
            field_dict["bank_account_id"] = bank_account_id
        if category_id is not UNSET:
            field_dict["category_id"] = category_id
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
        id = d.pop("id")

        version = d.pop("version")

        amount = d.pop("amount", UNSET)

        bank_account_id = d.pop("bank_account_id", UNSET)

        category_id = d.pop("category_id", UNSET)

        def _parse_customer_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        customer_id = _parse_customer_id(d.pop("customer_id", UNSET))

        _date = d.pop("date", UNSET)
        date: datetime.date | Unset
        if isinstance(_date, Unset):
            date = UNSET
        else:
            date = datetime.date.fromisoformat(_date)

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

        batch_change_entry_patch = cls(
            id=id,
            version=version,
            amount=amount,
            bank_account_id=bank_account_id,
            category_id=category_id,
            customer_id=customer_id,
            date=date,
            description=description,
            reference_number=reference_number,
            vendor_id=vendor_id,
        )

        batch_change_entry_patch.additional_properties = d
        return batch_change_entry_patch

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
