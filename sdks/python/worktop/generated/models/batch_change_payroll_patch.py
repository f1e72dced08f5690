from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.payroll_frequency import PayrollFrequency
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deduction_rate import DeductionRate
    from ..models.pay_line import PayLine


T = TypeVar("T", bound="BatchChangePayrollPatch")


@_attrs_define
class BatchChangePayrollPatch:
    """One item of a batch update.

    Attributes:
        id (int): The record to change.
        version (int): The version the change is based on; a stale one fails the item (409 `version_conflict`).
        allowances (list[PayLine] | Unset):
        deductions (list[DeductionRate] | Unset):
        pay_date (datetime.date | Unset):
        pay_period_end (datetime.date | Unset):
        pay_period_start (datetime.date | Unset):
        payroll_frequency (PayrollFrequency | Unset): How often a payroll runs; the period's basic pay follows it.
        title (str | Unset):
    """

    id: int
    version: int
    allowances: list[PayLine] | Unset = UNSET
    deductions: list[DeductionRate] | Unset = UNSET
    pay_date: datetime.date | Unset = UNSET
    pay_period_end: datetime.date | Unset = UNSET
    pay_period_start: datetime.date | Unset = UNSET
    payroll_frequency: PayrollFrequency | Unset = UNSET
    title: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

        allowances: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.allowances, Unset):
            allowances = []
            for allowances_item_data in self.allowances:
                allowances_item = allowances_item_data.to_dict()
                allowances.append(allowances_item)

        deductions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.deductions, Unset):
            deductions = []
            for deductions_item_data in self.deductions:
                deductions_item = deductions_item_data.to_dict()
                deductions.append(deductions_item)

        pay_date: str | Unset = UNSET
        if not isinstance(self.pay_date, Unset):
            pay_date = self.pay_date.isoformat()

        pay_period_end: str | Unset = UNSET
        if not isinstance(self.pay_period_end, Unset):
            pay_period_end = self.pay_period_end.isoformat()

        pay_period_start: str | Unset = UNSET
        if not isinstance(self.pay_period_start, Unset):
            pay_period_start = self.pay_period_start.isoformat()

        payroll_frequency: str | Unset = UNSET
        if not isinstance(self.payroll_frequency, Unset):
            payroll_frequency = self.payroll_frequency.value

        title = self.title

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "version": version,
            }
        )
        if allowances is not UNSET:
            field_dict["allowances"] = allowances
        if deductions is not UNSET:
            field_dict["deductions"] = deductions
        if pay_date is not UNSET:
            field_dict["pay_date"] = pay_date
        if pay_period_end is not UNSET:
            field_dict["pay_period_end"] = pay_period_end
        if pay_period_start is not UNSET:
            field_dict["pay_period_start"] = pay_period_start
        if payroll_frequency is not UNSET:
            field_dict["payroll_frequency"] = payroll_frequency
        if title is not UNSET:
            field_dict["title"] = title

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deduction_rate import DeductionRate
        from ..models.pay_line import PayLine

        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        _allowances = d.pop("allowances", UNSET)
        allowances: list[PayLine] | Unset = UNSET
        if _allowances is not UNSET:
            allowances = []
            for allowances_item_data in _allowances:
                allowances_item = PayLine.from_dict(allowances_item_data)

                allowances.append(allowances_item)

        _deductions = d.pop("deductions", UNSET)
        deductions: list[DeductionRate] | Unset = UNSET
        if _deductions is not UNSET:
            deductions = []
            for deductions_item_data in _deductions:
                deductions_item = DeductionRate.from_dict(deductions_item_data)

                deductions.append(deductions_item)

        _pay_date = d.pop("pay_date", UNSET)
        pay_date: datetime.date | Unset
        if isinstance(_pay_date, Unset):
            pay_date = UNSET
        else:
            pay_date = datetime.date.fromisoformat(_pay_date)

        _pay_period_end = d.pop("pay_period_end", UNSET)
        pay_period_end: datetime.date | Unset
        if isinstance(_pay_period_end, Unset):
            pay_period_end = UNSET
        else:
            pay_period_end = datetime.date.fromisoformat(_pay_period_end)

        _pay_period_start = d.pop("pay_period_start", UNSET)
        pay_period_start: datetime.date | Unset
        if isinstance(_pay_period_start, Unset):
            pay_period_start = UNSET
        else:
            pay_period_start = datetime.date.fromisoformat(_pay_period_start)

        _payroll_frequency = d.pop("payroll_frequency", UNSET)
        payroll_frequency: PayrollFrequency | Unset
        if isinstance(_payroll_frequency, Unset):
            payroll_frequency = UNSET
        else:
            payroll_frequency = PayrollFrequency(_payroll_frequency)

        title = d.pop("title", UNSET)

        batch_change_payroll_patch = cls(
            id=id,
            version=version,
            allowances=allowances,
            deductions=deductions,
            pay_date=pay_date,
            pay_period_end=pay_period_end,
            pay_period_start=pay_period_start,
            payroll_frequency=payroll_frequency,
            title=title,
        )

        batch_change_payroll_patch.additional_properties = d
        return batch_change_payroll_patch

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
