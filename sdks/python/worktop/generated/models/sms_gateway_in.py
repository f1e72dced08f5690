from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sms_provider import SmsProvider
from ..types import UNSET, Unset

T = TypeVar("T", bound="SmsGatewayIn")


@_attrs_define
class SmsGatewayIn:
    """Body of `POST /api/sms-gateway`.

    Example:
        {'account_sid': 'AC0123456789abcdef', 'auth_token': 'token-from-the-gateway', 'enabled': True, 'from_number':
            '+14155550123', 'provider': 'twilio'}

    Attributes:
        account_sid (str | Unset):
        auth_token (None | str | Unset): Write-only; `null` removes it.
        enabled (bool | Unset):
        from_number (str | Unset):
        provider (SmsProvider | Unset): An SMS gateway.
        version (int | Unset): The version the change is based on (409 when it moved on).
    """

    account_sid: str | Unset = UNSET
    auth_token: None | str | Unset = UNSET
    enabled: bool | Unset = UNSET
    from_number: str | Unset = UNSET
    provider: SmsProvider | Unset = UNSET
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account_sid = self.account_sid

        auth_token: None | str | Unset
        if isinstance(self.auth_token, Unset):
            auth_token = UNSET
        else:
            auth_token = self.auth_token

        enabled = self.enabled

        from_number = self.from_number

        provider: str | Unset = UNSET
        if not isinstance(self.provider, Unset):
            provider = self.provider.value

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if account_sid is not UNSET:
            field_dict["account_sid"] = account_sid
        if auth_token is not UNSET:
            field_dict["auth_token"] = auth_token
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if from_number is not UNSET:
            field_dict["from_number"] = from_number
        if provider is not UNSET:
            field_dict["provider"] = provider
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        account_sid = d.pop("account_sid", UNSET)

        def _parse_auth_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auth_token = _parse_auth_token(d.pop("auth_token", UNSET))

        enabled = d.pop("enabled", UNSET)

        from_number = d.pop("from_number", UNSET)

        _provider = d.pop("provider", UNSET)
        provider: SmsProvider | Unset
        if isinstance(_provider, Unset):
            provider = UNSET
        else:
            provider = SmsProvider(_provider)

        version = d.pop("version", UNSET)

        sms_gateway_in = cls(
            account_sid=account_sid,
            auth_token=auth_token,
            enabled=enabled,
            from_number=from_number,
            provider=provider,
            version=version,
        )

        sms_gateway_in.additional_properties = d
        return sms_gateway_in

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
