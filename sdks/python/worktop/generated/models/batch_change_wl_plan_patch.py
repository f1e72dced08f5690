from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.wl_module import WlModule
from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchChangeWlPlanPatch")


@_attrs_define
class BatchChangeWlPlanPatch:
    """One item of a batch update.

    Attributes:
        id (int): The record to change.
        version (int): The version the change is based on; a stale one fails the item (409 `version_conflict`).
        currency (str | Unset):
        description (None | str | Unset):
        modules (list[WlModule] | Unset):
        name (str | Unset):
        price_monthly (float | Unset): An amount with two decimal places, at most 9,999,999,999,999.99 either way (a
            numeric string is accepted too). Example: 1250.5.
        requests_per_hour (int | Unset):
    """

    id: int
    version: int
    currency: str | Unset = UNSET
    description: None | str | Unset = UNSET
    modules: list[WlModule] | Unset = UNSET
    name: str | Unset = UNSET
    price_monthly: float | Unset = UNSET
    requests_per_hour: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

        currency = self.currency

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        modules: list[str] | Unset = UNSET
        if not isinstance(self.modules, Unset):
            modules = []
            for modules_item_data in self.modules:
                modules_item = modules_item_data.value
                modules.append(modules_item)

        name = self.name

        price_monthly = self.price_monthly

        requests_per_hour = self.requests_per_hour

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "version": version,
            }
        )
        if currency is not UNSET:
            field_dict["currency"] = currency
        if description is not UNSET:
            field_dict["description"] = description
        if modules is not UNSET:
            field_dict["modules"] = modules
        if name is not UNSET:
            field_dict["name"] = name
        if price_monthly is not UNSET:
            field_dict["price_monthly"] = price_monthly
        if requests_per_hour is not UNSET:
            field_dict["requests_per_hour"] = requests_per_hour

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        currency = d.pop("currency", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _modules = d.pop("modules", UNSET)
        modules: list[WlModule] | Unset = UNSET
        if _modules is not UNSET:
            modules = []
            for modules_item_data in _modules:
                modules_item = WlModule(modules_item_data)

                modules.append(modules_item)

        name = d.pop("name", UNSET)

        price_monthly = d.pop("price_monthly", UNSET)

        requests_per_hour = d.pop("requests_per_hour", UNSET)

        batch_change_wl_plan_patch = cls(
            id=id,
            version=version,
            currency=currency,
            description=description,
            modules=modules,
            name=name,
            price_monthly=price_monthly,
            requests_per_hour=requests_per_hour,
        )

        batch_change_wl_plan_patch.additional_properties = d
        return batch_change_wl_plan_patch

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
