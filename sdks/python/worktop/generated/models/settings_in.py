from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SettingsIn")


@_attrs_define
class SettingsIn:
    """Body of `POST /api/inventory/settings`.

    Attributes:
        allow_negative_stock (bool | None | Unset):
    """

    allow_negative_stock: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        allow_negative_stock: bool | None | Unset
        if isinstance(self.allow_negative_stock, Unset):
            allow_negative_stock = UNSET
        else:
            allow_negative_stock = self.allow_negative_stock

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if allow_negative_stock is not UNSET:
            field_dict["allow_negative_stock"] = allow_negative_stock

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_allow_negative_stock(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        allow_negative_stock = _parse_allow_negative_stock(
            d.pop("allow_negative_stock", UNSET)
        )

        settings_in = cls(
            allow_negative_stock=allow_negative_stock,
        )

        settings_in.additional_properties = d
        return settings_in

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
