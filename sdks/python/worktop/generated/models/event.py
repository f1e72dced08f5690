from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """The envelope a receiver gets as the request body.

    Attributes:
        data (Any):
        id (str): Unique per event; also the `webhook-id` header, for receivers to deduplicate on.
        timestamp (str): RFC 3339, UTC: when the change happened.
        type_ (str):
    """

    data: Any
    id: str
    timestamp: str
    type_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data

        id = self.id

        timestamp = self.timestamp

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "id": id,
                "timestamp": timestamp,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        data = d.pop("data")

        id = d.pop("id")

        timestamp = d.pop("timestamp")

        type_ = d.pop("type")

        event = cls(
            data=data,
            id=id,
            timestamp=timestamp,
            type_=type_,
        )

        event.additional_properties = d
        return event

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
