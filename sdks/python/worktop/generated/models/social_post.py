from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.social_network import SocialNetwork

T = TypeVar("T", bound="SocialPost")


@_attrs_define
class SocialPost:
    """Posting to a social network account: `GET`/`POST /api/social-post`.

    Attributes:
        access_token_set (bool): Whether an access token is stored (it is write-only). Default: False.
        account (None | str): The connected account's handle or page name.
        configured (bool): Set once a network, account and token are stored. Default: False.
        enabled (bool): Whether the workspace posts (announcements, new products) to it. Default: False.
        network (None | SocialNetwork):
        page_id (None | str): The page or organisation id posts go to, when the network has one.
        updated_at (None | str):
        version (int):  Default: 0.
    """

    account: None | str
    network: None | SocialNetwork
    page_id: None | str
    updated_at: None | str
    access_token_set: bool = False
    configured: bool = False
    enabled: bool = False
    version: int = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        access_token_set = self.access_token_set

        account: None | str
        account = self.account

        configured = self.configured

        enabled = self.enabled

        network: None | str
        if isinstance(self.network, SocialNetwork):
            network = self.network.value
        else:
            network = self.network

        page_id: None | str
        page_id = self.page_id

        updated_at: None | str
        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "access_token_set": access_token_set,
                "account": account,
                "configured": configured,
                "enabled": enabled,
                "network": network,
                "page_id": page_id,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        access_token_set = d.pop("access_token_set")

        def _parse_account(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        account = _parse_account(d.pop("account"))

        configured = d.pop("configured")

        enabled = d.pop("enabled")

        def _parse_network(data: object) -> None | SocialNetwork:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                network_type_1 = SocialNetwork(data)

                return network_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SocialNetwork, data)

        network = _parse_network(d.pop("network"))

        def _parse_page_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        page_id = _parse_page_id(d.pop("page_id"))

        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        version = d.pop("version")

        social_post = cls(
            access_token_set=access_token_set,
            account=account,
            configured=configured,
            enabled=enabled,
            network=network,
            page_id=page_id,
            updated_at=updated_at,
            version=version,
        )

        social_post.additional_properties = d
        return social_post

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
