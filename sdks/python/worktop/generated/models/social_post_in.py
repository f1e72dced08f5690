from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.social_network import SocialNetwork
from ..types import UNSET, Unset

T = TypeVar("T", bound="SocialPostIn")


@_attrs_define
class SocialPostIn:
    """Body of `POST /api/social-post`.

    Example:
        {'access_token': 'token-from-the-network', 'account': 'acme-dental', 'enabled': True, 'network': 'linkedin',
            'page_id': 'urn:li:organization:123'}

    Attributes:
        access_token (None | str | Unset): Write-only; `null` removes it.
        account (str | Unset):
        enabled (bool | Unset):
        network (SocialNetwork | Unset): A social network.
        page_id (None | str | Unset):
        version (int | Unset): The version the change is based on (409 when it moved on).
    """

    access_token: None | str | Unset = UNSET
    account: str | Unset = UNSET
    enabled: bool | Unset = UNSET
    network: SocialNetwork | Unset = UNSET
    page_id: None | str | Unset = UNSET
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        access_token: None | str | Unset
        if isinstance(self.access_token, Unset):
            access_token = UNSET
        else:
            access_token = self.access_token

        account = self.account

        enabled = self.enabled

        network: str | Unset = UNSET
        if not isinstance(self.network, Unset):
            network = self.network.value

        page_id: None | str | Unset
        if isinstance(self.page_id, Unset):
            page_id = UNSET
        else:
            page_id = self.page_id

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if access_token is not UNSET:
            field_dict["access_token"] = access_token
        if account is not UNSET:
            field_dict["account"] = account
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if network is not UNSET:
            field_dict["network"] = network
        if page_id is not UNSET:
            field_dict["page_id"] = page_id
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_access_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        access_token = _parse_access_token(d.pop("access_token", UNSET))

        account = d.pop("account", UNSET)

        enabled = d.pop("enabled", UNSET)

        _network = d.pop("network", UNSET)
        network: SocialNetwork | Unset
        if isinstance(_network, Unset):
            network = UNSET
        else:
            network = SocialNetwork(_network)

        def _parse_page_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        page_id = _parse_page_id(d.pop("page_id", UNSET))

        version = d.pop("version", UNSET)

        social_post_in = cls(
            access_token=access_token,
            account=account,
            enabled=enabled,
            network=network,
            page_id=page_id,
            version=version,
        )

        social_post_in.additional_properties = d
        return social_post_in

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
