from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.clock_in_type import ClockInType

T = TypeVar("T", bound="ClockIn")


@_attrs_define
class ClockIn:
    """Body of `POST /api/hrm/clock-in-out`.

    Example:
        {'type': 'clockin'}

    Attributes:
        type_ (ClockInType): What `POST /api/hrm/clock-in-out` does.
    """

    type_: ClockInType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = ClockInType(d.pop("type"))

        clock_in = cls(
            type_=type_,
        )

        clock_in.additional_properties = d
        return clock_in

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
