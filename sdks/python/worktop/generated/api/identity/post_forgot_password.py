from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.forgot_password_in import ForgotPasswordIn
from ...models.message import Message
from ...types import Response


def _get_kwargs(
    *,
    body: ForgotPasswordIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/forgot-password",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | Message | None:
    if response.status_code == 202:
        response_202 = Message.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 413:
        response_413 = ErrorBody.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = ErrorBody.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = ErrorBody.from_dict(response.json())

        return response_422

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
) -> Response[ErrorBody | Message]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ForgotPasswordIn,
) -> Response[ErrorBody | Message]:
    """Ask for a password reset link by mail

     Every account the address logs in to gets a link to choose a new password (one hour, once). The
    answer is the same whether or not the address has an account, and at most five mails an hour go to
    one address. Public: it takes no token.

    Args:
        body (ForgotPasswordIn): Body of `POST /api/forgot-password`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | Message]
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
    body: ForgotPasswordIn,
) -> ErrorBody | Message | None:
    """Ask for a password reset link by mail

     Every account the address logs in to gets a link to choose a new password (one hour, once). The
    answer is the same whether or not the address has an account, and at most five mails an hour go to
    one address. Public: it takes no token.

    Args:
        body (ForgotPasswordIn): Body of `POST /api/forgot-password`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | Message
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ForgotPasswordIn,
) -> Response[ErrorBody | Message]:
    """Ask for a password reset link by mail

     Every account the address logs in to gets a link to choose a new password (one hour, once). The
    answer is the same whether or not the address has an account, and at most five mails an hour go to
    one address. Public: it takes no token.

    Args:
        body (ForgotPasswordIn): Body of `POST /api/forgot-password`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | Message]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ForgotPasswordIn,
) -> ErrorBody | Message | None:
    """Ask for a password reset link by mail

     Every account the address logs in to gets a link to choose a new password (one hour, once). The
    answer is the same whether or not the address has an account, and at most five mails an hour go to
    one address. Public: it takes no token.

    Args:
        body (ForgotPasswordIn): Body of `POST /api/forgot-password`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | Message
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
