from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.paid_status import PaidStatus
from ..models.payroll_status import PayrollStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="PayrollFilters")


@_attrs_define
class PayrollFilters:
    """`?status=` and `?is_payroll_paid=` on the list.

    Attributes:
        is_payroll_paid (PaidStatus | Unset): Whether a completed payroll's money went out.
        status (PayrollStatus | Unset): Where a payroll is in its run.
    """

    is_payroll_paid: PaidStatus | Unset = UNSET
    status: PayrollStatus | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        is_payroll_paid: str | Unset = UNSET
        if not isinstance(self.is_payroll_paid, Unset):
            is_payroll_paid = self.is_payroll_paid.value

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if is_payroll_paid is not UNSET:
            field_dict["is_payroll_paid"] = is_payroll_paid
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _is_payroll_paid = d.pop("is_payroll_paid", UNSET)
        is_payroll_paid: PaidStatus | Unset
        if isinstance(_is_payroll_paid, Unset):
            is_payroll_paid = UNSET
        else:
            is_payroll_paid = PaidStatus(_is_payroll_paid)

        _status = d.pop("status", UNSET)
        status: PayrollStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = PayrollStatus(_status)

        payroll_filters = cls(
            is_payroll_paid=is_payroll_paid,
            status=status,
        )

        payroll_filters.additional_properties = d
        return payroll_filters

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
