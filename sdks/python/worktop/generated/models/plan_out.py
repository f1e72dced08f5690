from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlanOut")


@_attrs_define
class PlanOut:
    """A plan as the catalogue shows it.

    Attributes:
        burst (int):
        currency (str):
        custom_fields (int): Custom fields a workspace on the plan may define, across its kinds of record.
        description (str):
        id (str):
        modules (list[str]): Module names enabled on the plan.
        name (str):
        price_monthly (int):
        price_yearly (int):
        requests_per_hour (int): Per token; `burst` requests may come at once.
        trial_days (int):
    """

    burst: int
    currency: str
    custom_fields: int
    description: str
    id: str
    modules: list[str]
    name: str
    price_monthly: int
    price_yearly: int
    requests_per_hour: int
    trial_days: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        burst = self.burst

        currency = self.currency

        custom_fields = self.custom_fields

        description = self.description

        id = self.id

        modules = self.modules

        name = self.name

        price_monthly = self.price_monthly

        price_yearly = self.price_yearly

        requests_per_hour = self.requests_per_hour

        trial_days = self.trial_days

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "burst": burst,
                "currency": currency,
                "custom_fields": custom_fields,
                "description": description,
                "id": id,
                "modules": modules,
                "name": name,
                "price_monthly": price_monthly,
                "price_yearly": price_yearly,
                "requests_per_hour": requests_per_hour,
                "trial_days": trial_days,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        burst = d.pop("burst")

        currency = d.pop("currency")

        custom_fields = d.pop("custom_fields")

        description = d.pop("description")

        id = d.pop("id")

        modules = cast(list[str], d.pop("modules"))

        name = d.pop("name")

        price_monthly = d.pop("price_monthly")

        price_yearly = d.pop("price_yearly")

        requests_per_hour = d.pop("requests_per_hour")

        trial_days = d.pop("trial_days")

        plan_out = cls(
            burst=burst,
            currency=currency,
            custom_fields=custom_fields,
            description=description,
            id=id,
            modules=modules,
            name=name,
            price_monthly=price_monthly,
            price_yearly=price_yearly,
            requests_per_hour=requests_per_hour,
            trial_days=trial_days,
        )

        plan_out.additional_properties = d
        return plan_out

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
