from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.payroll_frequency import PayrollFrequency
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deduction_rate import DeductionRate
    from ..models.pay_line import PayLine


T = TypeVar("T", bound="PayrollIn")


@_attrs_define
class PayrollIn:
    """Body of `POST /api/payrolls/create`.

    Attributes:
        pay_period_end (datetime.date): On or after the start, at most 31 days after it.
        pay_period_start (datetime.date):
        title (str):
        allowances (list[PayLine] | None | Unset):
        deductions (list[DeductionRate] | None | Unset):
        pay_date (datetime.date | None | Unset): Defaults to the period's end.
        payroll_frequency (None | PayrollFrequency | Unset): Defaults to `monthly`.
    """

    pay_period_end: datetime.date
    pay_period_start: datetime.date
    title: str
    allowances: list[PayLine] | None | Unset = UNSET
    deductions: list[DeductionRate] | None | Unset = UNSET
    pay_date: datetime.date | None | Unset = UNSET
    payroll_frequency: None | PayrollFrequency | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        pay_period_end = self.pay_period_end.isoformat()

        pay_period_start = self.pay_period_start.isoformat()

        title = self.title

        allowances: list[dict[str, Any]] | None | Unset
        if isinstance(self.allowances, Unset):
            allowances = UNSET
        elif isinstance(self.allowances, list):
            allowances = []
            for allowances_type_0_item_data in self.allowances:
                allowances_type_0_item = allowances_type_0_item_data.to_dict()
                allowances.append(allowances_type_0_item)

        else:
            allowances = self.allowances

        deductions: list[dict[str, Any]] | None | Unset
        if isinstance(self.deductions, Unset):
            deductions = UNSET
        elif isinstance(self.deductions, list):
            deductions = []
            for deductions_type_0_item_data in self.deductions:
                deductions_type_0_item = deductions_type_0_item_data.to_dict()
                deductions.append(deductions_type_0_item)

        else:
            deductions = self.deductions

        pay_date: None | str | Unset
        if isinstance(self.pay_date, Unset):
            pay_date = UNSET
        elif isinstance(self.pay_date, datetime.date):
            pay_date = self.pay_date.isoformat()
        else:
            pay_date = self.pay_date

        payroll_frequency: None | str | Unset
        if isinstance(self.payroll_frequency, Unset):
            payroll_frequency = UNSET
        elif isinstance(self.payroll_frequency, PayrollFrequency):
            payroll_frequency = self.payroll_frequency.value
        else:
            payroll_frequency = self.payroll_frequency

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "pay_period_end": pay_period_end,
                "pay_period_start": pay_period_start,
                "title": title,
            }
        )
        if allowances is not UNSET:
            field_dict["allowances"] = allowances
        if deductions is not UNSET:
            field_dict["deductions"] = deductions
        if pay_date is not UNSET:
            field_dict["pay_date"] = pay_date
        if payroll_frequency is not UNSET:
            field_dict["payroll_frequency"] = payroll_frequency

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deduction_rate import DeductionRate
        from ..models.pay_line import PayLine

        d = dict(src_dict)
        pay_period_end = datetime.date.fromisoformat(d.pop("pay_period_end"))

        pay_period_start = datetime.date.fromisoformat(d.pop("pay_period_start"))

        title = d.pop("title")

        def _parse_allowances(data: object) -> list[PayLine] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allowances_type_0 = []
                _allowances_type_0 = data
                for allowances_type_0_item_data in _allowances_type_0:
                    allowances_type_0_item = PayLine.from_dict(
                        allowances_type_0_item_data
                    )

                    allowances_type_0.append(allowances_type_0_item)

                return allowances_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PayLine] | None | Unset, data)

        allowances = _parse_allowances(d.pop("allowances", UNSET))

        def _parse_deductions(data: object) -> list[DeductionRate] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                deductions_type_0 = []
                _deductions_type_0 = data
                for deductions_type_0_item_data in _deductions_type_0:
                    deductions_type_0_item = DeductionRate.from_dict(
                        deductions_type_0_item_data
                    )

                    deductions_type_0.append(deductions_type_0_item)

                return deductions_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[DeductionRate] | None | Unset, data)

        deductions = _parse_deductions(d.pop("deductions", UNSET))

        def _parse_pay_date(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pay_date_type_0 = datetime.date.fromisoformat(data)

                return pay_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        pay_date = _parse_pay_date(d.pop("pay_date", UNSET))

        def _parse_payroll_frequency(data: object) -> None | PayrollFrequency | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                payroll_frequency_type_1 = PayrollFrequency(data)

                return payroll_frequency_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PayrollFrequency | Unset, data)

        payroll_frequency = _parse_payroll_frequency(d.pop("payroll_frequency", UNSET))

        payroll_in = cls(
            pay_period_end=pay_period_end,
            pay_period_start=pay_period_start,
            title=title,
            allowances=allowances,
            deductions=deductions,
            pay_date=pay_date,
            payroll_frequency=payroll_frequency,
        )

        payroll_in.additional_properties = d
        return payroll_in

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
