from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.user_patch_role import UserPatchRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="UserPatch")


@_attrs_define
class UserPatch:
    """Body of `POST /api/user/update/{id}`: every field optional.

    Attributes:
        current_password (str | Unset): The caller's password, required to change their own `email` (as `edit-profile`
            asks).
        email (str | Unset):
        name (str | Unset):
        role (UserPatchRole | Unset):
        version (int | Unset): The version the caller last read; a stale one is 409 `version_conflict`.
    """

    current_password: str | Unset = UNSET
    email: str | Unset = UNSET
    name: str | Unset = UNSET
    role: UserPatchRole | Unset = UNSET
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        current_password = self.current_password

        email = self.email

        name = self.name

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if current_password is not UNSET:
            field_dict["current_password"] = current_password
        if email is not UNSET:
            field_dict["email"] = email
        if name is not UNSET:
            field_dict["name"] = name
        if role is not UNSET:
            field_dict["role"] = role
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        current_password = d.pop("current_password", UNSET)

        email = d.pop("email", UNSET)

        name = d.pop("name", UNSET)

        _role = d.pop("role", UNSET)
        role: UserPatchRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = UserPatchRole(_role)

        version = d.pop("version", UNSET)

        user_patch = cls(
            current_password=current_password,
            email=email,
            name=name,
            role=role,
            version=version,
        )

        user_patch.additional_properties = d
        return user_patch

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
