from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.deal import Deal
    from ..models.lead import Lead
    from ..models.pipeline import Pipeline
    from ..models.stage_summary import StageSummary


T = TypeVar("T", bound="Home")


@_attrs_define
class Home:
    """Answer of `POST /api/lead/home`.

    Attributes:
        deal_stages (list[StageSummary]):
        deals_lost (int):
        deals_open (int):
        deals_total (int):
        deals_won (int):
        lead_stages (list[StageSummary]):
        leads_converted (int):
        leads_total (int):
        open_amount (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the
            bound a single amount has. Example: 1250.5.
        pipeline (Pipeline): A sales pipeline: leads and deals each move through its stages.
        recent_deals (list[Deal]): The five most recently changed deals.
        recent_leads (list[Lead]): The five newest leads.
        win_rate (float): Won over decided (won + lost) deals, in percent; 0 when none is decided.
        won_amount (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the
            bound a single amount has. Example: 1250.5.
    """

    deal_stages: list[StageSummary]
    deals_lost: int
    deals_open: int
    deals_total: int
    deals_won: int
    lead_stages: list[StageSummary]
    leads_converted: int
    leads_total: int
    open_amount: float
    pipeline: Pipeline
    recent_deals: list[Deal]
    recent_leads: list[Lead]
    win_rate: float
    won_amount: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deal_stages = []
        for deal_stages_item_data in self.deal_stages:
            deal_stages_item = deal_stages_item_data.to_dict()
            deal_stages.append(deal_stages_item)

        deals_lost = self.deals_lost

        deals_open = self.deals_open

        deals_total = self.deals_total

        deals_won = self.deals_won

        lead_stages = []
        for lead_stages_item_data in self.lead_stages:
            lead_stages_item = lead_stages_item_data.to_dict()
            lead_stages.append(lead_stages_item)

        leads_converted = self.leads_converted

        leads_total = self.leads_total

        open_amount = self.open_amount

        pipeline = self.pipeline.to_dict()

        recent_deals = []
        for recent_deals_item_data in self.recent_deals:
            recent_deals_item = recent_deals_item_data.to_dict()
            recent_deals.append(recent_deals_item)

        recent_leads = []
        for recent_leads_item_data in self.recent_leads:
            recent_leads_item = recent_leads_item_data.to_dict()
            recent_leads.append(recent_leads_item)

        win_rate = self.win_rate

        won_amount = self.won_amount

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deal_stages": deal_stages,
                "deals_lost": deals_lost,
                "deals_open": deals_open,
                "deals_total": deals_total,
                "deals_won": deals_won,
                "lead_stages": lead_stages,
                "leads_converted": leads_converted,
                "leads_total": leads_total,
                "open_amount": open_amount,
                "pipeline": pipeline,
                "recent_deals": recent_deals,
                "recent_leads": recent_leads,
                "win_rate": win_rate,
                "won_amount": won_amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deal import Deal
        from ..models.lead import Lead
        from ..models.pipeline import Pipeline
        from ..models.stage_summary import StageSummary

        d = dict(src_dict)
        deal_stages = []
        _deal_stages = d.pop("deal_stages")
        for deal_stages_item_data in _deal_stages:
            deal_stages_item = StageSummary.from_dict(deal_stages_item_data)

            deal_stages.append(deal_stages_item)

        deals_lost = d.pop("deals_lost")

        deals_open = d.pop("deals_open")

        deals_total = d.pop("deals_total")

        deals_won = d.pop("deals_won")

        lead_stages = []
        _lead_stages = d.pop("lead_stages")
        for lead_stages_item_data in _lead_stages:
            lead_stages_item = StageSummary.from_dict(lead_stages_item_data)

            lead_stages.append(lead_stages_item)

        leads_converted = d.pop("leads_converted")

        leads_total = d.pop("leads_total")

        open_amount = d.pop("open_amount")

        pipeline = Pipeline.from_dict(d.pop("pipeline"))

        recent_deals = []
        _recent_deals = d.pop("recent_deals")
        for recent_deals_item_data in _recent_deals:
            recent_deals_item = Deal.from_dict(recent_deals_item_data)

            recent_deals.append(recent_deals_item)

        recent_leads = []
        _recent_leads = d.pop("recent_leads")
        for recent_leads_item_data in _recent_leads:
            recent_leads_item = Lead.from_dict(recent_leads_item_data)

            recent_leads.append(recent_leads_item)

        win_rate = d.pop("win_rate")

        won_amount = d.pop("won_amount")

        home = cls(
            deal_stages=deal_stages,
            deals_lost=deals_lost,
            deals_open=deals_open,
            deals_total=deals_total,
            deals_won=deals_won,
            lead_stages=lead_stages,
            leads_converted=leads_converted,
            leads_total=leads_total,
            open_amount=open_amount,
            pipeline=pipeline,
            recent_deals=recent_deals,
            recent_leads=recent_leads,
            win_rate=win_rate,
            won_amount=won_amount,
        )

        home.additional_properties = d
        return home

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
