from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.wl_module import WlModule

T = TypeVar("T", bound="WlPlan")


@_attrs_define
class WlPlan:
    """One of the platform's plans for its customers.

    Attributes:
        created_at (str): RFC 3339, UTC.
        currency (str): ISO 4217, upper case.
        description (None | str):
        id (int): Unique per workspace and resource.
        modules (list[WlModule]): The modules a sub-tenant on this plan may use (within the platform's own plan).
        name (str):
        price_monthly (float): What the platform charges for it per month (the platform's own billing). Example: 1250.5.
        requests_per_hour (int): Per token; capped at the platform's own plan's limit when assigned.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    created_at: str
    currency: str
    description: None | str
    id: int
    modules: list[WlModule]
    name: str
    price_monthly: float
    requests_per_hour: int
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        currency = self.currency

        description: None | str
        description = self.description

        id = self.id

        modules = []
        for modules_item_data in self.modules:
            modules_item = modules_item_data.value
            modules.append(modules_item)

        name = self.name

        price_monthly = self.price_monthly

        requests_per_hour = self.requests_per_hour

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "currency": currency,
                "description": description,
                "id": id,
                "modules": modules,
                "name": name,
                "price_monthly": price_monthly,
                "requests_per_hour": requests_per_hour,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        currency = d.pop("currency")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        id = d.pop("id")

        modules = []
        _modules = d.pop("modules")
        for modules_item_data in _modules:
            modules_item = WlModule(modules_item_data)

            modules.append(modules_item)

        name = d.pop("name")

        price_monthly = d.pop("price_monthly")

        requests_per_hour = d.pop("requests_per_hour")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        wl_plan = cls(
            created_at=created_at,
            currency=currency,
            description=description,
            id=id,
            modules=modules,
            name=name,
            price_monthly=price_monthly,
            requests_per_hour=requests_per_hour,
            updated_at=updated_at,
            version=version,
        )

        wl_plan.additional_properties = d
        return wl_plan

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
