from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.user_in_role import UserInRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="UserIn")


@_attrs_define
class UserIn:
    """Body of `POST /api/user/store`.

    Attributes:
        email (str):
        name (str):
        password (None | str | Unset): 8 to 128 characters; when absent a password is generated and returned once.
        role (UserInRole | Unset): Defaults to `staff`.
    """

    email: str
    name: str
    password: None | str | Unset = UNSET
    role: UserInRole | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        name = self.name

        password: None | str | Unset
        if isinstance(self.password, Unset):
            password = UNSET
        else:
            password = self.password

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email": email,
                "name": name,
            }
        )
        if password is not UNSET:
            field_dict["password"] = password
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        email = d.pop("email")

        name = d.pop("name")

        def _parse_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        password = _parse_password(d.pop("password", UNSET))

        _role = d.pop("role", UNSET)
        role: UserInRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = UserInRole(_role)

        user_in = cls(
            email=email,
            name=name,
            password=password,
            role=role,
        )

        user_in.additional_properties = d
        return user_in

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
