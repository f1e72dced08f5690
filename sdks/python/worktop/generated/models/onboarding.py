from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Onboarding")


@_attrs_define
class Onboarding:
    """Answer of `POST /api/wl/connect/onboard`.

    Attributes:
        account_id (str):
        onboarding_url (str): The provider's onboarding page, for the platform's owner to open.
    """

    account_id: str
    onboarding_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account_id = self.account_id

        onboarding_url = self.onboarding_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "account_id": account_id,
                "onboarding_url": onboarding_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        account_id = d.pop("account_id")

        onboarding_url = d.pop("onboarding_url")

        onboarding = cls(
            account_id=account_id,
            onboarding_url=onboarding_url,
        )

        onboarding.additional_properties = d
        return onboarding

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
