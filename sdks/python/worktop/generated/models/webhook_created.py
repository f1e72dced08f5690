from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookCreated")


@_attrs_define
class WebhookCreated:
    """A subscription with its signing secret: the creation and rotation answers, the only ones that
    show it.

        Attributes:
            created_at (str):
            disabled_reason (None | str): `gone` (the receiver answered 410) or `failing` (five days of failed deliveries).
            enabled (bool):
            events (list[str]):
            id (int):
            secret (str): `whsec_...`: verify deliveries with it (Standard Webhooks).
            updated_at (str):
            url (str):
            version (int):
            previous_secret_valid_until (None | str | Unset): After a rotation: until when the previous secret also signs.
    """

    created_at: str
    disabled_reason: None | str
    enabled: bool
    events: list[str]
    id: int
    secret: str
    updated_at: str
    url: str
    version: int
    previous_secret_valid_until: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        enabled = self.enabled

        events = self.events

        id = self.id

        secret = self.secret

        updated_at = self.updated_at

        url = self.url

        version = self.version

        previous_secret_valid_until: None | str | Unset
        if isinstance(self.previous_secret_valid_until, Unset):
            previous_secret_valid_until = UNSET
        else:
            previous_secret_valid_until = self.previous_secret_valid_until

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "disabled_reason": disabled_reason,
                "enabled": enabled,
                "events": events,
                "id": id,
                "secret": secret,
                "updated_at": updated_at,
                "url": url,
                "version": version,
            }
        )
        if previous_secret_valid_until is not UNSET:
            field_dict["previous_secret_valid_until"] = previous_secret_valid_until

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))

        enabled = d.pop("enabled")

        events = cast(list[str], d.pop("events"))

        id = d.pop("id")

        secret = d.pop("secret")

        updated_at = d.pop("updated_at")

        url = d.pop("url")

        version = d.pop("version")

        def _parse_previous_secret_valid_until(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        previous_secret_valid_until = _parse_previous_secret_valid_until(
            d.pop("previous_secret_valid_until", UNSET)
        )

        webhook_created = cls(
            created_at=created_at,
            disabled_reason=disabled_reason,
            enabled=enabled,
            events=events,
            id=id,
            secret=secret,
            updated_at=updated_at,
            url=url,
            version=version,
            previous_secret_valid_until=previous_secret_valid_until,
        )

        webhook_created.additional_properties = d
        return webhook_created

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
