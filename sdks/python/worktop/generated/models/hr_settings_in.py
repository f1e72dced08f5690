from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="HrSettingsIn")


@_attrs_define
class HrSettingsIn:
    """Body of `POST /api/hrm/settings`: absent fields stay.

    Example:
        {'ip_allow_list': ['203.0.113.0/24'], 'utc_offset_minutes': 60}

    Attributes:
        ip_allow_list (list[str] | None | Unset): Replaces the list; `[]` lets employees clock in from anywhere.
        utc_offset_minutes (int | None | Unset):
        version (int | None | Unset): The version read; a change since answers 409.
    """

    ip_allow_list: list[str] | None | Unset = UNSET
    utc_offset_minutes: int | None | Unset = UNSET
    version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ip_allow_list: list[str] | None | Unset
        if isinstance(self.ip_allow_list, Unset):
            ip_allow_list = UNSET
        elif isinstance(self.ip_allow_list, list):
            ip_allow_list = self.ip_allow_list

        else:
            ip_allow_list = self.ip_allow_list

        utc_offset_minutes: int | None | Unset
        if isinstance(self.utc_offset_minutes, Unset):
            utc_offset_minutes = UNSET
        else:
            utc_offset_minutes = self.utc_offset_minutes

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if ip_allow_list is not UNSET:
            field_dict["ip_allow_list"] = ip_allow_list
        if utc_offset_minutes is not UNSET:
            field_dict["utc_offset_minutes"] = utc_offset_minutes
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_ip_allow_list(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ip_allow_list_type_0 = cast(list[str], data)

                return ip_allow_list_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        ip_allow_list = _parse_ip_allow_list(d.pop("ip_allow_list", UNSET))

        def _parse_utc_offset_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        utc_offset_minutes = _parse_utc_offset_minutes(
            d.pop("utc_offset_minutes", UNSET)
        )

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        hr_settings_in = cls(
            ip_allow_list=ip_allow_list,
            utc_offset_minutes=utc_offset_minutes,
            version=version,
        )

        hr_settings_in.additional_properties = d
        return hr_settings_in

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
