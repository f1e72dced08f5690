from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.api_key_in_mode import ApiKeyInMode
from ..models.api_key_in_scopes_type_0_item import ApiKeyInScopesType0Item
from ..types import UNSET, Unset

T = TypeVar("T", bound="ApiKeyIn")


@_attrs_define
class ApiKeyIn:
    """Body of `POST /api/v1/settings/api-keys`.

    Attributes:
        name (str):
        mode (ApiKeyInMode | Unset): `live` (default): `wt_live_` keys on live data; `test`: `wt_test_` keys on the
            sandbox.
        scopes (list[ApiKeyInScopesType0Item] | None | Unset): Permission names (`crm.read`, ...) narrowing the key;
            each must be one the caller holds.
            Absent: the caller's own permissions.
    """

    name: str
    mode: ApiKeyInMode | Unset = UNSET
    scopes: list[ApiKeyInScopesType0Item] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        scopes: list[str] | None | Unset
        if isinstance(self.scopes, Unset):
            scopes = UNSET
        elif isinstance(self.scopes, list):
            scopes = []
            for scopes_type_0_item_data in self.scopes:
                scopes_type_0_item = scopes_type_0_item_data.value
                scopes.append(scopes_type_0_item)

        else:
            scopes = self.scopes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if mode is not UNSET:
            field_dict["mode"] = mode
        if scopes is not UNSET:
            field_dict["scopes"] = scopes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        _mode = d.pop("mode", UNSET)
        mode: ApiKeyInMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = ApiKeyInMode(_mode)

        def _parse_scopes(data: object) -> list[ApiKeyInScopesType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                scopes_type_0 = []
                _scopes_type_0 = data
                for scopes_type_0_item_data in _scopes_type_0:
                    scopes_type_0_item = ApiKeyInScopesType0Item(
                        scopes_type_0_item_data
                    )

                    scopes_type_0.append(scopes_type_0_item)

                return scopes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ApiKeyInScopesType0Item] | None | Unset, data)

        scopes = _parse_scopes(d.pop("scopes", UNSET))

        api_key_in = cls(
            name=name,
            mode=mode,
            scopes=scopes,
        )

        api_key_in.additional_properties = d
        return api_key_in

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
