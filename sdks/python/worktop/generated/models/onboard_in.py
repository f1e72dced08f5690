from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OnboardIn")


@_attrs_define
class OnboardIn:
    """Body of `POST /api/wl/connect/onboard`.

    Example:
        {'refresh_url': 'https://platform.example/billing/retry', 'return_url': 'https://platform.example/billing/done'}

    Attributes:
        refresh_url (str): Where the provider sends the user when the link expired.
        return_url (str): Where the provider sends the user when onboarding is done.
    """

    refresh_url: str
    return_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        refresh_url = self.refresh_url

        return_url = self.return_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "refresh_url": refresh_url,
                "return_url": return_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        refresh_url = d.pop("refresh_url")

        return_url = d.pop("return_url")

        onboard_in = cls(
            refresh_url=refresh_url,
            return_url=return_url,
        )

        onboard_in.additional_properties = d
        return onboard_in

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
