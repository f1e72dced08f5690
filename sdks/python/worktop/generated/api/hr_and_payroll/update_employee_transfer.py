from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.employee_transfer import EmployeeTransfer
from ...models.error_body import ErrorBody
from ...models.versioned_employee_transfer_patch import VersionedEmployeeTransferPatch
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: int,
    *,
    body: VersionedEmployeeTransferPatch,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/employee-transfers/update/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> EmployeeTransfer | ErrorBody | None:
    if response.status_code == 200:
        response_200 = EmployeeTransfer.from_dict(response.json())

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
) -> Response[EmployeeTransfer | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: int,
    *,
    client: AuthenticatedClient,
    body: VersionedEmployeeTransferPatch,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[EmployeeTransfer | ErrorBody]:
    """Update an employee transfer

     Needs the `hr.write` permission.

    Args:
        id (int):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (VersionedEmployeeTransferPatch): An update body with the optional `version` every
            update accepts beside its own fields. An
            extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmployeeTransfer | ErrorBody]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: int,
    *,
    client: AuthenticatedClient,
    body: VersionedEmployeeTransferPatch,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> EmployeeTransfer | ErrorBody | None:
    """Update an employee transfer

     Needs the `hr.write` permission.

    Args:
        id (int):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (VersionedEmployeeTransferPatch): An update body with the optional `version` every
            update accepts beside its own fields. An
            extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmployeeTransfer | ErrorBody
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    id: int,
    *,
    client: AuthenticatedClient,
    body: VersionedEmployeeTransferPatch,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[EmployeeTransfer | ErrorBody]:
    """Update an employee transfer

     Needs the `hr.write` permission.

    Args:
        id (int):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (VersionedEmployeeTransferPatch): An update body with the optional `version` every
            update accepts beside its own fields. An
            extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmployeeTransfer | ErrorBody]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: int,
    *,
    client: AuthenticatedClient,
    body: VersionedEmployeeTransferPatch,
    idempotency_key: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> EmployeeTransfer | ErrorBody | None:
    """Update an employee transfer

     Needs the `hr.write` permission.

    Args:
        id (int):
        idempotency_key (str | Unset):
        if_match (str | Unset):
        body (VersionedEmployeeTransferPatch): An update body with the optional `version` every
            update accepts beside its own fields. An
            extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmployeeTransfer | ErrorBody
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            if_match=if_match,
        )
    ).parsed
