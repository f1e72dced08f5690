from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OAuthErrorBody")


@_attrs_define
class OAuthErrorBody:
    """The error body of the token and revocation endpoints: RFC 6749 §5.2's `error` and
    `error_description`, with the API's own envelope fields beside them (`code` equals `error`).

        Attributes:
            code (str):
            error (str): `invalid_request`, `invalid_client`, `invalid_grant`, `unauthorized_client`,
                `unsupported_grant_type` or `invalid_scope`.
            error_description (str):
            message (str):
            request_id (str):
    """

    code: str
    error: str
    error_description: str
    message: str
    request_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        error = self.error

        error_description = self.error_description

        message = self.message

        request_id = self.request_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "error": error,
                "error_description": error_description,
                "message": message,
                "request_id": request_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = d.pop("code")

        error = d.pop("error")

        error_description = d.pop("error_description")

        message = d.pop("message")

        request_id = d.pop("request_id")

        o_auth_error_body = cls(
            code=code,
            error=error,
            error_description=error_description,
            message=message,
            request_id=request_id,
        )

        o_auth_error_body.additional_properties = d
        return o_auth_error_body

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
