from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_type_name import EventTypeName

T = TypeVar("T", bound="WebhookIn")


@_attrs_define
class WebhookIn:
    """Body of `POST /api/v1/webhooks`.

    Example:
        {'events': ['contact.created', 'deal.stage_changed'], 'url': 'https://hooks.example.com/worktop'}

    Attributes:
        events (list[EventTypeName]): Event type names, or `["*"]`.
        url (str): The receiving endpoint: https, on a public address.
    """

    events: list[EventTypeName]
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "events": events,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = EventTypeName(events_item_data)

            events.append(events_item)

        url = d.pop("url")

        webhook_in = cls(
            events=events,
            url=url,
        )

        webhook_in.additional_properties = d
        return webhook_in

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
