from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.pay_line import PayLine


T = TypeVar("T", bound="Payslip")


@_attrs_define
class Payslip:
    """One employee's pay in a payroll (the catalogue's payroll entry).

    Attributes:
        absent_days (int): Working days with neither attendance nor approved leave.
        allowances (list[PayLine]):
        basic_salary (float): The period's basic pay (prorated for one who joined during it). Example: 1250.5.
        created_at (str): RFC 3339, UTC.
        deductions (list[PayLine]):
        employee_code (str):
        employee_id (int):
        employee_name (str):
        gross_pay (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string
            is accepted too). Example: 1250.5.
        half_days (int):
        holidays (int): Working days that were holidays.
        id (int): Unique per workspace and resource.
        monthly_salary (float): The monthly salary the payslip was computed from. Example: 1250.5.
        net_pay (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string is
            accepted too). Example: 1250.5.
        overtime_hours (float):
        paid_leave_days (int):
        pay_period_end (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        pay_period_start (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        payroll_id (int):
        payslip_number (str): `PSL-000001`: the next of the workspace's payslip series when the payroll was processed.
            Default: ''.
        present_days (int):
        total_allowances (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
            string is accepted too). Example: 1250.5.
        total_deductions (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric
            string is accepted too). Example: 1250.5.
        unpaid_leave_days (int):
        unpaid_leave_deduction (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a
            numeric string is accepted too). Example: 1250.5.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
        working_days (int): Days the shift works in the period while employed, holidays excluded.
    """

    absent_days: int
    allowances: list[PayLine]
    basic_salary: float
    created_at: str
    deductions: list[PayLine]
    employee_code: str
    employee_id: int
    employee_name: str
    gross_pay: float
    half_days: int
    holidays: int
    id: int
    monthly_salary: float
    net_pay: float
    overtime_hours: float
    paid_leave_days: int
    pay_period_end: datetime.date
    pay_period_start: datetime.date
    payroll_id: int
    present_days: int
    total_allowances: float
    total_deductions: float
    unpaid_leave_days: int
    unpaid_leave_deduction: float
    updated_at: str
    version: int
    working_days: int
    payslip_number: str = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        absent_days = self.absent_days

        allowances = []
        for allowances_item_data in self.allowances:
            allowances_item = allowances_item_data.to_dict()
            allowances.append(allowances_item)

        basic_salary = self.basic_salary

        created_at = self.created_at

        deductions = []
        for deductions_item_data in self.deductions:
            deductions_item = deductions_item_data.to_dict()
            deductions.append(deductions_item)

        employee_code = self.employee_code

        employee_id = self.employee_id

        employee_name = self.employee_name

        gross_pay = self.gross_pay

        half_days = self.half_days

        holidays = self.holidays

        id = self.id

        monthly_salary = self.monthly_salary

        net_pay = self.net_pay

        overtime_hours = self.overtime_hours

        paid_leave_days = self.paid_leave_days

        pay_period_end = self.pay_period_end.isoformat()

        pay_period_start = self.pay_period_start.isoformat()

        payroll_id = self.payroll_id

        payslip_number = self.payslip_number

        present_days = self.present_days

        total_allowances = self.total_allowances

        total_deductions = self.total_deductions

        unpaid_leave_days = self.unpaid_leave_days

        unpaid_leave_deduction = self.unpaid_leave_deduction

        updated_at = self.updated_at

        version = self.version

        working_days = self.working_days

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "absent_days": absent_days,
                "allowances": allowances,
                "basic_salary": basic_salary,
                "created_at": created_at,
                "deductions": deductions,
                "employee_code": employee_code,
                "employee_id": employee_id,
                "employee_name": employee_name,
                "gross_pay": gross_pay,
                "half_days": half_days,
                "holidays": holidays,
                "id": id,
                "monthly_salary": monthly_salary,
                "net_pay": net_pay,
                "overtime_hours": overtime_hours,
                "paid_leave_days": paid_leave_days,
                "pay_period_end": pay_period_end,
                "pay_period_start": pay_period_start,
                "payroll_id": payroll_id,
                "payslip_number": payslip_number,
                "present_days": present_days,
                "total_allowances": total_allowances,
                "total_deductions": total_deductions,
                "unpaid_leave_days": unpaid_leave_days,
                "unpaid_leave_deduction": unpaid_leave_deduction,
                "updated_at": updated_at,
                "version": version,
                "working_days": working_days,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.pay_line import PayLine

        d = dict(src_dict)
        absent_days = d.pop("absent_days")

        allowances = []
        _allowances = d.pop("allowances")
        for allowances_item_data in _allowances:
            allowances_item = PayLine.from_dict(allowances_item_data)

            allowances.append(allowances_item)

        basic_salary = d.pop("basic_salary")

        created_at = d.pop("created_at")

        deductions = []
        _deductions = d.pop("deductions")
        for deductions_item_data in _deductions:
            deductions_item = PayLine.from_dict(deductions_item_data)

            deductions.append(deductions_item)

        employee_code = d.pop("employee_code")

        employee_id = d.pop("employee_id")

        employee_name = d.pop("employee_name")

        gross_pay = d.pop("gross_pay")

        half_days = d.pop("half_days")

        holidays = d.pop("holidays")

        id = d.pop("id")

        monthly_salary = d.pop("monthly_salary")

        net_pay = d.pop("net_pay")

        overtime_hours = d.pop("overtime_hours")

        paid_leave_days = d.pop("paid_leave_days")

        pay_period_end = datetime.date.fromisoformat(d.pop("pay_period_end"))

        pay_period_start = datetime.date.fromisoformat(d.pop("pay_period_start"))

        payroll_id = d.pop("payroll_id")

        payslip_number = d.pop("payslip_number")

        present_days = d.pop("present_days")

        total_allowances = d.pop("total_allowances")

        total_deductions = d.pop("total_deductions")

        unpaid_leave_days = d.pop("unpaid_leave_days")

        unpaid_leave_deduction = d.pop("unpaid_leave_deduction")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        working_days = d.pop("working_days")

        payslip = cls(
            absent_days=absent_days,
            allowances=allowances,
            basic_salary=basic_salary,
            created_at=created_at,
            deductions=deductions,
            employee_code=employee_code,
            employee_id=employee_id,
            employee_name=employee_name,
            gross_pay=gross_pay,
            half_days=half_days,
            holidays=holidays,
            id=id,
            monthly_salary=monthly_salary,
            net_pay=net_pay,
            overtime_hours=overtime_hours,
            paid_leave_days=paid_leave_days,
            pay_period_end=pay_period_end,
            pay_period_start=pay_period_start,
            payroll_id=payroll_id,
            payslip_number=payslip_number,
            present_days=present_days,
            total_allowances=total_allowances,
            total_deductions=total_deductions,
            unpaid_leave_days=unpaid_leave_days,
            unpaid_leave_deduction=unpaid_leave_deduction,
            updated_at=updated_at,
            version=version,
            working_days=working_days,
        )

        payslip.additional_properties = d
        return payslip

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
