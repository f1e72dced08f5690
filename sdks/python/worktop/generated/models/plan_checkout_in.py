from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.plan_checkout_in_plan_id import PlanCheckoutInPlanId

T = TypeVar("T", bound="PlanCheckoutIn")


@_attrs_define
class PlanCheckoutIn:
    """Body of `POST /api/billing/checkout`.

    Example:
        {'plan_id': 'pro'}

    Attributes:
        plan_id (PlanCheckoutInPlanId): A plan of `GET /api/public/plans`, billed monthly.
    """

    plan_id: PlanCheckoutInPlanId
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        plan_id = self.plan_id.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "plan_id": plan_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        plan_id = PlanCheckoutInPlanId(d.pop("plan_id"))

        plan_checkout_in = cls(
            plan_id=plan_id,
        )

        plan_checkout_in.additional_properties = d
        return plan_checkout_in

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
