from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.period import Period

T = TypeVar("T", bound="RevenueReport")


@_attrs_define
class RevenueReport:
    """The recurring revenue of the last complete period (the operation's description gives the
    formulas).

        Attributes:
            arr (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the bound a
                single amount has. Example: 1250.5.
            churn_rate (float | None): Percent of `customers_at_start` who are not among `customers_at_end`; `null` when
                there
                were none at the start.
            churned_customers (int): Of `customers_at_start`, those not among `customers_at_end`.
            customers_at_end (int): Customers billed recurring revenue for the period's last month.
            customers_at_start (int): Customers billed recurring revenue at the end of the period before.
            growth_rate (float | None): Percent change of `mrr` against `previous_mrr`; `null` when that was 0.
            mrr (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the bound a
                single amount has. Example: 1250.5.
            period (Period): The length of the period a revenue report covers.
            period_end (datetime.date): The period's last day.
            period_start (datetime.date): The period's first day.
            previous_mrr (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the
                bound a single amount has. Example: 1250.5.
    """

    arr: float
    churn_rate: float | None
    churned_customers: int
    customers_at_end: int
    customers_at_start: int
    growth_rate: float | None
    mrr: float
    period: Period
    period_end: datetime.date
    period_start: datetime.date
    previous_mrr: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        arr = self.arr

        churn_rate: float | None
        churn_rate = self.churn_rate

        churned_customers = self.churned_customers

        customers_at_end = self.customers_at_end

        customers_at_start = self.customers_at_start

        growth_rate: float | None
        growth_rate = self.growth_rate

        mrr = self.mrr

        period = self.period.value

        period_end = self.period_end.isoformat()

        period_start = self.period_start.isoformat()

        previous_mrr = self.previous_mrr

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "arr": arr,
                "churn_rate": churn_rate,
                "churned_customers": churned_customers,
                "customers_at_end": customers_at_end,
                "customers_at_start": customers_at_start,
                "growth_rate": growth_rate,
                "mrr": mrr,
                "period": period,
                "period_end": period_end,
                "period_start": period_start,
                "previous_mrr": previous_mrr,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        arr = d.pop("arr")

        def _parse_churn_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        churn_rate = _parse_churn_rate(d.pop("churn_rate"))

        churned_customers = d.pop("churned_customers")

        customers_at_end = d.pop("customers_at_end")

        customers_at_start = d.pop("customers_at_start")

        def _parse_growth_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        growth_rate = _parse_growth_rate(d.pop("growth_rate"))

        mrr = d.pop("mrr")

        period = Period(d.pop("period"))

        period_end = datetime.date.fromisoformat(d.pop("period_end"))

        period_start = datetime.date.fromisoformat(d.pop("period_start"))

        previous_mrr = d.pop("previous_mrr")

        revenue_report = cls(
            arr=arr,
            churn_rate=churn_rate,
            churned_customers=churned_customers,
            customers_at_end=customers_at_end,
            customers_at_start=customers_at_start,
            growth_rate=growth_rate,
            mrr=mrr,
            period=period,
            period_end=period_end,
            period_start=period_start,
            previous_mrr=previous_mrr,
        )

        revenue_report.additional_properties = d
        return revenue_report

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
