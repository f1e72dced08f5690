from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Address")


@_attrs_define
class Address:
    """A postal address; every part optional.

    Attributes:
        city (None | str):
        country (None | str):
        line1 (None | str):
        line2 (None | str):
        state (None | str):
        zip_code (None | str):
    """

    city: None | str
    country: None | str
    line1: None | str
    line2: None | str
    state: None | str
    zip_code: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        city: None | str
        city = self.city

        country: None | str
        country = self.country

        line1: None | str
        line1 = self.line1

        line2: None | str
        line2 = self.line2

        state: None | str
        state = self.state

        zip_code: None | str
        zip_code = self.zip_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "city": city,
                "country": country,
                "line1": line1,
                "line2": line2,
                "state": state,
                "zip_code": zip_code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_city(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        city = _parse_city(d.pop("city"))

        def _parse_country(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        country = _parse_country(d.pop("country"))

        def _parse_line1(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        line1 = _parse_line1(d.pop("line1"))

        def _parse_line2(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        line2 = _parse_line2(d.pop("line2"))

        def _parse_state(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        state = _parse_state(d.pop("state"))

        def _parse_zip_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        zip_code = _parse_zip_code(d.pop("zip_code"))

        address = cls(
            city=city,
            country=country,
            line1=line1,
            line2=line2,
            state=state,
            zip_code=zip_code,
        )

        address.additional_properties = d
        return address

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
