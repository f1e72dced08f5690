from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ResourceMetadata")


@_attrs_define
class ResourceMetadata:
    """The protected resource's metadata (RFC 9728 §2).

    Attributes:
        authorization_servers (list[str]): The issuers whose tokens it takes: this server's.
        bearer_methods_supported (list[str]): Tokens go in the `Authorization` header only.
        resource (str): The MCP server's URL, which tokens are for.
        resource_documentation (str):
        resource_name (str):
        scopes_supported (list[str]):
    """

    authorization_servers: list[str]
    bearer_methods_supported: list[str]
    resource: str
    resource_documentation: str
    resource_name: str
    scopes_supported: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        authorization_servers = self.authorization_servers

        bearer_methods_supported = self.bearer_methods_supported

        resource = self.resource

        resource_documentation = self.resource_documentation

        resource_name = self.resource_name

        scopes_supported = self.scopes_supported

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "authorization_servers": authorization_servers,
                "bearer_methods_supported": bearer_methods_supported,
                "resource": resource,
                "resource_documentation": resource_documentation,
                "resource_name": resource_name,
                "scopes_supported": scopes_supported,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        authorization_servers = cast(list[str], d.pop("authorization_servers"))

        bearer_methods_supported = cast(list[str], d.pop("bearer_methods_supported"))

        resource = d.pop("resource")

        resource_documentation = d.pop("resource_documentation")

        resource_name = d.pop("resource_name")

        scopes_supported = cast(list[str], d.pop("scopes_supported"))

        resource_metadata = cls(
            authorization_servers=authorization_servers,
            bearer_methods_supported=bearer_methods_supported,
            resource=resource,
            resource_documentation=resource_documentation,
            resource_name=resource_name,
            scopes_supported=scopes_supported,
        )

        resource_metadata.additional_properties = d
        return resource_metadata

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
