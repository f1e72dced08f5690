from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.wl_module import WlModule
from ..types import UNSET, Unset

T = TypeVar("T", bound="WlPlanIn")


@_attrs_define
class WlPlanIn:
    """Body of `POST /api/wl/plans/create`.

    Attributes:
        modules (list[WlModule]): At least one; each must be on the platform's own plan.
        name (str):
        requests_per_hour (int): 1 up to the platform's own plan's limit (Business, the plan with the platform module:
            20000).
        currency (None | str | Unset): Three letters (ISO 4217); defaults to `USD`.
        description (None | str | Unset):
        price_monthly (float | None | Unset): At least 0; defaults to 0. Example: 1250.5.
    """

    modules: list[WlModule]
    name: str
    requests_per_hour: int
    currency: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    price_monthly: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        modules = []
        for modules_item_data in self.modules:
            modules_item = modules_item_data.value
            modules.append(modules_item)

        name = self.name

        requests_per_hour = self.requests_per_hour

        currency: None | str | Unset
        if isinstance(self.currency, Unset):
            currency = UNSET
        else:
            currency = self.currency

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        price_monthly: float | None | Unset
        if isinstance(self.price_monthly, Unset):
            price_monthly = UNSET
        else:
            price_monthly = self.price_monthly

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "modules": modules,
                "name": name,
                "requests_per_hour": requests_per_hour,
            }
        )
        if currency is not UNSET:
            field_dict["currency"] = currency
        if description is not UNSET:
            field_dict["description"] = description
        if price_monthly is not UNSET:
            field_dict["price_monthly"] = price_monthly

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        modules = []
        _modules = d.pop("modules")
        for modules_item_data in _modules:
            modules_item = WlModule(modules_item_data)

            modules.append(modules_item)

        name = d.pop("name")

        requests_per_hour = d.pop("requests_per_hour")

        def _parse_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        currency = _parse_currency(d.pop("currency", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_price_monthly(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        price_monthly = _parse_price_monthly(d.pop("price_monthly", UNSET))

        wl_plan_in = cls(
            modules=modules,
            name=name,
            requests_per_hour=requests_per_hour,
            currency=currency,
            description=description,
            price_monthly=price_monthly,
        )

        wl_plan_in.additional_properties = d
        return wl_plan_in

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
