from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.o_auth_error_body import OAuthErrorBody
from ...models.o_auth_token_in import OAuthTokenIn
from ...models.o_auth_token_out import OAuthTokenOut
from ...types import Response


def _get_kwargs(
    *,
    body: OAuthTokenIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/oauth/token",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | OAuthErrorBody | OAuthTokenOut | None:
    if response.status_code == 200:
        response_200 = OAuthTokenOut.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = OAuthErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = OAuthErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 413:
        response_413 = ErrorBody.from_dict(response.json())

        return response_413

    if response.status_code == 421:
        response_421 = ErrorBody.from_dict(response.json())

        return response_421

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
) -> Response[ErrorBody | OAuthErrorBody | OAuthTokenOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenIn,
) -> Response[ErrorBody | OAuthErrorBody | OAuthTokenOut]:
    """OAuth token endpoint: authorization code (PKCE), refresh token (rotated), client credentials

     Form-encoded (RFC 6749); a JSON object of strings is accepted too. The client authenticates with
    HTTP Basic or `client_id`/`client_secret` in the body. Errors follow RFC 6749 §5.2: 400
    `invalid_request`, `invalid_grant`, `unauthorized_client`, `unsupported_grant_type`,
    `invalid_scope`; 401 `invalid_client`. A refresh token works once: presenting a used one revokes
    every token of its grant. A code or refresh token whose user was deleted is `invalid_grant`; a
    client of a suspended workspace, and client credentials whose registering user was deleted,
    `invalid_client`. Public: it takes no token.

    Args:
        body (OAuthTokenIn): The token endpoint's parameters (form-encoded). Which ones a request
            needs depends on
            `grant_type`; the client authenticates with HTTP Basic or `client_id` (+ `client_secret`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | OAuthErrorBody | OAuthTokenOut]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenIn,
) -> ErrorBody | OAuthErrorBody | OAuthTokenOut | None:
    """OAuth token endpoint: authorization code (PKCE), refresh token (rotated), client credentials

     Form-encoded (RFC 6749); a JSON object of strings is accepted too. The client authenticates with
    HTTP Basic or `client_id`/`client_secret` in the body. Errors follow RFC 6749 §5.2: 400
    `invalid_request`, `invalid_grant`, `unauthorized_client`, `unsupported_grant_type`,
    `invalid_scope`; 401 `invalid_client`. A refresh token works once: presenting a used one revokes
    every token of its grant. A code or refresh token whose user was deleted is `invalid_grant`; a
    client of a suspended workspace, and client credentials whose registering user was deleted,
    `invalid_client`. Public: it takes no token.

    Args:
        body (OAuthTokenIn): The token endpoint's parameters (form-encoded). Which ones a request
            needs depends on
            `grant_type`; the client authenticates with HTTP Basic or `client_id` (+ `client_secret`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | OAuthErrorBody | OAuthTokenOut
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenIn,
) -> Response[ErrorBody | OAuthErrorBody | OAuthTokenOut]:
    """OAuth token endpoint: authorization code (PKCE), refresh token (rotated), client credentials

     Form-encoded (RFC 6749); a JSON object of strings is accepted too. The client authenticates with
    HTTP Basic or `client_id`/`client_secret` in the body. Errors follow RFC 6749 §5.2: 400
    `invalid_request`, `invalid_grant`, `unauthorized_client`, `unsupported_grant_type`,
    `invalid_scope`; 401 `invalid_client`. A refresh token works once: presenting a used one revokes
    every token of its grant. A code or refresh token whose user was deleted is `invalid_grant`; a
    client of a suspended workspace, and client credentials whose registering user was deleted,
    `invalid_client`. Public: it takes no token.

    Args:
        body (OAuthTokenIn): The token endpoint's parameters (form-encoded). Which ones a request
            needs depends on
            `grant_type`; the client authenticates with HTTP Basic or `client_id` (+ `client_secret`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | OAuthErrorBody | OAuthTokenOut]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenIn,
) -> ErrorBody | OAuthErrorBody | OAuthTokenOut | None:
    """OAuth token endpoint: authorization code (PKCE), refresh token (rotated), client credentials

     Form-encoded (RFC 6749); a JSON object of strings is accepted too. The client authenticates with
    HTTP Basic or `client_id`/`client_secret` in the body. Errors follow RFC 6749 §5.2: 400
    `invalid_request`, `invalid_grant`, `unauthorized_client`, `unsupported_grant_type`,
    `invalid_scope`; 401 `invalid_client`. A refresh token works once: presenting a used one revokes
    every token of its grant. A code or refresh token whose user was deleted is `invalid_grant`; a
    client of a suspended workspace, and client credentials whose registering user was deleted,
    `invalid_client`. Public: it takes no token.

    Args:
        body (OAuthTokenIn): The token endpoint's parameters (form-encoded). Which ones a request
            needs depends on
            `grant_type`; the client authenticates with HTTP Basic or `client_id` (+ `client_secret`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | OAuthErrorBody | OAuthTokenOut
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
