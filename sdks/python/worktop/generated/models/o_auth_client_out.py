from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.client_type import ClientType

T = TypeVar("T", bound="OAuthClientOut")


@_attrs_define
class OAuthClientOut:
    """A client as the API shows it: never its secret.

    Attributes:
        client_id (str): The public client identifier (`wtc_...`) the OAuth flows name.
        created_at (str):
        created_by (int): Who registered it; client credentials tokens act as this user.
        id (int):
        name (str):
        redirect_uris (list[str]): Where the consent may send the user back; matched exactly.
        registered_itself (bool): The client registered itself (dynamic registration, RFC 7591) and a user of this
            workspace consented to it (`created_by`); an administrator did not register it.
        scopes (list[str]): The scopes the client may ask for.
        type_ (ClientType): Confidential clients keep a secret (a server); public ones cannot (a browser or mobile app).
    """

    client_id: str
    created_at: str
    created_by: int
    id: int
    name: str
    redirect_uris: list[str]
    registered_itself: bool
    scopes: list[str]
    type_: ClientType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        created_at = self.created_at

        created_by = self.created_by

        id = self.id

        name = self.name

        redirect_uris = self.redirect_uris

        registered_itself = self.registered_itself

        scopes = self.scopes

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client_id": client_id,
                "created_at": created_at,
                "created_by": created_by,
                "id": id,
                "name": name,
                "redirect_uris": redirect_uris,
                "registered_itself": registered_itself,
                "scopes": scopes,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        created_at = d.pop("created_at")

        created_by = d.pop("created_by")

        id = d.pop("id")

        name = d.pop("name")

        redirect_uris = cast(list[str], d.pop("redirect_uris"))

        registered_itself = d.pop("registered_itself")

        scopes = cast(list[str], d.pop("scopes"))

        type_ = ClientType(d.pop("type"))

        o_auth_client_out = cls(
            client_id=client_id,
            created_at=created_at,
            created_by=created_by,
            id=id,
            name=name,
            redirect_uris=redirect_uris,
            registered_itself=registered_itself,
            scopes=scopes,
            type_=type_,
        )

        o_auth_client_out.additional_properties = d
        return o_auth_client_out

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
