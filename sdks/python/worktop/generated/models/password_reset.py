from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PasswordReset")


@_attrs_define
class PasswordReset:
    """What a password reset answers.

    Attributes:
        id (int): The user's id.
        message (str):
        generated_password (None | str | Unset): Present when the body gave no password: keep it now, it cannot be shown
            again.
    """

    id: int
    message: str
    generated_password: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        message = self.message

        generated_password: None | str | Unset
        if isinstance(self.generated_password, Unset):
            generated_password = UNSET
        else:
            generated_password = self.generated_password

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "message": message,
            }
        )
        if generated_password is not UNSET:
            field_dict["generated_password"] = generated_password

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        message = d.pop("message")

        def _parse_generated_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        generated_password = _parse_generated_password(
            d.pop("generated_password", UNSET)
        )

        password_reset = cls(
            id=id,
            message=message,
            generated_password=generated_password,
        )

        password_reset.additional_properties = d
        return password_reset

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
