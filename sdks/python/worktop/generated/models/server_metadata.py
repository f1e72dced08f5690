from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ServerMetadata")


@_attrs_define
class ServerMetadata:
    """The authorization server's metadata.

    Attributes:
        authorization_endpoint (str): The consent call a logged-in user makes (`POST`, JSON; docs/oauth.md): a client
            sends
            the user to its workspace's consent page, which calls it.
        code_challenge_methods_supported (list[str]):
        grant_types_supported (list[str]):
        issuer (str): This server's base URL (the request's scheme and host).
        registration_endpoint (str): Dynamic client registration (RFC 7591), for public clients (an MCP client).
        response_types_supported (list[str]):
        revocation_endpoint (str):
        revocation_endpoint_auth_methods_supported (list[str]):
        scopes_supported (list[str]):
        service_documentation (str):
        token_endpoint (str):
        token_endpoint_auth_methods_supported (list[str]):
    """

    authorization_endpoint: str
    code_challenge_methods_supported: list[str]
    grant_types_supported: list[str]
    issuer: str
    registration_endpoint: str
    response_types_supported: list[str]
    revocation_endpoint: str
    revocation_endpoint_auth_methods_supported: list[str]
    scopes_supported: list[str]
    service_documentation: str
    token_endpoint: str
    token_endpoint_auth_methods_supported: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        authorization_endpoint = self.authorization_endpoint

        code_challenge_methods_supported = self.code_challenge_methods_supported

        grant_types_supported = self.grant_types_supported

        issuer = self.issuer

        registration_endpoint = self.registration_endpoint

        response_types_supported = self.response_types_supported

        revocation_endpoint = self.revocation_endpoint

        revocation_endpoint_auth_methods_supported = (
            self.revocation_endpoint_auth_methods_supported
        )

        scopes_supported = self.scopes_supported

        service_documentation = self.service_documentation

        token_endpoint = self.token_endpoint

        token_endpoint_auth_methods_supported = (
            self.token_endpoint_auth_methods_supported
        )

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "authorization_endpoint": authorization_endpoint,
                "code_challenge_methods_supported": code_challenge_methods_supported,
                "grant_types_supported": grant_types_supported,
                "issuer": issuer,
                "registration_endpoint": registration_endpoint,
                "response_types_supported": response_types_supported,
                "revocation_endpoint": revocation_endpoint,
                "revocation_endpoint_auth_methods_supported": revocation_endpoint_auth_methods_supported,
                "scopes_supported": scopes_supported,
                "service_documentation": service_documentation,
                "token_endpoint": token_endpoint,
                "token_endpoint_auth_methods_supported": token_endpoint_auth_methods_supported,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        authorization_endpoint = d.pop("authorization_endpoint")

        code_challenge_methods_supported = cast(
            list[str], d.pop("code_challenge_methods_supported")
        )

        grant_types_supported = cast(list[str], d.pop("grant_types_supported"))

        issuer = d.pop("issuer")

        registration_endpoint = d.pop("registration_endpoint")

        response_types_supported = cast(list[str], d.pop("response_types_supported"))

        revocation_endpoint = d.pop("revocation_endpoint")

        revocation_endpoint_auth_methods_supported = cast(
            list[str], d.pop("revocation_endpoint_auth_methods_supported")
        )

        scopes_supported = cast(list[str], d.pop("scopes_supported"))

        service_documentation = d.pop("service_documentation")

        token_endpoint = d.pop("token_endpoint")

        token_endpoint_auth_methods_supported = cast(
            list[str], d.pop("token_endpoint_auth_methods_supported")
        )

        server_metadata = cls(
            authorization_endpoint=authorization_endpoint,
            code_challenge_methods_supported=code_challenge_methods_supported,
            grant_types_supported=grant_types_supported,
            issuer=issuer,
            registration_endpoint=registration_endpoint,
            response_types_supported=response_types_supported,
            revocation_endpoint=revocation_endpoint,
            revocation_endpoint_auth_methods_supported=revocation_endpoint_auth_methods_supported,
            scopes_supported=scopes_supported,
            service_documentation=service_documentation,
            token_endpoint=token_endpoint,
            token_endpoint_auth_methods_supported=token_endpoint_auth_methods_supported,
        )

        server_metadata.additional_properties = d
        return server_metadata

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
