from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CheckoutIn")


@_attrs_define
class CheckoutIn:
    """Body of `POST /api/wl/checkout`.

    Example:
        {'plan_id': 1, 'tenant_id': 1, 'trial_days': 14}

    Attributes:
        tenant_id (int): The sub-tenant to bill.
        payment_method (None | str | Unset): The provider's payment method the platform's page collected (Stripe.js
            `pm_...`); without
            one or a trial, the provider refuses to start the subscription (422).
        plan_id (int | None | Unset): A white-label plan with a price; defaults to the sub-tenant's assigned plan.
        trial_days (int | None | Unset): A free trial before the first charge.
    """

    tenant_id: int
    payment_method: None | str | Unset = UNSET
    plan_id: int | None | Unset = UNSET
    trial_days: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tenant_id = self.tenant_id

        payment_method: None | str | Unset
        if isinstance(self.payment_method, Unset):
            payment_method = UNSET
        else:
            payment_method = self.payment_method

        plan_id: int | None | Unset
        if isinstance(self.plan_id, Unset):
            plan_id = UNSET
        else:
            plan_id = self.plan_id

        trial_days: int | None | Unset
        if isinstance(self.trial_days, Unset):
            trial_days = UNSET
        else:
            trial_days = self.trial_days

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tenant_id": tenant_id,
            }
        )
        if payment_method is not UNSET:
            field_dict["payment_method"] = payment_method
        if plan_id is not UNSET:
            field_dict["plan_id"] = plan_id
        if trial_days is not UNSET:
            field_dict["trial_days"] = trial_days

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        tenant_id = d.pop("tenant_id")

        def _parse_payment_method(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payment_method = _parse_payment_method(d.pop("payment_method", UNSET))

        def _parse_plan_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        plan_id = _parse_plan_id(d.pop("plan_id", UNSET))

        def _parse_trial_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        trial_days = _parse_trial_days(d.pop("trial_days", UNSET))

        checkout_in = cls(
            tenant_id=tenant_id,
            payment_method=payment_method,
            plan_id=plan_id,
            trial_days=trial_days,
        )

        checkout_in.additional_properties = d
        return checkout_in

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
