from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CustomValues")


@_attrs_define
class CustomValues:
    """The workspace's custom fields on this record, by key (GET /api/custom-fields)."""

    additional_properties: dict[str, bool | float | list[str] | str] = _attrs_field(
        init=False, factory=dict
    )

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            if isinstance(prop, list):
                field_dict[prop_name] = prop

            else:
                field_dict[prop_name] = prop

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        custom_values = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():

            def _parse_additional_property(
                data: object,
            ) -> bool | float | list[str] | str:
                try:
                    if not isinstance(data, list):
                        raise TypeError()
                    componentsschemas_custom_field_value_type_3 = cast(list[str], data)

                    return componentsschemas_custom_field_value_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(bool | float | list[str] | str, data)

            additional_property = _parse_additional_property(prop_dict)

            additional_properties[prop_name] = additional_property

        custom_values.additional_properties = additional_properties
        return custom_values

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> bool | float | list[str] | str:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: bool | float | list[str] | str) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
