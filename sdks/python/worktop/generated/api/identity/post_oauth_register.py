from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.registration_in import RegistrationIn
from ...models.registration_out import RegistrationOut
from ...types import Response


def _get_kwargs(
    *,
    body: RegistrationIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/oauth/register",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | RegistrationOut | None:
    if response.status_code == 201:
        response_201 = RegistrationOut.from_dict(response.json())

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
) -> Response[ErrorBody | RegistrationOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RegistrationIn,
) -> Response[ErrorBody | RegistrationOut]:
    """Register a public OAuth client (dynamic client registration, RFC 7591)

     What an MCP client does before it asks a user's consent: no token, no workspace. The client is
    public (no secret; PKCE S256 at the token endpoint) and may ask for the scopes it names in `scope`
    (all by default). A user of any workspace may then consent to it, which lists it among that
    workspace's clients (`registered_itself`); deleting it there ends that workspace's tokens. A
    redirect URI is https, or http on a loopback host. Refused metadata is 400 `invalid_redirect_uri` or
    `invalid_client_metadata` (RFC 7591 §3.2.2); at most 20 registrations an hour from one client
    address (429). Public: it takes no token.

    Args:
        body (RegistrationIn): A client's metadata (RFC 7591 §2); members not named here are
            ignored, as §3.1 allows.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RegistrationOut]
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
    body: RegistrationIn,
) -> ErrorBody | RegistrationOut | None:
    """Register a public OAuth client (dynamic client registration, RFC 7591)

     What an MCP client does before it asks a user's consent: no token, no workspace. The client is
    public (no secret; PKCE S256 at the token endpoint) and may ask for the scopes it names in `scope`
    (all by default). A user of any workspace may then consent to it, which lists it among that
    workspace's clients (`registered_itself`); deleting it there ends that workspace's tokens. A
    redirect URI is https, or http on a loopback host. Refused metadata is 400 `invalid_redirect_uri` or
    `invalid_client_metadata` (RFC 7591 §3.2.2); at most 20 registrations an hour from one client
    address (429). Public: it takes no token.

    Args:
        body (RegistrationIn): A client's metadata (RFC 7591 §2); members not named here are
            ignored, as §3.1 allows.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RegistrationOut
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RegistrationIn,
) -> Response[ErrorBody | RegistrationOut]:
    """Register a public OAuth client (dynamic client registration, RFC 7591)

     What an MCP client does before it asks a user's consent: no token, no workspace. The client is
    public (no secret; PKCE S256 at the token endpoint) and may ask for the scopes it names in `scope`
    (all by default). A user of any workspace may then consent to it, which lists it among that
    workspace's clients (`registered_itself`); deleting it there ends that workspace's tokens. A
    redirect URI is https, or http on a loopback host. Refused metadata is 400 `invalid_redirect_uri` or
    `invalid_client_metadata` (RFC 7591 §3.2.2); at most 20 registrations an hour from one client
    address (429). Public: it takes no token.

    Args:
        body (RegistrationIn): A client's metadata (RFC 7591 §2); members not named here are
            ignored, as §3.1 allows.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RegistrationOut]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: RegistrationIn,
) -> ErrorBody | RegistrationOut | None:
    """Register a public OAuth client (dynamic client registration, RFC 7591)

     What an MCP client does before it asks a user's consent: no token, no workspace. The client is
    public (no secret; PKCE S256 at the token endpoint) and may ask for the scopes it names in `scope`
    (all by default). A user of any workspace may then consent to it, which lists it among that
    workspace's clients (`registered_itself`); deleting it there ends that workspace's tokens. A
    redirect URI is https, or http on a loopback host. Refused metadata is 400 `invalid_redirect_uri` or
    `invalid_client_metadata` (RFC 7591 §3.2.2); at most 20 registrations an hour from one client
    address (429). Public: it takes no token.

    Args:
        body (RegistrationIn): A client's metadata (RFC 7591 §2); members not named here are
            ignored, as §3.1 allows.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RegistrationOut
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
