from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="InvitationOut")


@_attrs_define
class InvitationOut:
    """A set-password invitation, shown to the platform once.

    Attributes:
        accept_url (str): Where the owner sends `{token, password}` (at the sub-tenant's home region).
        expires_at (str): RFC 3339.
        token (str): Give it to the owner; only its hash is kept, so it cannot be shown again.
    """

    accept_url: str
    expires_at: str
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        accept_url = self.accept_url

        expires_at = self.expires_at

        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "accept_url": accept_url,
                "expires_at": expires_at,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        accept_url = d.pop("accept_url")

        expires_at = d.pop("expires_at")

        token = d.pop("token")

        invitation_out = cls(
            accept_url=accept_url,
            expires_at=expires_at,
            token=token,
        )

        invitation_out.additional_properties = d
        return invitation_out

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
