from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.plan_out import PlanOut
from ...types import Response


def _get_kwargs(
    plan: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/public/plans/{plan}".format(
            plan=quote(str(plan), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | PlanOut | None:
    if response.status_code == 200:
        response_200 = PlanOut.from_dict(response.json())

        return response_200

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())

        return response_404

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
) -> Response[ErrorBody | PlanOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    plan: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ErrorBody | PlanOut]:
    """A plan and the modules it includes

     Public: it takes no token.

    Args:
        plan (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PlanOut]
    """

    kwargs = _get_kwargs(
        plan=plan,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    plan: str,
    *,
    client: AuthenticatedClient | Client,
) -> ErrorBody | PlanOut | None:
    """A plan and the modules it includes

     Public: it takes no token.

    Args:
        plan (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PlanOut
    """

    return sync_detailed(
        plan=plan,
        client=client,
    ).parsed


async def asyncio_detailed(
    plan: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ErrorBody | PlanOut]:
    """A plan and the modules it includes

     Public: it takes no token.

    Args:
        plan (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PlanOut]
    """

    kwargs = _get_kwargs(
        plan=plan,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    plan: str,
    *,
    client: AuthenticatedClient | Client,
) -> ErrorBody | PlanOut | None:
    """A plan and the modules it includes

     Public: it takes no token.

    Args:
        plan (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PlanOut
    """

    return (
        await asyncio_detailed(
            plan=plan,
            client=client,
        )
    ).parsed
