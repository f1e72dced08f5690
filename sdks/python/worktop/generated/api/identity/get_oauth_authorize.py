from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.get_oauth_authorize_code_challenge_method import (
    GetOauthAuthorizeCodeChallengeMethod,
)
from ...models.get_oauth_authorize_response_type import GetOauthAuthorizeResponseType
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    client_id: str,
    code_challenge: None | str | Unset = UNSET,
    code_challenge_method: GetOauthAuthorizeCodeChallengeMethod | Unset = UNSET,
    redirect_uri: str,
    response_type: GetOauthAuthorizeResponseType,
    scope: None | str | Unset = UNSET,
    state: None | str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["client_id"] = client_id

    json_code_challenge: None | str | Unset
    if isinstance(code_challenge, Unset):
        json_code_challenge = UNSET
    else:
        json_code_challenge = code_challenge
    params["code_challenge"] = json_code_challenge

    json_code_challenge_method: str | Unset = UNSET
    if not isinstance(code_challenge_method, Unset):
        json_code_challenge_method = code_challenge_method.value

    params["code_challenge_method"] = json_code_challenge_method

    params["redirect_uri"] = redirect_uri

    json_response_type = response_type.value
    params["response_type"] = json_response_type

    json_scope: None | str | Unset
    if isinstance(scope, Unset):
        json_scope = UNSET
    else:
        json_scope = scope
    params["scope"] = json_scope

    json_state: None | str | Unset
    if isinstance(state, Unset):
        json_state = UNSET
    else:
        json_state = state
    params["state"] = json_state

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/oauth/authorize",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ErrorBody | None:
    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 500:
        response_500 = ErrorBody.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ErrorBody.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    client_id: str,
    code_challenge: None | str | Unset = UNSET,
    code_challenge_method: GetOauthAuthorizeCodeChallengeMethod | Unset = UNSET,
    redirect_uri: str,
    response_type: GetOauthAuthorizeResponseType,
    scope: None | str | Unset = UNSET,
    state: None | str | Unset = UNSET,
) -> Response[Any | ErrorBody]:
    """Authorization endpoint: where an app sends the user's browser

     RFC 6749 §4.1.1. A request naming a registered client and one of its redirect URIs exactly, but
    faulty otherwise (`response_type`, scope, PKCE), goes back to that URI with `error`
    (`unsupported_response_type`, `invalid_scope`, `invalid_request`); any other request goes to the
    dashboard's consent page, which logs the user in if need be, asks them, and shows what is wrong with
    a request it cannot send back. PKCE (S256) is required of public clients and optional for
    confidential ones. Public: it takes no token.

    Args:
        client_id (str):
        code_challenge (None | str | Unset):
        code_challenge_method (GetOauthAuthorizeCodeChallengeMethod | Unset):
        redirect_uri (str):
        response_type (GetOauthAuthorizeResponseType):
        scope (None | str | Unset):
        state (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorBody]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
        code_challenge=code_challenge,
        code_challenge_method=code_challenge_method,
        redirect_uri=redirect_uri,
        response_type=response_type,
        scope=scope,
        state=state,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    client_id: str,
    code_challenge: None | str | Unset = UNSET,
    code_challenge_method: GetOauthAuthorizeCodeChallengeMethod | Unset = UNSET,
    redirect_uri: str,
    response_type: GetOauthAuthorizeResponseType,
    scope: None | str | Unset = UNSET,
    state: None | str | Unset = UNSET,
) -> Any | ErrorBody | None:
    """Authorization endpoint: where an app sends the user's browser

     RFC 6749 §4.1.1. A request naming a registered client and one of its redirect URIs exactly, but
    faulty otherwise (`response_type`, scope, PKCE), goes back to that URI with `error`
    (`unsupported_response_type`, `invalid_scope`, `invalid_request`); any other request goes to the
    dashboard's consent page, which logs the user in if need be, asks them, and shows what is wrong with
    a request it cannot send back. PKCE (S256) is required of public clients and optional for
    confidential ones. Public: it takes no token.

    Args:
        client_id (str):
        code_challenge (None | str | Unset):
        code_challenge_method (GetOauthAuthorizeCodeChallengeMethod | Unset):
        redirect_uri (str):
        response_type (GetOauthAuthorizeResponseType):
        scope (None | str | Unset):
        state (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorBody
    """

    return sync_detailed(
        client=client,
        client_id=client_id,
        code_challenge=code_challenge,
        code_challenge_method=code_challenge_method,
        redirect_uri=redirect_uri,
        response_type=response_type,
        scope=scope,
        state=state,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    client_id: str,
    code_challenge: None | str | Unset = UNSET,
    code_challenge_method: GetOauthAuthorizeCodeChallengeMethod | Unset = UNSET,
    redirect_uri: str,
    response_type: GetOauthAuthorizeResponseType,
    scope: None | str | Unset = UNSET,
    state: None | str | Unset = UNSET,
) -> Response[Any | ErrorBody]:
    """Authorization endpoint: where an app sends the user's browser

     RFC 6749 §4.1.1. A request naming a registered client and one of its redirect URIs exactly, but
    faulty otherwise (`response_type`, scope, PKCE), goes back to that URI with `error`
    (`unsupported_response_type`, `invalid_scope`, `invalid_request`); any other request goes to the
    dashboard's consent page, which logs the user in if need be, asks them, and shows what is wrong with
    a request it cannot send back. PKCE (S256) is required of public clients and optional for
    confidential ones. Public: it takes no token.

    Args:
        client_id (str):
        code_challenge (None | str | Unset):
        code_challenge_method (GetOauthAuthorizeCodeChallengeMethod | Unset):
        redirect_uri (str):
        response_type (GetOauthAuthorizeResponseType):
        scope (None | str | Unset):
        state (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorBody]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
        code_challenge=code_challenge,
        code_challenge_method=code_challenge_method,
        redirect_uri=redirect_uri,
        response_type=response_type,
        scope=scope,
        state=state,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    client_id: str,
    code_challenge: None | str | Unset = UNSET,
    code_challenge_method: GetOauthAuthorizeCodeChallengeMethod | Unset = UNSET,
    redirect_uri: str,
    response_type: GetOauthAuthorizeResponseType,
    scope: None | str | Unset = UNSET,
    state: None | str | Unset = UNSET,
) -> Any | ErrorBody | None:
    """Authorization endpoint: where an app sends the user's browser

     RFC 6749 §4.1.1. A request naming a registered client and one of its redirect URIs exactly, but
    faulty otherwise (`response_type`, scope, PKCE), goes back to that URI with `error`
    (`unsupported_response_type`, `invalid_scope`, `invalid_request`); any other request goes to the
    dashboard's consent page, which logs the user in if need be, asks them, and shows what is wrong with
    a request it cannot send back. PKCE (S256) is required of public clients and optional for
    confidential ones. Public: it takes no token.

    Args:
        client_id (str):
        code_challenge (None | str | Unset):
        code_challenge_method (GetOauthAuthorizeCodeChallengeMethod | Unset):
        redirect_uri (str):
        response_type (GetOauthAuthorizeResponseType):
        scope (None | str | Unset):
        state (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorBody
    """

    return (
        await asyncio_detailed(
            client=client,
            client_id=client_id,
            code_challenge=code_challenge,
            code_challenge_method=code_challenge_method,
            redirect_uri=redirect_uri,
            response_type=response_type,
            scope=scope,
            state=state,
        )
    ).parsed
