from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Subscription")


@_attrs_define
class Subscription:
    """A sub-tenant's subscription to a white-label plan, as the provider last reported it.

    Attributes:
        amount (float): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a numeric string is
            accepted too). Example: 1250.5.
        canceled_at (None | str):
        created_at (str): RFC 3339, UTC.
        currency (str):
        current_period_end (None | str):
        id (int): Unique per workspace and resource.
        interval (str): Billed every month.
        last_event_id (None | str): The id of the last provider event applied.
        payment_customer_id (str):
        payment_subscription_id (str):
        plan_id (int):
        provider (str): `stripe`.
        status (str): The provider's status: `incomplete`, `trialing`, `active`, `past_due`, `canceled`,
            `unpaid`, ...
        tenant_id (int): The sub-tenant (its record's id in `/api/wl/tenants`).
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    amount: float
    canceled_at: None | str
    created_at: str
    currency: str
    current_period_end: None | str
    id: int
    interval: str
    last_event_id: None | str
    payment_customer_id: str
    payment_subscription_id: str
    plan_id: int
    provider: str
    status: str
    tenant_id: int
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        canceled_at: None | str
        canceled_at = self.canceled_at

        created_at = self.created_at

        currency = self.currency

        current_period_end: None | str
        current_period_end = self.current_period_end

        id = self.id

        interval = self.interval

        last_event_id: None | str
        last_event_id = self.last_event_id

        payment_customer_id = self.payment_customer_id

        payment_subscription_id = self.payment_subscription_id

        plan_id = self.plan_id

        provider = self.provider

        status = self.status

        tenant_id = self.tenant_id

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "canceled_at": canceled_at,
                "created_at": created_at,
                "currency": currency,
                "current_period_end": current_period_end,
                "id": id,
                "interval": interval,
                "last_event_id": last_event_id,
                "payment_customer_id": payment_customer_id,
                "payment_subscription_id": payment_subscription_id,
                "plan_id": plan_id,
                "provider": provider,
                "status": status,
                "tenant_id": tenant_id,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        def _parse_canceled_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        canceled_at = _parse_canceled_at(d.pop("canceled_at"))

        created_at = d.pop("created_at")

        currency = d.pop("currency")

        def _parse_current_period_end(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        current_period_end = _parse_current_period_end(d.pop("current_period_end"))

        id = d.pop("id")

        interval = d.pop("interval")

        def _parse_last_event_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_event_id = _parse_last_event_id(d.pop("last_event_id"))

        payment_customer_id = d.pop("payment_customer_id")

        payment_subscription_id = d.pop("payment_subscription_id")

        plan_id = d.pop("plan_id")

        provider = d.pop("provider")

        status = d.pop("status")

        tenant_id = d.pop("tenant_id")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        subscription = cls(
            amount=amount,
            canceled_at=canceled_at,
            created_at=created_at,
            currency=currency,
            current_period_end=current_period_end,
            id=id,
            interval=interval,
            last_event_id=last_event_id,
            payment_customer_id=payment_customer_id,
            payment_subscription_id=payment_subscription_id,
            plan_id=plan_id,
            provider=provider,
            status=status,
            tenant_id=tenant_id,
            updated_at=updated_at,
            version=version,
        )

        subscription.additional_properties = d
        return subscription

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
