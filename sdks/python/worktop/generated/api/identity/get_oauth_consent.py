from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.consent_out import ConsentOut
from ...models.error_body import ErrorBody
from ...models.get_oauth_consent_code_challenge_method import (
    GetOauthConsentCodeChallengeMethod,
)
from ...models.get_oauth_consent_response_type import GetOauthConsentResponseType
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    client_id: str,
    code_challenge: None | str | Unset = UNSET,
    code_challenge_method: GetOauthConsentCodeChallengeMethod | Unset = UNSET,
    redirect_uri: str,
    response_type: GetOauthConsentResponseType,
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
        "url": "/api/oauth/consent",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ConsentOut | ErrorBody | None:
    if response.status_code == 200:
        response_200 = ConsentOut.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())

        return response_403

    if response.status_code == 421:
        response_421 = ErrorBody.from_dict(response.json())

        return response_421

    if response.status_code == 422:
        response_422 = ErrorBody.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())

        return response_429

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
) -> Response[ConsentOut | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    client_id: str,
    code_challenge: None | str | Unset = UNSET,
    code_challenge_method: GetOauthConsentCodeChallengeMethod | Unset = UNSET,
    redirect_uri: str,
    response_type: GetOauthConsentResponseType,
    scope: None | str | Unset = UNSET,
    state: None | str | Unset = UNSET,
) -> Response[ConsentOut | ErrorBody]:
    """What the consent page shows: the authorization request checked for the logged-in user

     The client's name and type, the scopes an approval grants and where the browser goes after the
    answer. Every problem with the request is a 422 naming the field, as the answer's would be. Needs
    the `account.read` permission. A login session only: API keys get 403.

    Args:
        client_id (str):
        code_challenge (None | str | Unset):
        code_challenge_method (GetOauthConsentCodeChallengeMethod | Unset):
        redirect_uri (str):
        response_type (GetOauthConsentResponseType):
        scope (None | str | Unset):
        state (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConsentOut | ErrorBody]
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
    client: AuthenticatedClient,
    client_id: str,
    code_challenge: None | str | Unset = UNSET,
    code_challenge_method: GetOauthConsentCodeChallengeMethod | Unset = UNSET,
    redirect_uri: str,
    response_type: GetOauthConsentResponseType,
    scope: None | str | Unset = UNSET,
    state: None | str | Unset = UNSET,
) -> ConsentOut | ErrorBody | None:
    """What the consent page shows: the authorization request checked for the logged-in user

     The client's name and type, the scopes an approval grants and where the browser goes after the
    answer. Every problem with the request is a 422 naming the field, as the answer's would be. Needs
    the `account.read` permission. A login session only: API keys get 403.

    Args:
        client_id (str):
        code_challenge (None | str | Unset):
        code_challenge_method (GetOauthConsentCodeChallengeMethod | Unset):
        redirect_uri (str):
        response_type (GetOauthConsentResponseType):
        scope (None | str | Unset):
        state (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConsentOut | ErrorBody
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
    client: AuthenticatedClient,
    client_id: str,
    code_challenge: None | str | Unset = UNSET,
    code_challenge_method: GetOauthConsentCodeChallengeMethod | Unset = UNSET,
    redirect_uri: str,
    response_type: GetOauthConsentResponseType,
    scope: None | str | Unset = UNSET,
    state: None | str | Unset = UNSET,
) -> Response[ConsentOut | ErrorBody]:
    """What the consent page shows: the authorization request checked for the logged-in user

     The client's name and type, the scopes an approval grants and where the browser goes after the
    answer. Every problem with the request is a 422 naming the field, as the answer's would be. Needs
    the `account.read` permission. A login session only: API keys get 403.

    Args:
        client_id (str):
        code_challenge (None | str | Unset):
        code_challenge_method (GetOauthConsentCodeChallengeMethod | Unset):
        redirect_uri (str):
        response_type (GetOauthConsentResponseType):
        scope (None | str | Unset):
        state (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConsentOut | ErrorBody]
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
    client: AuthenticatedClient,
    client_id: str,
    code_challenge: None | str | Unset = UNSET,
    code_challenge_method: GetOauthConsentCodeChallengeMethod | Unset = UNSET,
    redirect_uri: str,
    response_type: GetOauthConsentResponseType,
    scope: None | str | Unset = UNSET,
    state: None | str | Unset = UNSET,
) -> ConsentOut | ErrorBody | None:
    """What the consent page shows: the authorization request checked for the logged-in user

     The client's name and type, the scopes an approval grants and where the browser goes after the
    answer. Every problem with the request is a 422 naming the field, as the answer's would be. Needs
    the `account.read` permission. A login session only: API keys get 403.

    Args:
        client_id (str):
        code_challenge (None | str | Unset):
        code_challenge_method (GetOauthConsentCodeChallengeMethod | Unset):
        redirect_uri (str):
        response_type (GetOauthConsentResponseType):
        scope (None | str | Unset):
        state (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConsentOut | ErrorBody
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
