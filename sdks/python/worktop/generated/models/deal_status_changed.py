from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deal_status import DealStatus

if TYPE_CHECKING:
    from ..models.deal import Deal


T = TypeVar("T", bound="DealStatusChanged")


@_attrs_define
class DealStatusChanged:
    """The data of `deal.status_changed`: the deal as it is now, and the
    statuses it moved between.

        Attributes:
            deal (Deal): An opportunity moving through a pipeline's deal stages.
            from_status (DealStatus): Where a deal stands (the original product's `active` and `loss` are read as `open` and
                `lost`).
            to_status (DealStatus): Where a deal stands (the original product's `active` and `loss` are read as `open` and
                `lost`).
    """

    deal: Deal
    from_status: DealStatus
    to_status: DealStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deal = self.deal.to_dict()

        from_status = self.from_status.value

        to_status = self.to_status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deal": deal,
                "from_status": from_status,
                "to_status": to_status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deal import Deal

        d = dict(src_dict)
        deal = Deal.from_dict(d.pop("deal"))

        from_status = DealStatus(d.pop("from_status"))

        to_status = DealStatus(d.pop("to_status"))

        deal_status_changed = cls(
            deal=deal,
            from_status=from_status,
            to_status=to_status,
        )

        deal_status_changed.additional_properties = d
        return deal_status_changed

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
