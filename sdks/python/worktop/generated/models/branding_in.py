from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BrandingIn")


@_attrs_define
class BrandingIn:
    """Body of `POST /api/wl/tenants/{id}/branding`: absent fields stay, `null` clears.

    Example:
        {'brand_name': 'Acme Cloud', 'primary_color': '#1F6FEB', 'secondary_color': '#0B1F33', 'support_email':
            'help@acme.example'}

    Attributes:
        brand_name (None | str | Unset):
        primary_color (None | str | Unset):
        secondary_color (None | str | Unset):
        support_email (None | str | Unset):
        version (int | Unset): The version of the settings the change is based on (409 when they moved on).
    """

    brand_name: None | str | Unset = UNSET
    primary_color: None | str | Unset = UNSET
    secondary_color: None | str | Unset = UNSET
    support_email: None | str | Unset = UNSET
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        brand_name: None | str | Unset
        if isinstance(self.brand_name, Unset):
            brand_name = UNSET
        else:
            brand_name = self.brand_name

        primary_color: None | str | Unset
        if isinstance(self.primary_color, Unset):
            primary_color = UNSET
        else:
            primary_color = self.primary_color

        secondary_color: None | str | Unset
        if isinstance(self.secondary_color, Unset):
            secondary_color = UNSET
        else:
            secondary_color = self.secondary_color

        support_email: None | str | Unset
        if isinstance(self.support_email, Unset):
            support_email = UNSET
        else:
            support_email = self.support_email

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if brand_name is not UNSET:
            field_dict["brand_name"] = brand_name
        if primary_color is not UNSET:
            field_dict["primary_color"] = primary_color
        if secondary_color is not UNSET:
            field_dict["secondary_color"] = secondary_color
        if support_email is not UNSET:
            field_dict["support_email"] = support_email
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_brand_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        brand_name = _parse_brand_name(d.pop("brand_name", UNSET))

        def _parse_primary_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        primary_color = _parse_primary_color(d.pop("primary_color", UNSET))

        def _parse_secondary_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        secondary_color = _parse_secondary_color(d.pop("secondary_color", UNSET))

        def _parse_support_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        support_email = _parse_support_email(d.pop("support_email", UNSET))

        version = d.pop("version", UNSET)

        branding_in = cls(
            brand_name=brand_name,
            primary_color=primary_color,
            secondary_color=secondary_color,
            support_email=support_email,
            version=version,
        )

        branding_in.additional_properties = d
        return branding_in

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
