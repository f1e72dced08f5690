from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.event import Event
    from ..models.event_type_schema import EventTypeSchema


T = TypeVar("T", bound="EventType")


@_attrs_define
class EventType:
    """An event type of the catalogue, with what its deliveries hold.

    Attributes:
        description (str):
        name (str): What a webhook's `events` names (`contact.created`).
        sample (Event): The envelope a receiver gets as the request body.
        schema (EventTypeSchema): The JSON schema (OpenAPI 3.0's dialect, self-contained) of the `data` of this type's
            envelope.
    """

    description: str
    name: str
    sample: Event
    schema: EventTypeSchema
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        name = self.name

        sample = self.sample.to_dict()

        schema = self.schema.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "description": description,
                "name": name,
                "sample": sample,
                "schema": schema,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event import Event
        from ..models.event_type_schema import EventTypeSchema

        d = dict(src_dict)
        description = d.pop("description")

        name = d.pop("name")

        sample = Event.from_dict(d.pop("sample"))

        schema = EventTypeSchema.from_dict(d.pop("schema"))

        event_type = cls(
            description=description,
            name=name,
            sample=sample,
            schema=schema,
        )

        event_type.additional_properties = d
        return event_type

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
