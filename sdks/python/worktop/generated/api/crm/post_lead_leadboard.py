from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.leadboard import Leadboard
from ...models.pipeline_ref import PipelineRef
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PipelineRef | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/lead/leadboard",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | Leadboard | None:
    if response.status_code == 200:
        response_200 = Leadboard.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())

        return response_403

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
) -> Response[ErrorBody | Leadboard]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PipelineRef | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorBody | Leadboard]:
    """A pipeline's lead board

     Needs the `crm.read` permission. One of the catalogue's odd paths, kept as the specification names
    it (docs/api-conventions.md: Known quirks of the catalogue).

    Args:
        idempotency_key (str | Unset):
        body (PipelineRef | Unset): Body naming a pipeline (the first one when absent).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | Leadboard]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: PipelineRef | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBody | Leadboard | None:
    """A pipeline's lead board

     Needs the `crm.read` permission. One of the catalogue's odd paths, kept as the specification names
    it (docs/api-conventions.md: Known quirks of the catalogue).

    Args:
        idempotency_key (str | Unset):
        body (PipelineRef | Unset): Body naming a pipeline (the first one when absent).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | Leadboard
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PipelineRef | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorBody | Leadboard]:
    """A pipeline's lead board

     Needs the `crm.read` permission. One of the catalogue's odd paths, kept as the specification names
    it (docs/api-conventions.md: Known quirks of the catalogue).

    Args:
        idempotency_key (str | Unset):
        body (PipelineRef | Unset): Body naming a pipeline (the first one when absent).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | Leadboard]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PipelineRef | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBody | Leadboard | None:
    """A pipeline's lead board

     Needs the `crm.read` permission. One of the catalogue's odd paths, kept as the specification names
    it (docs/api-conventions.md: Known quirks of the catalogue).

    Args:
        idempotency_key (str | Unset):
        body (PipelineRef | Unset): Body naming a pipeline (the first one when absent).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | Leadboard
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
