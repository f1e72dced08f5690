from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.o_auth_error_body import OAuthErrorBody
from ...models.revoke_in import RevokeIn
from ...models.revoke_out import RevokeOut
from ...types import Response


def _get_kwargs(
    *,
    body: RevokeIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/oauth/revoke",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | OAuthErrorBody | RevokeOut | None:
    if response.status_code == 200:
        response_200 = RevokeOut.from_dict(response.json())

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
) -> Response[ErrorBody | OAuthErrorBody | RevokeOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RevokeIn,
) -> Response[ErrorBody | OAuthErrorBody | RevokeOut]:
    """Revoke an OAuth access or refresh token (RFC 7009)

     200 for any token, known or not; a refresh token takes every token of its grant with it. The client
    authenticates as at the token endpoint. Public: it takes no token.

    Args:
        body (RevokeIn): The revocation endpoint's parameters (form-encoded), with the client's
            authentication as for
            the token endpoint.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | OAuthErrorBody | RevokeOut]
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
    body: RevokeIn,
) -> ErrorBody | OAuthErrorBody | RevokeOut | None:
    """Revoke an OAuth access or refresh token (RFC 7009)

     200 for any token, known or not; a refresh token takes every token of its grant with it. The client
    authenticates as at the token endpoint. Public: it takes no token.

    Args:
        body (RevokeIn): The revocation endpoint's parameters (form-encoded), with the client's
            authentication as for
            the token endpoint.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | OAuthErrorBody | RevokeOut
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RevokeIn,
) -> Response[ErrorBody | OAuthErrorBody | RevokeOut]:
    """Revoke an OAuth access or refresh token (RFC 7009)

     200 for any token, known or not; a refresh token takes every token of its grant with it. The client
    authenticates as at the token endpoint. Public: it takes no token.

    Args:
        body (RevokeIn): The revocation endpoint's parameters (form-encoded), with the client's
            authentication as for
            the token endpoint.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | OAuthErrorBody | RevokeOut]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: RevokeIn,
) -> ErrorBody | OAuthErrorBody | RevokeOut | None:
    """Revoke an OAuth access or refresh token (RFC 7009)

     200 for any token, known or not; a refresh token takes every token of its grant with it. The client
    authenticates as at the token endpoint. Public: it takes no token.

    Args:
        body (RevokeIn): The revocation endpoint's parameters (form-encoded), with the client's
            authentication as for
            the token endpoint.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | OAuthErrorBody | RevokeOut
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
