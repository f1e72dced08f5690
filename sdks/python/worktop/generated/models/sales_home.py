from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.figure import Figure
    from ..models.opportunity import Opportunity


T = TypeVar("T", bound="SalesHome")


@_attrs_define
class SalesHome:
    """Answer of `GET /api/sales/home`.

    Attributes:
        invoices (list[Figure]): Sales invoices per status; `amount` is what is still owed on them.
        meetings_planned (int):
        opportunities (list[Figure]): Opportunities per stage, with their amounts.
        pipeline_amount (float): A running total or balance with two decimal places: a sum of amounts, so it may pass
            the bound a single amount has. Example: 1250.5.
        proposals (list[Figure]): Proposals per status, with their totals.
        quotes (list[Figure]): Quotes open and cancelled, with their totals.
        receivable_amount (float): What customers owe on posted invoices (drafts owe nothing yet). Example: 1250.5.
        recent_opportunities (list[Opportunity]): The five newest opportunities.
        sales_orders (list[Figure]): Sales orders open and cancelled, with their totals.
        win_rate (float): Won over closed opportunities, in percent (one decimal); 0 when none is closed.
    """

    invoices: list[Figure]
    meetings_planned: int
    opportunities: list[Figure]
    pipeline_amount: float
    proposals: list[Figure]
    quotes: list[Figure]
    receivable_amount: float
    recent_opportunities: list[Opportunity]
    sales_orders: list[Figure]
    win_rate: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        invoices = []
        for invoices_item_data in self.invoices:
            invoices_item = invoices_item_data.to_dict()
            invoices.append(invoices_item)

        meetings_planned = self.meetings_planned

        opportunities = []
        for opportunities_item_data in self.opportunities:
            opportunities_item = opportunities_item_data.to_dict()
            opportunities.append(opportunities_item)

        pipeline_amount = self.pipeline_amount

        proposals = []
        for proposals_item_data in self.proposals:
            proposals_item = proposals_item_data.to_dict()
            proposals.append(proposals_item)

        quotes = []
        for quotes_item_data in self.quotes:
            quotes_item = quotes_item_data.to_dict()
            quotes.append(quotes_item)

        receivable_amount = self.receivable_amount

        recent_opportunities = []
        for recent_opportunities_item_data in self.recent_opportunities:
            recent_opportunities_item = recent_opportunities_item_data.to_dict()
            recent_opportunities.append(recent_opportunities_item)

        sales_orders = []
        for sales_orders_item_data in self.sales_orders:
            sales_orders_item = sales_orders_item_data.to_dict()
            sales_orders.append(sales_orders_item)

        win_rate = self.win_rate

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "invoices": invoices,
                "meetings_planned": meetings_planned,
                "opportunities": opportunities,
                "pipeline_amount": pipeline_amount,
                "proposals": proposals,
                "quotes": quotes,
                "receivable_amount": receivable_amount,
                "recent_opportunities": recent_opportunities,
                "sales_orders": sales_orders,
                "win_rate": win_rate,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.figure import Figure
        from ..models.opportunity import Opportunity

        d = dict(src_dict)
        invoices = []
        _invoices = d.pop("invoices")
        for invoices_item_data in _invoices:
            invoices_item = Figure.from_dict(invoices_item_data)

            invoices.append(invoices_item)

        meetings_planned = d.pop("meetings_planned")

        opportunities = []
        _opportunities = d.pop("opportunities")
        for opportunities_item_data in _opportunities:
            opportunities_item = Figure.from_dict(opportunities_item_data)

            opportunities.append(opportunities_item)

        pipeline_amount = d.pop("pipeline_amount")

        proposals = []
        _proposals = d.pop("proposals")
        for proposals_item_data in _proposals:
            proposals_item = Figure.from_dict(proposals_item_data)

            proposals.append(proposals_item)

        quotes = []
        _quotes = d.pop("quotes")
        for quotes_item_data in _quotes:
            quotes_item = Figure.from_dict(quotes_item_data)

            quotes.append(quotes_item)

        receivable_amount = d.pop("receivable_amount")

        recent_opportunities = []
        _recent_opportunities = d.pop("recent_opportunities")
        for recent_opportunities_item_data in _recent_opportunities:
            recent_opportunities_item = Opportunity.from_dict(
                recent_opportunities_item_data
            )

            recent_opportunities.append(recent_opportunities_item)

        sales_orders = []
        _sales_orders = d.pop("sales_orders")
        for sales_orders_item_data in _sales_orders:
            sales_orders_item = Figure.from_dict(sales_orders_item_data)

            sales_orders.append(sales_orders_item)

        win_rate = d.pop("win_rate")

        sales_home = cls(
            invoices=invoices,
            meetings_planned=meetings_planned,
            opportunities=opportunities,
            pipeline_amount=pipeline_amount,
            proposals=proposals,
            quotes=quotes,
            receivable_amount=receivable_amount,
            recent_opportunities=recent_opportunities,
            sales_orders=sales_orders,
            win_rate=win_rate,
        )

        sales_home.additional_properties = d
        return sales_home

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
