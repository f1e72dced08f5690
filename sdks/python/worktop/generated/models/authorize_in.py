from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.authorize_in_code_challenge_method import AuthorizeInCodeChallengeMethod
from ..models.authorize_in_response_type import AuthorizeInResponseType
from ..types import UNSET, Unset

T = TypeVar("T", bound="AuthorizeIn")


@_attrs_define
class AuthorizeIn:
    """Body of `POST /api/oauth/authorize`: the authorization request, as the consent page received
    it, and the user's answer.

        Attributes:
            client_id (str): The client's `client_id` (`wtc_...`), one of this workspace's.
            redirect_uri (str): One of the client's registered redirect URIs, exactly.
            response_type (AuthorizeInResponseType): Only `code`.
            approve (bool | None | Unset): `false`: the user declines (the redirect carries `error=access_denied`). Default
                `true`.
            code_challenge (None | str | Unset): `BASE64URL(SHA256(code_verifier))`: 43 characters. Required of public
                clients; optional
                for confidential ones.
            code_challenge_method (AuthorizeInCodeChallengeMethod | Unset): Only `S256` (`plain` is refused); with
                `code_challenge`.
            scope (None | str | Unset): Space-separated scopes (`crm:read sales:write`), each among the client's; absent:
                all of
                the client's.
            state (None | str | Unset): The client's opaque value, returned unchanged in the redirect.
    """

    client_id: str
    redirect_uri: str
    response_type: AuthorizeInResponseType
    approve: bool | None | Unset = UNSET
    code_challenge: None | str | Unset = UNSET
    code_challenge_method: AuthorizeInCodeChallengeMethod | Unset = UNSET
    scope: None | str | Unset = UNSET
    state: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_id = self.client_id

        redirect_uri = self.redirect_uri

        response_type = self.response_type.value

        approve: bool | None | Unset
        if isinstance(self.approve, Unset):
            approve = UNSET
        else:
            approve = self.approve

        code_challenge: None | str | Unset
        if isinstance(self.code_challenge, Unset):
            code_challenge = UNSET
        else:
            code_challenge = self.code_challenge

        code_challenge_method: str | Unset = UNSET
        if not isinstance(self.code_challenge_method, Unset):
            code_challenge_method = self.code_challenge_method.value

        scope: None | str | Unset
        if isinstance(self.scope, Unset):
            scope = UNSET
        else:
            scope = self.scope

        state: None | str | Unset
        if isinstance(self.state, Unset):
            state = UNSET
        else:
            state = self.state

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client_id": client_id,
                "redirect_uri": redirect_uri,
                "response_type": response_type,
            }
        )
        if approve is not UNSET:
            field_dict["approve"] = approve
        if code_challenge is not UNSET:
            field_dict["code_challenge"] = code_challenge
        if code_challenge_method is not UNSET:
            field_dict["code_challenge_method"] = code_challenge_method
        if scope is not UNSET:
            field_dict["scope"] = scope
        if state is not UNSET:
            field_dict["state"] = state

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_id = d.pop("client_id")

        redirect_uri = d.pop("redirect_uri")

        response_type = AuthorizeInResponseType(d.pop("response_type"))

        def _parse_approve(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        approve = _parse_approve(d.pop("approve", UNSET))

        def _parse_code_challenge(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        code_challenge = _parse_code_challenge(d.pop("code_challenge", UNSET))

        _code_challenge_method = d.pop("code_challenge_method", UNSET)
        code_challenge_method: AuthorizeInCodeChallengeMethod | Unset
        if isinstance(_code_challenge_method, Unset):
            code_challenge_method = UNSET
        else:
            code_challenge_method = AuthorizeInCodeChallengeMethod(
                _code_challenge_method
            )

        def _parse_scope(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        scope = _parse_scope(d.pop("scope", UNSET))

        def _parse_state(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        state = _parse_state(d.pop("state", UNSET))

        authorize_in = cls(
            client_id=client_id,
            redirect_uri=redirect_uri,
            response_type=response_type,
            approve=approve,
            code_challenge=code_challenge,
            code_challenge_method=code_challenge_method,
            scope=scope,
            state=state,
        )

        authorize_in.additional_properties = d
        return authorize_in

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
