from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.login_in import LoginIn
from ...models.token_out import TokenOut
from ...types import Response


def _get_kwargs(
    *,
    body: LoginIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/login",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | TokenOut | None:
    if response.status_code == 200:
        response_200 = TokenOut.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 409:
        response_409 = ErrorBody.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = ErrorBody.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = ErrorBody.from_dict(response.json())

        return response_415

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
) -> Response[ErrorBody | TokenOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LoginIn,
) -> Response[ErrorBody | TokenOut]:
    """Log in with e-mail and password; returns a session token

     An address may be a login in several workspaces, each with its own password: the login goes to the
    workspace whose password it is. When it is that of several, the answer is 409 `workspace_required`
    with `workspaces` (each `id` and `name`); send the login again with `workspace_id`. Public: it takes
    no token.

    Args:
        body (LoginIn): Body of `POST /api/login`. Example: {'email': 'admin@example.com',
            'password': 'correct horse battery'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TokenOut]
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
    body: LoginIn,
) -> ErrorBody | TokenOut | None:
    """Log in with e-mail and password; returns a session token

     An address may be a login in several workspaces, each with its own password: the login goes to the
    workspace whose password it is. When it is that of several, the answer is 409 `workspace_required`
    with `workspaces` (each `id` and `name`); send the login again with `workspace_id`. Public: it takes
    no token.

    Args:
        body (LoginIn): Body of `POST /api/login`. Example: {'email': 'admin@example.com',
            'password': 'correct horse battery'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TokenOut
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LoginIn,
) -> Response[ErrorBody | TokenOut]:
    """Log in with e-mail and password; returns a session token

     An address may be a login in several workspaces, each with its own password: the login goes to the
    workspace whose password it is. When it is that of several, the answer is 409 `workspace_required`
    with `workspaces` (each `id` and `name`); send the login again with `workspace_id`. Public: it takes
    no token.

    Args:
        body (LoginIn): Body of `POST /api/login`. Example: {'email': 'admin@example.com',
            'password': 'correct horse battery'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TokenOut]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: LoginIn,
) -> ErrorBody | TokenOut | None:
    """Log in with e-mail and password; returns a session token

     An address may be a login in several workspaces, each with its own password: the login goes to the
    workspace whose password it is. When it is that of several, the answer is 409 `workspace_required`
    with `workspaces` (each `id` and `name`); send the login again with `workspace_id`. Public: it takes
    no token.

    Args:
        body (LoginIn): Body of `POST /api/login`. Example: {'email': 'admin@example.com',
            'password': 'correct horse battery'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TokenOut
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
