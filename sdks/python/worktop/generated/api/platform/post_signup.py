from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.signup_in import SignupIn
from ...models.signup_out import SignupOut
from ...types import Response


def _get_kwargs(
    *,
    body: SignupIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/signup",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | SignupOut | None:
    if response.status_code == 201:
        response_201 = SignupOut.from_dict(response.json())

        return response_201

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
) -> Response[ErrorBody | SignupOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SignupIn,
) -> Response[ErrorBody | SignupOut]:
    """Open an account: a workspace on a plan's trial, its owner and sandbox

     No approval: the answer is the owner's session and a sandbox (`wt_test_`) key, shown this once, so
    the first API call can follow at once. The owner's address gets a verification mail; live keys can
    be made once it is verified (`POST /api/verify-email`). At most ten sign-ups an hour from one client
    address (429). Public: it takes no token.

    Args:
        body (SignupIn): Body of `POST /api/signup`. Example: {'email': 'ana@acme-dental.example',
            'name': 'Ana Costa', 'password': 'a long passphrase of yours', 'plan_id': 'pro',
            'workspace_name': 'Acme Dental'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SignupOut]
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
    body: SignupIn,
) -> ErrorBody | SignupOut | None:
    """Open an account: a workspace on a plan's trial, its owner and sandbox

     No approval: the answer is the owner's session and a sandbox (`wt_test_`) key, shown this once, so
    the first API call can follow at once. The owner's address gets a verification mail; live keys can
    be made once it is verified (`POST /api/verify-email`). At most ten sign-ups an hour from one client
    address (429). Public: it takes no token.

    Args:
        body (SignupIn): Body of `POST /api/signup`. Example: {'email': 'ana@acme-dental.example',
            'name': 'Ana Costa', 'password': 'a long passphrase of yours', 'plan_id': 'pro',
            'workspace_name': 'Acme Dental'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SignupOut
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SignupIn,
) -> Response[ErrorBody | SignupOut]:
    """Open an account: a workspace on a plan's trial, its owner and sandbox

     No approval: the answer is the owner's session and a sandbox (`wt_test_`) key, shown this once, so
    the first API call can follow at once. The owner's address gets a verification mail; live keys can
    be made once it is verified (`POST /api/verify-email`). At most ten sign-ups an hour from one client
    address (429). Public: it takes no token.

    Args:
        body (SignupIn): Body of `POST /api/signup`. Example: {'email': 'ana@acme-dental.example',
            'name': 'Ana Costa', 'password': 'a long passphrase of yours', 'plan_id': 'pro',
            'workspace_name': 'Acme Dental'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SignupOut]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SignupIn,
) -> ErrorBody | SignupOut | None:
    """Open an account: a workspace on a plan's trial, its owner and sandbox

     No approval: the answer is the owner's session and a sandbox (`wt_test_`) key, shown this once, so
    the first API call can follow at once. The owner's address gets a verification mail; live keys can
    be made once it is verified (`POST /api/verify-email`). At most ten sign-ups an hour from one client
    address (429). Public: it takes no token.

    Args:
        body (SignupIn): Body of `POST /api/signup`. Example: {'email': 'ana@acme-dental.example',
            'name': 'Ana Costa', 'password': 'a long passphrase of yours', 'plan_id': 'pro',
            'workspace_name': 'Acme Dental'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SignupOut
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
