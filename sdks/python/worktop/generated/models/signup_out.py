from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.new_api_key import NewApiKey
    from ..models.user_out import UserOut


T = TypeVar("T", bound="SignupOut")


@_attrs_define
class SignupOut:
    """What a sign-up answers: the owner's session, and a sandbox key shown this once.

    Attributes:
        expires_in (int): Seconds until the token expires.
        sandbox_key (NewApiKey): A key as its creation answers it: with the key itself, shown this once.
        token (str):
        token_type (str):
        workspace_id (int):
        user (None | Unset | UserOut):
    """

    expires_in: int
    sandbox_key: NewApiKey
    token: str
    token_type: str
    workspace_id: int
    user: None | Unset | UserOut = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.user_out import UserOut

        expires_in = self.expires_in

        sandbox_key = self.sandbox_key.to_dict()

        token = self.token

        token_type = self.token_type

        workspace_id = self.workspace_id

        user: dict[str, Any] | None | Unset
        if isinstance(self.user, Unset):
            user = UNSET
        elif isinstance(self.user, UserOut):
            user = self.user.to_dict()
        else:
            user = self.user

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "expires_in": expires_in,
                "sandbox_key": sandbox_key,
                "token": token,
                "token_type": token_type,
                "workspace_id": workspace_id,
            }
        )
        if user is not UNSET:
            field_dict["user"] = user

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.new_api_key import NewApiKey
        from ..models.user_out import UserOut

        d = dict(src_dict)
        expires_in = d.pop("expires_in")

        sandbox_key = NewApiKey.from_dict(d.pop("sandbox_key"))

        token = d.pop("token")

        token_type = d.pop("token_type")

        workspace_id = d.pop("workspace_id")

        def _parse_user(data: object) -> None | Unset | UserOut:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                user_type_1 = UserOut.from_dict(data)

                return user_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UserOut, data)

        user = _parse_user(d.pop("user", UNSET))

        signup_out = cls(
            expires_in=expires_in,
            sandbox_key=sandbox_key,
            token=token,
            token_type=token_type,
            workspace_id=workspace_id,
            user=user,
        )

        signup_out.additional_properties = d
        return signup_out

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
