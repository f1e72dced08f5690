from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.provider_event_data import ProviderEventData


T = TypeVar("T", bound="ProviderEvent")


@_attrs_define
class ProviderEvent:
    """A provider event, as much of it as billing reads.

    Attributes:
        data (ProviderEventData):
        id (str):
        type_ (str):
    """

    data: ProviderEventData
    id: str
    type_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        id = self.id

        type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "id": id,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.provider_event_data import ProviderEventData

        d = dict(src_dict)
        data = ProviderEventData.from_dict(d.pop("data"))

        id = d.pop("id")

        type_ = d.pop("type")

        provider_event = cls(
            data=data,
            id=id,
            type_=type_,
        )

        provider_event.additional_properties = d
        return provider_event

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
