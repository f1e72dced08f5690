from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.crm_file_out import CrmFileOut
from ...models.error_body import ErrorBody
from ...types import Response


def _get_kwargs(
    deal_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/deal-file/{deal_id}/list".format(
            deal_id=quote(str(deal_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | list[CrmFileOut] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = CrmFileOut.from_dict(response_200_item_data)

            response_200.append(response_200_item)

        return response_200

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())

        return response_404

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
) -> Response[ErrorBody | list[CrmFileOut]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    deal_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[ErrorBody | list[CrmFileOut]]:
    """A deal's files, oldest first, each with its download route

     Needs the `crm.read` permission.

    Args:
        deal_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | list[CrmFileOut]]
    """

    kwargs = _get_kwargs(
        deal_id=deal_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    deal_id: int,
    *,
    client: AuthenticatedClient,
) -> ErrorBody | list[CrmFileOut] | None:
    """A deal's files, oldest first, each with its download route

     Needs the `crm.read` permission.

    Args:
        deal_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | list[CrmFileOut]
    """

    return sync_detailed(
        deal_id=deal_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    deal_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[ErrorBody | list[CrmFileOut]]:
    """A deal's files, oldest first, each with its download route

     Needs the `crm.read` permission.

    Args:
        deal_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | list[CrmFileOut]]
    """

    kwargs = _get_kwargs(
        deal_id=deal_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    deal_id: int,
    *,
    client: AuthenticatedClient,
) -> ErrorBody | list[CrmFileOut] | None:
    """A deal's files, oldest first, each with its download route

     Needs the `crm.read` permission.

    Args:
        deal_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | list[CrmFileOut]
    """

    return (
        await asyncio_detailed(
            deal_id=deal_id,
            client=client,
        )
    ).parsed
