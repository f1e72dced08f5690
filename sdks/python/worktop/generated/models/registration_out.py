from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RegistrationOut")


@_attrs_define
class RegistrationOut:
    """The registered client (RFC 7591 §3.2.1).

    Attributes:
        client_id (str):
        client_id_issued_at (int): When it was registered, in seconds since 1970.
        client_name (str):
        grant_types (list[str]):
        redirect_uris (list[str]):
        response_types (list[str]):
        scope (str):
        token_endpoint_auth_method (str):
    """

    client_id: str
    client_id_issued_at: int
    client_name: str
    grant_types: list[str]
    redirect_uris: list[str]
    response_types: list[str]
    scope: str
    token_endpoint_auth_method: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        client_id_issued_at = self.client_id_issued_at

        client_name = self.client_name

        grant_types = self.grant_types

        redirect_uris = self.redirect_uris

        response_types = self.response_types

        scope = self.scope

        token_endpoint_auth_method = self.token_endpoint_auth_method

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client_id": client_id,
                "client_id_issued_at": client_id_issued_at,
                "client_name": client_name,
                "grant_types": grant_types,
                "redirect_uris": redirect_uris,
                "response_types": response_types,
                "scope": scope,
                "token_endpoint_auth_method": token_endpoint_auth_method,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        client_id_issued_at = d.pop("client_id_issued_at")

        client_name = d.pop("client_name")

        grant_types = cast(list[str], d.pop("grant_types"))

        redirect_uris = cast(list[str], d.pop("redirect_uris"))

        response_types = cast(list[str], d.pop("response_types"))

        scope = d.pop("scope")

        token_endpoint_auth_method = d.pop("token_endpoint_auth_method")

        registration_out = cls(
            client_id=client_id,
            client_id_issued_at=client_id_issued_at,
            client_name=client_name,
            grant_types=grant_types,
            redirect_uris=redirect_uris,
            response_types=response_types,
            scope=scope,
            token_endpoint_auth_method=token_endpoint_auth_method,
        )

        registration_out.additional_properties = d
        return registration_out

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
