from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.client_type import ClientType

T = TypeVar("T", bound="ConsentClient")


@_attrs_define
class ConsentClient:
    """The application asking, as the consent page names it.

    Attributes:
        client_id (str):
        name (str):
        registered_itself (bool): The client registered itself (RFC 7591): its name is its own claim, which nobody
            checked.
        type_ (ClientType): Confidential clients keep a secret (a server); public ones cannot (a browser or mobile app).
    """

    client_id: str
    name: str
    registered_itself: bool
    type_: ClientType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        name = self.name

        registered_itself = self.registered_itself

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client_id": client_id,
                "name": name,
                "registered_itself": registered_itself,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        name = d.pop("name")

        registered_itself = d.pop("registered_itself")

        type_ = ClientType(d.pop("type"))

        consent_client = cls(
            client_id=client_id,
            name=name,
            registered_itself=registered_itself,
            type_=type_,
        )

        consent_client.additional_properties = d
        return consent_client

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
