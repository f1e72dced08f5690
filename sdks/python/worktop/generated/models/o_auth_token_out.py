from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="OAuthTokenOut")


@_attrs_define
class OAuthTokenOut:
    """A token answer (RFC 6749 §5.1).

    Attributes:
        access_token (str): `wto_...`: send it as `Authorization: Bearer <token>`.
        expires_in (int): Seconds until the access token expires.
        scope (str): The granted scopes, space-separated.
        token_type (str): Always `Bearer`.
        refresh_token (None | str | Unset): `wtr_...` (not for client credentials): use it once, for the next pair of
            tokens.
    """

    access_token: str
    expires_in: int
    scope: str
    token_type: str
    refresh_token: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token

        expires_in = self.expires_in

        scope = self.scope

        token_type = self.token_type

        refresh_token: None | str | Unset
        if isinstance(self.refresh_token, Unset):
            refresh_token = UNSET
        else:
            refresh_token = self.refresh_token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "access_token": access_token,
                "expires_in": expires_in,
                "scope": scope,
                "token_type": token_type,
            }
        )
        if refresh_token is not UNSET:
            field_dict["refresh_token"] = refresh_token

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        access_token = d.pop("access_token")

        expires_in = d.pop("expires_in")

        scope = d.pop("scope")

        token_type = d.pop("token_type")

        def _parse_refresh_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        refresh_token = _parse_refresh_token(d.pop("refresh_token", UNSET))

        o_auth_token_out = cls(
            access_token=access_token,
            expires_in=expires_in,
            scope=scope,
            token_type=token_type,
            refresh_token=refresh_token,
        )

        o_auth_token_out.additional_properties = d
        return o_auth_token_out

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
