from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.meta import Meta
    from ..models.owed_commission import OwedCommission
    from ..models.sales_agent import SalesAgent


T = TypeVar("T", bound="OutstandingCommissions")


@_attrs_define
class OutstandingCommissions:
    """Answer of `GET /api/agents/{agent}/outstanding-commissions`.

    Attributes:
        agent (SalesAgent): A user who sells on commission.
        data (list[OwedCommission]): The invoices it is owed on, this page of them (oldest first).
        meta (Meta): Page metadata. `next_cursor` is null on the last page.
        total_amount (float): A running total or balance with two decimal places: a sum of amounts, so it may pass the
            bound a single amount has. Example: 1250.5.
    """

    agent: SalesAgent
    data: list[OwedCommission]
    meta: Meta
    total_amount: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        agent = self.agent.to_dict()

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        meta = self.meta.to_dict()

        total_amount = self.total_amount

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "agent": agent,
                "data": data,
                "meta": meta,
                "total_amount": total_amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.meta import Meta
        from ..models.owed_commission import OwedCommission
        from ..models.sales_agent import SalesAgent

        d = dict(src_dict)
        agent = SalesAgent.from_dict(d.pop("agent"))

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = OwedCommission.from_dict(data_item_data)

            data.append(data_item)

        meta = Meta.from_dict(d.pop("meta"))

        total_amount = d.pop("total_amount")

        outstanding_commissions = cls(
            agent=agent,
            data=data,
            meta=meta,
            total_amount=total_amount,
        )

        outstanding_commissions.additional_properties = d
        return outstanding_commissions

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
