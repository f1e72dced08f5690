from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_type_name import EventTypeName
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookPatch")


@_attrs_define
class WebhookPatch:
    """Body of `PATCH /api/v1/webhooks/{id}`: every field optional.

    Attributes:
        enabled (bool | Unset): `true` re-enables an endpoint the service disabled.
        events (list[EventTypeName] | Unset):
        url (str | Unset):
        version (int | Unset):
    """

    enabled: bool | Unset = UNSET
    events: list[EventTypeName] | Unset = UNSET
    url: str | Unset = UNSET
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)

        url = self.url

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if events is not UNSET:
            field_dict["events"] = events
        if url is not UNSET:
            field_dict["url"] = url
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        _events = d.pop("events", UNSET)
        events: list[EventTypeName] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = EventTypeName(events_item_data)

                events.append(events_item)

        url = d.pop("url", UNSET)

        version = d.pop("version", UNSET)

        webhook_patch = cls(
            enabled=enabled,
            events=events,
            url=url,
            version=version,
        )

        webhook_patch.additional_properties = d
        return webhook_patch

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
