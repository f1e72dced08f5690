from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.deal import Deal


T = TypeVar("T", bound="DealStageChanged")


@_attrs_define
class DealStageChanged:
    """The data of `deal.stage_changed`: the deal as it is now, and the
    stages it moved between.

        Attributes:
            deal (Deal): An opportunity moving through a pipeline's deal stages.
            from_stage_id (int):
            to_stage_id (int):
    """

    deal: Deal
    from_stage_id: int
    to_stage_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deal = self.deal.to_dict()

        from_stage_id = self.from_stage_id

        to_stage_id = self.to_stage_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deal": deal,
                "from_stage_id": from_stage_id,
                "to_stage_id": to_stage_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deal import Deal

        d = dict(src_dict)
        deal = Deal.from_dict(d.pop("deal"))

        from_stage_id = d.pop("from_stage_id")

        to_stage_id = d.pop("to_stage_id")

        deal_stage_changed = cls(
            deal=deal,
            from_stage_id=from_stage_id,
            to_stage_id=to_stage_id,
        )

        deal_stage_changed.additional_properties = d
        return deal_stage_changed

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
