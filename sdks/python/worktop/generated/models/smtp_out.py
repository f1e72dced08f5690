from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.smtp_security import SmtpSecurity

T = TypeVar("T", bound="SmtpOut")


@_attrs_define
class SmtpOut:
    """A sub-tenant's SMTP settings; the password is never shown.

    Attributes:
        configured (bool): `false` until host, port and from address are set.
        from_address (None | str):
        from_name (None | str):
        host (None | str):
        password_set (bool): Whether a password is stored (it is write-only).
        port (int | None):
        security (None | SmtpSecurity):
        updated_at (None | str):
        username (None | str):
        version (int):
    """

    configured: bool
    from_address: None | str
    from_name: None | str
    host: None | str
    password_set: bool
    port: int | None
    security: None | SmtpSecurity
    updated_at: None | str
    username: None | str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        configured = self.configured

        from_address: None | str
        from_address = self.from_address

        from_name: None | str
        from_name = self.from_name

        host: None | str
        host = self.host

        password_set = self.password_set

        port: int | None
        port = self.port

        security: None | str
        if isinstance(self.security, SmtpSecurity):
            security = self.security.value
        else:
            security = self.security

        updated_at: None | str
        updated_at = self.updated_at

        username: None | str
        username = self.username

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "configured": configured,
                "from_address": from_address,
                "from_name": from_name,
                "host": host,
                "password_set": password_set,
                "port": port,
                "security": security,
                "updated_at": updated_at,
                "username": username,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        configured = d.pop("configured")

        def _parse_from_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        from_address = _parse_from_address(d.pop("from_address"))

        def _parse_from_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        from_name = _parse_from_name(d.pop("from_name"))

        def _parse_host(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        host = _parse_host(d.pop("host"))

        password_set = d.pop("password_set")

        def _parse_port(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        port = _parse_port(d.pop("port"))

        def _parse_security(data: object) -> None | SmtpSecurity:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                security_type_1 = SmtpSecurity(data)

                return security_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SmtpSecurity, data)

        security = _parse_security(d.pop("security"))

        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        def _parse_username(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        username = _parse_username(d.pop("username"))

        version = d.pop("version")

        smtp_out = cls(
            configured=configured,
            from_address=from_address,
            from_name=from_name,
            host=host,
            password_set=password_set,
            port=port,
            security=security,
            updated_at=updated_at,
            username=username,
            version=version,
        )

        smtp_out.additional_properties = d
        return smtp_out

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
