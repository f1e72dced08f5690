from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProfilePatch")


@_attrs_define
class ProfilePatch:
    """Body of `POST /api/edit-profile`: at least one of `name` and `email`.

    Example:
        {'name': 'Ada Lovelace'}

    Attributes:
        current_password (str | Unset): The caller's password, required to change `email`.
        email (str | Unset): A new address must be unused; it starts unverified. Changing it needs a login session (not
            an API key) and `current_password`.
        name (str | Unset):
    """

    current_password: str | Unset = UNSET
    email: str | Unset = UNSET
    name: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        current_password = self.current_password

        email = self.email

        name = self.name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if current_password is not UNSET:
            field_dict["current_password"] = current_password
        if email is not UNSET:
            field_dict["email"] = email
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        current_password = d.pop("current_password", UNSET)

        email = d.pop("email", UNSET)

        name = d.pop("name", UNSET)

        profile_patch = cls(
            current_password=current_password,
            email=email,
            name=name,
        )

        profile_patch.additional_properties = d
        return profile_patch

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
