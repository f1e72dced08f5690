from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.paid_status import PaidStatus
from ..models.payroll_frequency import PayrollFrequency
from ..models.payroll_status import PayrollStatus

if TYPE_CHECKING:
    from ..models.deduction_rate import DeductionRate
    from ..models.pay_line import PayLine


T = TypeVar("T", bound="Payroll")


@_attrs_define
class Payroll:
    """A pay run.

    Attributes:
        allowances (list[PayLine]): On every payslip.
        bank_account_id (int | None): The bank account it was paid from, when accounting records it.
        completed_at (None | str):
        created_at (str): RFC 3339, UTC.
        deductions (list[DeductionRate]): Taken off every payslip's gross.
        employee_count (int): Payslips written (once processed).
        id (int): Unique per workspace and resource.
        is_payroll_paid (PaidStatus): Whether a completed payroll's money went out.
        journal_entry_id (int | None): The journal entry of the payment, when accounting recorded it.
        paid_on (datetime.date | None):
        pay_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        pay_period_end (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        pay_period_start (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        payroll_frequency (PayrollFrequency): How often a payroll runs; the period's basic pay follows it.
        processing_started_at (None | str): When processing began (UTC).
        status (PayrollStatus): Where a payroll is in its run.
        title (str):
        total_allowances (float): A running total or balance with two decimal places: a sum of amounts, so it may pass
            the bound a single amount has. Example: 1250.5.
        total_basic (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the
            bound a single amount has. Example: 1250.5.
        total_deductions (float): A running total or balance with two decimal places: a sum of amounts, so it may pass
            the bound a single amount has. Example: 1250.5.
        total_gross (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the
            bound a single amount has. Example: 1250.5.
        total_net (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the
            bound a single amount has. Example: 1250.5.
        total_unpaid_leave (float): A running total or balance with two decimal places: a sum of amounts, so it may pass
            the bound a single amount has. Example: 1250.5.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    allowances: list[PayLine]
    bank_account_id: int | None
    completed_at: None | str
    created_at: str
    deductions: list[DeductionRate]
    employee_count: int
    id: int
    is_payroll_paid: PaidStatus
    journal_entry_id: int | None
    paid_on: datetime.date | None
    pay_date: datetime.date
    pay_period_end: datetime.date
    pay_period_start: datetime.date
    payroll_frequency: PayrollFrequency
    processing_started_at: None | str
    status: PayrollStatus
    title: str
    total_allowances: float
    total_basic: float
    total_deductions: float
    total_gross: float
    total_net: float
    total_unpaid_leave: float
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        allowances = []
        for allowances_item_data in self.allowances:
            allowances_item = allowances_item_data.to_dict()
            allowances.append(allowances_item)

        bank_account_id: int | None
        bank_account_id = self.bank_account_id

        completed_at: None | str
        completed_at = self.completed_at

        created_at = self.created_at

        deductions = []
        for deductions_item_data in self.deductions:
            deductions_item = deductions_item_data.to_dict()
            deductions.append(deductions_item)

        employee_count = self.employee_count

        id = self.id

        is_payroll_paid = self.is_payroll_paid.value

        journal_entry_id: int | None
        journal_entry_id = self.journal_entry_id

        paid_on: None | str
        if isinstance(self.paid_on, datetime.date):
            paid_on = self.paid_on.isoformat()
        else:
            paid_on = self.paid_on

        pay_date = self.pay_date.isoformat()

        pay_period_end = self.pay_period_end.isoformat()

        pay_period_start = self.pay_period_start.isoformat()

        payroll_frequency = self.payroll_frequency.value

        processing_started_at: None | str
        processing_started_at = self.processing_started_at

        status = self.status.value

        title = self.title

        total_allowances = self.total_allowances

        total_basic = self.total_basic

        total_deductions = self.total_deductions

        total_gross = self.total_gross

        total_net = self.total_net

        total_unpaid_leave = self.total_unpaid_leave

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "allowances": allowances,
                "bank_account_id": bank_account_id,
                "completed_at": completed_at,
                "created_at": created_at,
                "deductions": deductions,
                "employee_count": employee_count,
                "id": id,
                "is_payroll_paid": is_payroll_paid,
                "journal_entry_id": journal_entry_id,
                "paid_on": paid_on,
                "pay_date": pay_date,
                "pay_period_end": pay_period_end,
                "pay_period_start": pay_period_start,
                "payroll_frequency": payroll_frequency,
                "processing_started_at": processing_started_at,
                "status": status,
                "title": title,
                "total_allowances": total_allowances,
                "total_basic": total_basic,
                "total_deductions": total_deductions,
                "total_gross": total_gross,
                "total_net": total_net,
                "total_unpaid_leave": total_unpaid_leave,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deduction_rate import DeductionRate
        from ..models.pay_line import PayLine

        d = dict(src_dict)
        allowances = []
        _allowances = d.pop("allowances")
        for allowances_item_data in _allowances:
            allowances_item = PayLine.from_dict(allowances_item_data)

            allowances.append(allowances_item)

        def _parse_bank_account_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        bank_account_id = _parse_bank_account_id(d.pop("bank_account_id"))

        def _parse_completed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        completed_at = _parse_completed_at(d.pop("completed_at"))

        created_at = d.pop("created_at")

        deductions = []
        _deductions = d.pop("deductions")
        for deductions_item_data in _deductions:
            deductions_item = DeductionRate.from_dict(deductions_item_data)

            deductions.append(deductions_item)

        employee_count = d.pop("employee_count")

        id = d.pop("id")

        is_payroll_paid = PaidStatus(d.pop("is_payroll_paid"))

        def _parse_journal_entry_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        journal_entry_id = _parse_journal_entry_id(d.pop("journal_entry_id"))

        def _parse_paid_on(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paid_on_type_1 = datetime.date.fromisoformat(data)

                return paid_on_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        paid_on = _parse_paid_on(d.pop("paid_on"))

        pay_date = datetime.date.fromisoformat(d.pop("pay_date"))

        pay_period_end = datetime.date.fromisoformat(d.pop("pay_period_end"))

        pay_period_start = datetime.date.fromisoformat(d.pop("pay_period_start"))

        payroll_frequency = PayrollFrequency(d.pop("payroll_frequency"))

        def _parse_processing_started_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        processing_started_at = _parse_processing_started_at(
            d.pop("processing_started_at")
        )

        status = PayrollStatus(d.pop("status"))

        title = d.pop("title")

        total_allowances = d.pop("total_allowances")

        total_basic = d.pop("total_basic")

        total_deductions = d.pop("total_deductions")

        total_gross = d.pop("total_gross")

        total_net = d.pop("total_net")

        total_unpaid_leave = d.pop("total_unpaid_leave")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        payroll = cls(
            allowances=allowances,
            bank_account_id=bank_account_id,
            completed_at=completed_at,
            created_at=created_at,
            deductions=deductions,
            employee_count=employee_count,
            id=id,
            is_payroll_paid=is_payroll_paid,
            journal_entry_id=journal_entry_id,
            paid_on=paid_on,
            pay_date=pay_date,
            pay_period_end=pay_period_end,
            pay_period_start=pay_period_start,
            payroll_frequency=payroll_frequency,
            processing_started_at=processing_started_at,
            status=status,
            title=title,
            total_allowances=total_allowances,
            total_basic=total_basic,
            total_deductions=total_deductions,
            total_gross=total_gross,
            total_net=total_net,
            total_unpaid_leave=total_unpaid_leave,
            updated_at=updated_at,
            version=version,
        )

        payroll.additional_properties = d
        return payroll

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
