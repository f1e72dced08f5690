from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.smtp_security import SmtpSecurity
from ..types import UNSET, Unset

T = TypeVar("T", bound="SmtpIn")


@_attrs_define
class SmtpIn:
    """Body of `POST /api/wl/tenants/{id}/smtp`: the first one needs `host`, `port` and
    `from_address`; later ones change what they name (absent fields stay). `password` is
    write-only; `null` removes it.

        Example:
            {'from_address': 'no-reply@acme.example', 'from_name': 'Acme Cloud', 'host': 'smtp.acme.example', 'password':
                'app-password', 'port': 587, 'security': 'starttls', 'username': 'mailer'}

        Attributes:
            from_address (str | Unset):
            from_name (None | str | Unset):
            host (str | Unset):
            password (None | str | Unset):
            port (int | Unset):
            security (SmtpSecurity | Unset): How the SMTP connection is secured.
            username (None | str | Unset):
            version (int | Unset):
    """

    from_address: str | Unset = UNSET
    from_name: None | str | Unset = UNSET
    host: str | Unset = UNSET
    password: None | str | Unset = UNSET
    port: int | Unset = UNSET
    security: SmtpSecurity | Unset = UNSET
    username: None | str | Unset = UNSET
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from_address = self.from_address

        from_name: None | str | Unset
        if isinstance(self.from_name, Unset):
            from_name = UNSET
        else:
            from_name = self.from_name

        host = self.host

        password: None | str | Unset
        if isinstance(self.password, Unset):
            password = UNSET
        else:
            password = self.password

        port = self.port

        security: str | Unset = UNSET
        if not isinstance(self.security, Unset):
            security = self.security.value

        username: None | str | Unset
        if isinstance(self.username, Unset):
            username = UNSET
        else:
            username = self.username

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if from_address is not UNSET:
            field_dict["from_address"] = from_address
        if from_name is not UNSET:
            field_dict["from_name"] = from_name
        if host is not UNSET:
            field_dict["host"] = host
        if password is not UNSET:
            field_dict["password"] = password
        if port is not UNSET:
            field_dict["port"] = port
        if security is not UNSET:
            field_dict["security"] = security
        if username is not UNSET:
            field_dict["username"] = username
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        from_address = d.pop("from_address", UNSET)

        def _parse_from_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        from_name = _parse_from_name(d.pop("from_name", UNSET))

        host = d.pop("host", UNSET)

        def _parse_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        password = _parse_password(d.pop("password", UNSET))

        port = d.pop("port", UNSET)

        _security = d.pop("security", UNSET)
        security: SmtpSecurity | Unset
        if isinstance(_security, Unset):
            security = UNSET
        else:
            security = SmtpSecurity(_security)

        def _parse_username(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        username = _parse_username(d.pop("username", UNSET))

        version = d.pop("version", UNSET)

        smtp_in = cls(
            from_address=from_address,
            from_name=from_name,
            host=host,
            password=password,
            port=port,
            security=security,
            username=username,
            version=version,
        )

        smtp_in.additional_properties = d
        return smtp_in

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
