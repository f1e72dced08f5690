from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BrandingOut")


@_attrs_define
class BrandingOut:
    """A sub-tenant's branding as the API shows it.

    Attributes:
        brand_name (None | str):
        logo_content_type (None | str):
        logo_size (int | None):
        logo_url (None | str): Where the logo downloads from, when there is one.
        primary_color (None | str):
        secondary_color (None | str):
        support_email (None | str):
        updated_at (None | str):
        version (int): Of the sub-tenant's white-label settings (branding, domain, SMTP share it).
    """

    brand_name: None | str
    logo_content_type: None | str
    logo_size: int | None
    logo_url: None | str
    primary_color: None | str
    secondary_color: None | str
    support_email: None | str
    updated_at: None | str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        brand_name: None | str
        brand_name = self.brand_name

        logo_content_type: None | str
        logo_content_type = self.logo_content_type

        logo_size: int | None
        logo_size = self.logo_size

        logo_url: None | str
        logo_url = self.logo_url

        primary_color: None | str
        primary_color = self.primary_color

        secondary_color: None | str
        secondary_color = self.secondary_color

        support_email: None | str
        support_email = self.support_email

        updated_at: None | str
        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "brand_name": brand_name,
                "logo_content_type": logo_content_type,
                "logo_size": logo_size,
                "logo_url": logo_url,
                "primary_color": primary_color,
                "secondary_color": secondary_color,
                "support_email": support_email,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_brand_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        brand_name = _parse_brand_name(d.pop("brand_name"))

        def _parse_logo_content_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        logo_content_type = _parse_logo_content_type(d.pop("logo_content_type"))

        def _parse_logo_size(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        logo_size = _parse_logo_size(d.pop("logo_size"))

        def _parse_logo_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        logo_url = _parse_logo_url(d.pop("logo_url"))

        def _parse_primary_color(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        primary_color = _parse_primary_color(d.pop("primary_color"))

        def _parse_secondary_color(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        secondary_color = _parse_secondary_color(d.pop("secondary_color"))

        def _parse_support_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        support_email = _parse_support_email(d.pop("support_email"))

        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        version = d.pop("version")

        branding_out = cls(
            brand_name=brand_name,
            logo_content_type=logo_content_type,
            logo_size=logo_size,
            logo_url=logo_url,
            primary_color=primary_color,
            secondary_color=secondary_color,
            support_email=support_email,
            updated_at=updated_at,
            version=version,
        )

        branding_out.additional_properties = d
        return branding_out

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
