from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.o_auth_client_in_scopes_item import OAuthClientInScopesItem
from ..models.o_auth_client_in_type import OAuthClientInType
from ..types import UNSET, Unset

T = TypeVar("T", bound="OAuthClientIn")


@_attrs_define
class OAuthClientIn:
    """Body of `POST /api/oauth/clients`.

    Attributes:
        name (str):
        redirect_uris (list[str]): Absolute `https` URLs with a host (no userinfo, no `*`), or `http` on `localhost` /
            `127.0.0.1` / `[::1]` for development; no fragment. The consent's `redirect_uri` must equal one of them exactly.
        scopes (list[OAuthClientInScopesItem]): The scopes (`crm.read`, `sales.write`, ...: the permission names) the
            client may ask for;
            the old spelling `crm:read` is read as `crm.read`.
        type_ (OAuthClientInType | Unset): `confidential` (default: a server that keeps a secret) or `public` (a browser
            or mobile
            app: no secret, PKCE only, no client credentials).
    """

    name: str
    redirect_uris: list[str]
    scopes: list[OAuthClientInScopesItem]
    type_: OAuthClientInType | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        redirect_uris = self.redirect_uris

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)

        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "redirect_uris": redirect_uris,
                "scopes": scopes,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        redirect_uris = cast(list[str], d.pop("redirect_uris"))

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = OAuthClientInScopesItem(scopes_item_data)

            scopes.append(scopes_item)

        _type_ = d.pop("type", UNSET)
        type_: OAuthClientInType | Unset
        if isinstance(_type_, Unset):
            type_ = UNSET
        else:
            type_ = OAuthClientInType(_type_)

        o_auth_client_in = cls(
            name=name,
            redirect_uris=redirect_uris,
            scopes=scopes,
            type_=type_,
        )

        o_auth_client_in.additional_properties = d
        return o_auth_client_in

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
