from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.series_in import SeriesIn
from ...models.series_out import SeriesOut
from ...types import Response


def _get_kwargs(
    series: str,
    *,
    body: SeriesIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/settings/number-series/{series}".format(
            series=quote(str(series), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | SeriesOut | None:
    if response.status_code == 200:
        response_200 = SeriesOut.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = ErrorBody.from_dict(response.json())

        return response_402

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ErrorBody.from_dict(response.json())

        return response_409

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
) -> Response[ErrorBody | SeriesOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    series: str,
    *,
    client: AuthenticatedClient,
    body: SeriesIn,
) -> Response[ErrorBody | SeriesOut]:
    """Set a number series' prefix (its sequence goes on)

     Needs the `users.write` permission.

    Args:
        series (str):
        body (SeriesIn): Body of `PUT /api/settings/number-series/{series}`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SeriesOut]
    """

    kwargs = _get_kwargs(
        series=series,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    series: str,
    *,
    client: AuthenticatedClient,
    body: SeriesIn,
) -> ErrorBody | SeriesOut | None:
    """Set a number series' prefix (its sequence goes on)

     Needs the `users.write` permission.

    Args:
        series (str):
        body (SeriesIn): Body of `PUT /api/settings/number-series/{series}`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SeriesOut
    """

    return sync_detailed(
        series=series,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    series: str,
    *,
    client: AuthenticatedClient,
    body: SeriesIn,
) -> Response[ErrorBody | SeriesOut]:
    """Set a number series' prefix (its sequence goes on)

     Needs the `users.write` permission.

    Args:
        series (str):
        body (SeriesIn): Body of `PUT /api/settings/number-series/{series}`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | SeriesOut]
    """

    kwargs = _get_kwargs(
        series=series,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    series: str,
    *,
    client: AuthenticatedClient,
    body: SeriesIn,
) -> ErrorBody | SeriesOut | None:
    """Set a number series' prefix (its sequence goes on)

     Needs the `users.write` permission.

    Args:
        series (str):
        body (SeriesIn): Body of `PUT /api/settings/number-series/{series}`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | SeriesOut
    """

    return (
        await asyncio_detailed(
            series=series,
            client=client,
            body=body,
        )
    ).parsed
