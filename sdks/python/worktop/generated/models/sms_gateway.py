from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sms_provider import SmsProvider

T = TypeVar("T", bound="SmsGateway")


@_attrs_define
class SmsGateway:
    """Sending SMS through a gateway: `GET`/`POST /api/sms-gateway`.

    Attributes:
        account_sid (None | str): The gateway account's id (Twilio's account SID, Vonage's API key, ...).
        auth_token_set (bool): Whether an auth token is stored (it is write-only). Default: False.
        configured (bool):  Default: False.
        enabled (bool):  Default: False.
        from_number (None | str): The sending number, E.164.
        provider (None | SmsProvider):
        updated_at (None | str):
        version (int):  Default: 0.
    """

    account_sid: None | str
    from_number: None | str
    provider: None | SmsProvider
    updated_at: None | str
    auth_token_set: bool = False
    configured: bool = False
    enabled: bool = False
    version: int = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account_sid: None | str
        account_sid = self.account_sid

        auth_token_set = self.auth_token_set

        configured = self.configured

        enabled = self.enabled

        from_number: None | str
        from_number = self.from_number

        provider: None | str
        if isinstance(self.provider, SmsProvider):
            provider = self.provider.value
        else:
            provider = self.provider

        updated_at: None | str
        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "account_sid": account_sid,
                "auth_token_set": auth_token_set,
                "configured": configured,
                "enabled": enabled,
                "from_number": from_number,
                "provider": provider,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_account_sid(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        account_sid = _parse_account_sid(d.pop("account_sid"))

        auth_token_set = d.pop("auth_token_set")

        configured = d.pop("configured")

        enabled = d.pop("enabled")

        def _parse_from_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        from_number = _parse_from_number(d.pop("from_number"))

        def _parse_provider(data: object) -> None | SmsProvider:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                provider_type_1 = SmsProvider(data)

                return provider_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SmsProvider, data)

        provider = _parse_provider(d.pop("provider"))

        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        version = d.pop("version")

        sms_gateway = cls(
            account_sid=account_sid,
            auth_token_set=auth_token_set,
            configured=configured,
            enabled=enabled,
            from_number=from_number,
            provider=provider,
            updated_at=updated_at,
            version=version,
        )

        sms_gateway.additional_properties = d
        return sms_gateway

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
