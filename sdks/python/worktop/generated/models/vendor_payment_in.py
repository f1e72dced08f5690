from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.vendor_payment_in_status import VendorPaymentInStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.allocation_in import AllocationIn


T = TypeVar("T", bound="VendorPaymentIn")


@_attrs_define
class VendorPaymentIn:
    """Body of the designed create route.

    Example:
        {'allocations': [{'amount': 540, 'invoice_id': 1}], 'amount': 540, 'bank_account_id': 1, 'date': '2026-03-20',
            'vendor_id': 1}

    Attributes:
        amount (float): Positive. Example: 1250.5.
        bank_account_id (int):
        vendor_id (int):
        allocations (list[AllocationIn] | Unset): At most 20, each invoice once; their sum at most `amount`.
        date (datetime.date | None | Unset): Defaults to today.
        notes (None | str | Unset):
        reference_number (None | str | Unset):
        status (VendorPaymentInStatus | Unset): `cleared` (the default) posts it now; `pending` records it to clear
            later.
    """

    amount: float
    bank_account_id: int
    vendor_id: int
    allocations: list[AllocationIn] | Unset = UNSET
    date: datetime.date | None | Unset = UNSET
    notes: None | str | Unset = UNSET
    reference_number: None | str | Unset = UNSET
    status: VendorPaymentInStatus | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        bank_account_id = self.bank_account_id

        vendor_id = self.vendor_id

        allocations: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.allocations, Unset):
            allocations = []
            for allocations_item_data in self.allocations:
                allocations_item = allocations_item_data.to_dict()
                allocations.append(allocations_item)

        date: None | str | Unset
        if isinstance(self.date, Unset):
            date = UNSET
        elif isinstance(self.date, datetime.date):
            date = self.date.isoformat()
        else:
            date = self.date

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        reference_number: None | str | Unset
        if isinstance(self.reference_number, Unset):
            reference_number = UNSET
        else:
            reference_number = self.reference_number

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "bank_account_id": bank_account_id,
                "vendor_id": vendor_id,
            }
        )
        if allocations is not UNSET:
            field_dict["allocations"] = allocations
        if date is not UNSET:
            field_dict["date"] = date
        if notes is not UNSET:
            field_dict["notes"] = notes
        if reference_number is not UNSET:
            field_dict["reference_number"] = reference_number
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.allocation_in import AllocationIn

        d = dict(src_dict)
        amount = d.pop("amount")

        bank_account_id = d.pop("bank_account_id")

        vendor_id = d.pop("vendor_id")

        _allocations = d.pop("allocations", UNSET)
        allocations: list[AllocationIn] | Unset = UNSET
        if _allocations is not UNSET:
            allocations = []
            for allocations_item_data in _allocations:
                allocations_item = AllocationIn.from_dict(allocations_item_data)

                allocations.append(allocations_item)

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

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_reference_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reference_number = _parse_reference_number(d.pop("reference_number", UNSET))

        _status = d.pop("status", UNSET)
        status: VendorPaymentInStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = VendorPaymentInStatus(_status)

        vendor_payment_in = cls(
            amount=amount,
            bank_account_id=bank_account_id,
            vendor_id=vendor_id,
            allocations=allocations,
            date=date,
            notes=notes,
            reference_number=reference_number,
            status=status,
        )

        vendor_payment_in.additional_properties = d
        return vendor_payment_in

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
