from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="LoginIn")


@_attrs_define
class LoginIn:
    """Body of `POST /api/login`.

    Example:
        {'email': 'admin@example.com', 'password': 'correct horse battery'}

    Attributes:
        email (str):
        password (str):
        workspace_id (int | None | Unset): The workspace to log in to, when the address is a login in several and the
            password is the
            same in more than one of them: the 409 `workspace_required` answer lists those workspaces.
            Absent: the one workspace whose password this is.
    """

    email: str
    password: str
    workspace_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        password = self.password

        workspace_id: int | None | Unset
        if isinstance(self.workspace_id, Unset):
            workspace_id = UNSET
        else:
            workspace_id = self.workspace_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email": email,
                "password": password,
            }
        )
        if workspace_id is not UNSET:
            field_dict["workspace_id"] = workspace_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        email = d.pop("email")

        password = d.pop("password")

        def _parse_workspace_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        workspace_id = _parse_workspace_id(d.pop("workspace_id", UNSET))

        login_in = cls(
            email=email,
            password=password,
            workspace_id=workspace_id,
        )

        login_in.additional_properties = d
        return login_in

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
