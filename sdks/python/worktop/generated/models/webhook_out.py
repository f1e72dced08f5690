from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookOut")


@_attrs_define
class WebhookOut:
    """A subscription as the API shows it: never its secrets (the creation and rotation answers add
    the new one, once).

        Attributes:
            created_at (str):
            disabled_reason (None | str): `gone` (the receiver answered 410) or `failing` (five days of failed deliveries).
            enabled (bool):
            events (list[str]):
            id (int):
            updated_at (str):
            url (str):
            version (int):
    """

    created_at: str
    disabled_reason: None | str
    enabled: bool
    events: list[str]
    id: int
    updated_at: str
    url: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        enabled = self.enabled

        events = self.events

        id = self.id

        updated_at = self.updated_at

        url = self.url

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "disabled_reason": disabled_reason,
                "enabled": enabled,
                "events": events,
                "id": id,
                "updated_at": updated_at,
                "url": url,
                "version": version,
            }
        )

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

        updated_at = d.pop("updated_at")

        url = d.pop("url")

        version = d.pop("version")

        webhook_out = cls(
            created_at=created_at,
            disabled_reason=disabled_reason,
            enabled=enabled,
            events=events,
            id=id,
            updated_at=updated_at,
            url=url,
            version=version,
        )

        webhook_out.additional_properties = d
        return webhook_out

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
