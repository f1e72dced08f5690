from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookTest")


@_attrs_define
class WebhookTest:
    """The data of a `webhook.test` event, the ping `POST
    /api/v1/webhooks/{id}/test` sends: an envelope like any event's.

        Example:
            {'message': 'A test from Worktop.', 'webhook_id': 7}

        Attributes:
            message (str): Always the same text.
            webhook_id (int): The webhook the ping was sent to.
    """

    message: str
    webhook_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        webhook_id = self.webhook_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "message": message,
                "webhook_id": webhook_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        message = d.pop("message")

        webhook_id = d.pop("webhook_id")

        webhook_test = cls(
            message=message,
            webhook_id=webhook_id,
        )

        webhook_test.additional_properties = d
        return webhook_test

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
