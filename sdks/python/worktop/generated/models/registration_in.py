from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.registration_in_grant_types_type_0_item import (
    RegistrationInGrantTypesType0Item,
)
from ..models.registration_in_response_types_type_0_item import (
    RegistrationInResponseTypesType0Item,
)
from ..models.registration_in_token_endpoint_auth_method import (
    RegistrationInTokenEndpointAuthMethod,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="RegistrationIn")


@_attrs_define
class RegistrationIn:
    """A client's metadata (RFC 7591 §2); members not named here are ignored, as §3.1 allows.

    Attributes:
        redirect_uris (list[str]): Where the authorization server may send the user back: https, or http on a loopback
            host.
        client_name (None | str | Unset): What the consent page calls the client (at most 100 characters).
        grant_types (list[RegistrationInGrantTypesType0Item] | None | Unset): Among `authorization_code` and
            `refresh_token` (both by default).
        response_types (list[RegistrationInResponseTypesType0Item] | None | Unset): `code` (the default and the only
            one).
        scope (None | str | Unset): Space-separated scopes the client may ask for (all of them by default).
        token_endpoint_auth_method (RegistrationInTokenEndpointAuthMethod | Unset): `none`: a public client (the default
            and the only one). Left out, not `null`.
    """

    redirect_uris: list[str]
    client_name: None | str | Unset = UNSET
    grant_types: list[RegistrationInGrantTypesType0Item] | None | Unset = UNSET
    response_types: list[RegistrationInResponseTypesType0Item] | None | Unset = UNSET
    scope: None | str | Unset = UNSET
    token_endpoint_auth_method: RegistrationInTokenEndpointAuthMethod | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        redirect_uris = self.redirect_uris

        client_name: None | str | Unset
        if isinstance(self.client_name, Unset):
            client_name = UNSET
        else:
            client_name = self.client_name

        grant_types: list[str] | None | Unset
        if isinstance(self.grant_types, Unset):
            grant_types = UNSET
        elif isinstance(self.grant_types, list):
            grant_types = []
            for grant_types_type_0_item_data in self.grant_types:
                grant_types_type_0_item = grant_types_type_0_item_data.value
                grant_types.append(grant_types_type_0_item)

        else:
            grant_types = self.grant_types

        response_types: list[str] | None | Unset
        if isinstance(self.response_types, Unset):
            response_types = UNSET
        elif isinstance(self.response_types, list):
            response_types = []
            for response_types_type_0_item_data in self.response_types:
                response_types_type_0_item = response_types_type_0_item_data.value
                response_types.append(response_types_type_0_item)

        else:
            response_types = self.response_types

        scope: None | str | Unset
        if isinstance(self.scope, Unset):
            scope = UNSET
        else:
            scope = self.scope

        token_endpoint_auth_method: str | Unset = UNSET
        if not isinstance(self.token_endpoint_auth_method, Unset):
            token_endpoint_auth_method = self.token_endpoint_auth_method.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "redirect_uris": redirect_uris,
            }
        )
        if client_name is not UNSET:
            field_dict["client_name"] = client_name
        if grant_types is not UNSET:
            field_dict["grant_types"] = grant_types
        if response_types is not UNSET:
            field_dict["response_types"] = response_types
        if scope is not UNSET:
            field_dict["scope"] = scope
        if token_endpoint_auth_method is not UNSET:
            field_dict["token_endpoint_auth_method"] = token_endpoint_auth_method

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        redirect_uris = cast(list[str], d.pop("redirect_uris"))

        def _parse_client_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_name = _parse_client_name(d.pop("client_name", UNSET))

        def _parse_grant_types(
            data: object,
        ) -> list[RegistrationInGrantTypesType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                grant_types_type_0 = []
                _grant_types_type_0 = data
                for grant_types_type_0_item_data in _grant_types_type_0:
                    grant_types_type_0_item = RegistrationInGrantTypesType0Item(
                        grant_types_type_0_item_data
                    )

                    grant_types_type_0.append(grant_types_type_0_item)

                return grant_types_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[RegistrationInGrantTypesType0Item] | None | Unset, data)

        grant_types = _parse_grant_types(d.pop("grant_types", UNSET))

        def _parse_response_types(
            data: object,
        ) -> list[RegistrationInResponseTypesType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                response_types_type_0 = []
                _response_types_type_0 = data
                for response_types_type_0_item_data in _response_types_type_0:
                    response_types_type_0_item = RegistrationInResponseTypesType0Item(
                        response_types_type_0_item_data
                    )

                    response_types_type_0.append(response_types_type_0_item)

                return response_types_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[RegistrationInResponseTypesType0Item] | None | Unset, data)

        response_types = _parse_response_types(d.pop("response_types", UNSET))

        def _parse_scope(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        scope = _parse_scope(d.pop("scope", UNSET))

        _token_endpoint_auth_method = d.pop("token_endpoint_auth_method", UNSET)
        token_endpoint_auth_method: RegistrationInTokenEndpointAuthMethod | Unset
        if isinstance(_token_endpoint_auth_method, Unset):
            token_endpoint_auth_method = UNSET
        else:
            token_endpoint_auth_method = RegistrationInTokenEndpointAuthMethod(
                _token_endpoint_auth_method
            )

        registration_in = cls(
            redirect_uris=redirect_uris,
            client_name=client_name,
            grant_types=grant_types,
            response_types=response_types,
            scope=scope,
            token_endpoint_auth_method=token_endpoint_auth_method,
        )

        registration_in.additional_properties = d
        return registration_in

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
