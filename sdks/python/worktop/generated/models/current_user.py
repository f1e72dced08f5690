from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.role_type_0 import RoleType0
from ..models.role_type_1 import RoleType1
from ..models.role_type_2 import RoleType2
from ..models.role_type_3 import RoleType3
from ..models.role_type_4 import RoleType4

if TYPE_CHECKING:
    from ..models.current_workspace import CurrentWorkspace


T = TypeVar("T", bound="CurrentUser")


@_attrs_define
class CurrentUser:
    """What `GET /api/user` answers: the caller as a user, the workspace the request works in and
    the permissions the credential holds there.

        Attributes:
            created_at (str):
            email (str): An e-mail address, trimmed and lower-cased.
            email_verified_at (None | str):
            id (int):
            name (str):
            permissions (list[str]): `module.read` / `module.write` names, as OAuth scopes name them.
            photo_url (None | str): Where the photo can be downloaded, when there is one.
            role (RoleType0 | RoleType1 | RoleType2 | RoleType3 | RoleType4): The built-in roles. A user has exactly one.
            type_ (RoleType0 | RoleType1 | RoleType2 | RoleType3 | RoleType4): The built-in roles. A user has exactly one.
            updated_at (str):
            verified (bool):
            version (int):
            workspace (CurrentWorkspace | None): The sandbox for a test key; absent only if the workspace is gone.
    """

    created_at: str
    email: str
    email_verified_at: None | str
    id: int
    name: str
    permissions: list[str]
    photo_url: None | str
    role: RoleType0 | RoleType1 | RoleType2 | RoleType3 | RoleType4
    type_: RoleType0 | RoleType1 | RoleType2 | RoleType3 | RoleType4
    updated_at: str
    verified: bool
    version: int
    workspace: CurrentWorkspace | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.current_workspace import CurrentWorkspace

        created_at = self.created_at

        email = self.email

        email_verified_at: None | str
        email_verified_at = self.email_verified_at

        id = self.id

        name = self.name

        permissions = self.permissions

        photo_url: None | str
        photo_url = self.photo_url

        role: str
        if (
            isinstance(self.role, RoleType0)
            or isinstance(self.role, RoleType1)
            or isinstance(self.role, RoleType2)
            or isinstance(self.role, RoleType3)
        ):
            role = self.role.value
        else:
            role = self.role.value

        type_: str
        if (
            isinstance(self.type_, RoleType0)
            or isinstance(self.type_, RoleType1)
            or isinstance(self.type_, RoleType2)
            or isinstance(self.type_, RoleType3)
        ):
            type_ = self.type_.value
        else:
            type_ = self.type_.value

        updated_at = self.updated_at

        verified = self.verified

        version = self.version

        workspace: dict[str, Any] | None
        if isinstance(self.workspace, CurrentWorkspace):
            workspace = self.workspace.to_dict()
        else:
            workspace = self.workspace

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "email": email,
                "email_verified_at": email_verified_at,
                "id": id,
                "name": name,
                "permissions": permissions,
                "photo_url": photo_url,
                "role": role,
                "type": type_,
                "updated_at": updated_at,
                "verified": verified,
                "version": version,
                "workspace": workspace,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.current_workspace import CurrentWorkspace

        d = dict(src_dict)
        created_at = d.pop("created_at")

        email = d.pop("email")

        def _parse_email_verified_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email_verified_at = _parse_email_verified_at(d.pop("email_verified_at"))

        id = d.pop("id")

        name = d.pop("name")

        permissions = cast(list[str], d.pop("permissions"))

        def _parse_photo_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        photo_url = _parse_photo_url(d.pop("photo_url"))

        def _parse_role(
            data: object,
        ) -> RoleType0 | RoleType1 | RoleType2 | RoleType3 | RoleType4:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_role_type_0 = RoleType0(data)

                return componentsschemas_role_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_role_type_1 = RoleType1(data)

                return componentsschemas_role_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_role_type_2 = RoleType2(data)

                return componentsschemas_role_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_role_type_3 = RoleType3(data)

                return componentsschemas_role_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            componentsschemas_role_type_4 = RoleType4(data)

            return componentsschemas_role_type_4

        role = _parse_role(d.pop("role"))

        def _parse_type_(
            data: object,
        ) -> RoleType0 | RoleType1 | RoleType2 | RoleType3 | RoleType4:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_role_type_0 = RoleType0(data)

                return componentsschemas_role_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_role_type_1 = RoleType1(data)

                return componentsschemas_role_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_role_type_2 = RoleType2(data)

                return componentsschemas_role_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_role_type_3 = RoleType3(data)

                return componentsschemas_role_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            componentsschemas_role_type_4 = RoleType4(data)

            return componentsschemas_role_type_4

        type_ = _parse_type_(d.pop("type"))

        updated_at = d.pop("updated_at")

        verified = d.pop("verified")

        version = d.pop("version")

        def _parse_workspace(data: object) -> CurrentWorkspace | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                workspace_type_1 = CurrentWorkspace.from_dict(data)

                return workspace_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CurrentWorkspace | None, data)

        workspace = _parse_workspace(d.pop("workspace"))

        current_user = cls(
            created_at=created_at,
            email=email,
            email_verified_at=email_verified_at,
            id=id,
            name=name,
            permissions=permissions,
            photo_url=photo_url,
            role=role,
            type_=type_,
            updated_at=updated_at,
            verified=verified,
            version=version,
            workspace=workspace,
        )

        current_user.additional_properties = d
        return current_user

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
