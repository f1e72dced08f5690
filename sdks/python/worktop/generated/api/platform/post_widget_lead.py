from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.widget_lead_in import WidgetLeadIn
from ...models.widget_thanks import WidgetThanks
from ...types import Response


def _get_kwargs(
    *,
    body: WidgetLeadIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/widget/lead",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | WidgetThanks | None:
    if response.status_code == 201:
        response_201 = WidgetThanks.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = ErrorBody.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = ErrorBody.from_dict(response.json())

        return response_415

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
) -> Response[ErrorBody | WidgetThanks]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WidgetLeadIn,
) -> Response[ErrorBody | WidgetThanks]:
    """Submit a lead through a widget (rate limited per IP and widget)

     Public: it takes no token.

    Args:
        body (WidgetLeadIn): Body of `POST /api/widget/lead`. Example: {'email':
            'visitor@example.com', 'name': 'Visitor', 'notes': 'Please call me', 'token':
            'wgt_0123456789abcdef0123456789abcdef'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WidgetThanks]
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
    body: WidgetLeadIn,
) -> ErrorBody | WidgetThanks | None:
    """Submit a lead through a widget (rate limited per IP and widget)

     Public: it takes no token.

    Args:
        body (WidgetLeadIn): Body of `POST /api/widget/lead`. Example: {'email':
            'visitor@example.com', 'name': 'Visitor', 'notes': 'Please call me', 'token':
            'wgt_0123456789abcdef0123456789abcdef'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WidgetThanks
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WidgetLeadIn,
) -> Response[ErrorBody | WidgetThanks]:
    """Submit a lead through a widget (rate limited per IP and widget)

     Public: it takes no token.

    Args:
        body (WidgetLeadIn): Body of `POST /api/widget/lead`. Example: {'email':
            'visitor@example.com', 'name': 'Visitor', 'notes': 'Please call me', 'token':
            'wgt_0123456789abcdef0123456789abcdef'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | WidgetThanks]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: WidgetLeadIn,
) -> ErrorBody | WidgetThanks | None:
    """Submit a lead through a widget (rate limited per IP and widget)

     Public: it takes no token.

    Args:
        body (WidgetLeadIn): Body of `POST /api/widget/lead`. Example: {'email':
            'visitor@example.com', 'name': 'Visitor', 'notes': 'Please call me', 'token':
            'wgt_0123456789abcdef0123456789abcdef'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | WidgetThanks
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
