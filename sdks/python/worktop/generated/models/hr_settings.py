from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HrSettings")


@_attrs_define
class HrSettings:
    """HR settings.

    Attributes:
        ip_allow_list (list[str]): Addresses (`203.0.113.7`) and networks (`10.0.0.0/8`) employees may clock in from;
            empty:
            from anywhere.
        utc_offset_minutes (int): The workspace's offset from UTC in minutes (Lisbon in winter 0, Berlin 60, New York
            -300):
            shift hours, attendance dates and clock times are local to it.
        version (int): Goes up by one on every change; send it back to update safely.
    """

    ip_allow_list: list[str]
    utc_offset_minutes: int
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ip_allow_list = self.ip_allow_list

        utc_offset_minutes = self.utc_offset_minutes

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ip_allow_list": ip_allow_list,
                "utc_offset_minutes": utc_offset_minutes,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ip_allow_list = cast(list[str], d.pop("ip_allow_list"))

        utc_offset_minutes = d.pop("utc_offset_minutes")

        version = d.pop("version")

        hr_settings = cls(
            ip_allow_list=ip_allow_list,
            utc_offset_minutes=utc_offset_minutes,
            version=version,
        )

        hr_settings.additional_properties = d
        return hr_settings

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
