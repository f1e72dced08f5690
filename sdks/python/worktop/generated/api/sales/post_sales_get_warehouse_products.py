from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.post_sales_get_warehouse_products_sort import (
    PostSalesGetWarehouseProductsSort,
)
from ...models.stock_level_list import StockLevelList
from ...models.warehouse_ref import WarehouseRef
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: WarehouseRef,
    cursor: None | str | Unset = UNSET,
    page: int | None | Unset = UNSET,
    per_page: int | None | Unset = UNSET,
    search: None | str | Unset = UNSET,
    sort: PostSalesGetWarehouseProductsSort | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    params: dict[str, Any] = {}

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    json_page: int | None | Unset
    if isinstance(page, Unset):
        json_page = UNSET
    else:
        json_page = page
    params["page"] = json_page

    json_per_page: int | None | Unset
    if isinstance(per_page, Unset):
        json_per_page = UNSET
    else:
        json_per_page = per_page
    params["per_page"] = json_per_page

    json_search: None | str | Unset
    if isinstance(search, Unset):
        json_search = UNSET
    else:
        json_search = search
    params["search"] = json_search

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/sales/get-warehouse-products",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | StockLevelList | None:
    if response.status_code == 200:
        response_200 = StockLevelList.from_dict(response.json())

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
) -> Response[ErrorBody | StockLevelList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: WarehouseRef,
    cursor: None | str | Unset = UNSET,
    page: int | None | Unset = UNSET,
    per_page: int | None | Unset = UNSET,
    search: None | str | Unset = UNSET,
    sort: PostSalesGetWarehouseProductsSort | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorBody | StockLevelList]:
    """What one warehouse holds, product by product

     Needs the `sales.read` permission. One of the catalogue's odd paths, kept as the specification names
    it (docs/api-conventions.md: Known quirks of the catalogue).

    Args:
        cursor (None | str | Unset):
        page (int | None | Unset):
        per_page (int | None | Unset):
        search (None | str | Unset):
        sort (PostSalesGetWarehouseProductsSort | Unset):
        idempotency_key (str | Unset):
        body (WarehouseRef): Body of `POST /api/sales/get-warehouse-products`. Example:
            {'warehouse_id': 1}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | StockLevelList]
    """

    kwargs = _get_kwargs(
        body=body,
        cursor=cursor,
        page=page,
        per_page=per_page,
        search=search,
        sort=sort,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: WarehouseRef,
    cursor: None | str | Unset = UNSET,
    page: int | None | Unset = UNSET,
    per_page: int | None | Unset = UNSET,
    search: None | str | Unset = UNSET,
    sort: PostSalesGetWarehouseProductsSort | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBody | StockLevelList | None:
    """What one warehouse holds, product by product

     Needs the `sales.read` permission. One of the catalogue's odd paths, kept as the specification names
    it (docs/api-conventions.md: Known quirks of the catalogue).

    Args:
        cursor (None | str | Unset):
        page (int | None | Unset):
        per_page (int | None | Unset):
        search (None | str | Unset):
        sort (PostSalesGetWarehouseProductsSort | Unset):
        idempotency_key (str | Unset):
        body (WarehouseRef): Body of `POST /api/sales/get-warehouse-products`. Example:
            {'warehouse_id': 1}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | StockLevelList
    """

    return sync_detailed(
        client=client,
        body=body,
        cursor=cursor,
        page=page,
        per_page=per_page,
        search=search,
        sort=sort,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: WarehouseRef,
    cursor: None | str | Unset = UNSET,
    page: int | None | Unset = UNSET,
    per_page: int | None | Unset = UNSET,
    search: None | str | Unset = UNSET,
    sort: PostSalesGetWarehouseProductsSort | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorBody | StockLevelList]:
    """What one warehouse holds, product by product

     Needs the `sales.read` permission. One of the catalogue's odd paths, kept as the specification names
    it (docs/api-conventions.md: Known quirks of the catalogue).

    Args:
        cursor (None | str | Unset):
        page (int | None | Unset):
        per_page (int | None | Unset):
        search (None | str | Unset):
        sort (PostSalesGetWarehouseProductsSort | Unset):
        idempotency_key (str | Unset):
        body (WarehouseRef): Body of `POST /api/sales/get-warehouse-products`. Example:
            {'warehouse_id': 1}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | StockLevelList]
    """

    kwargs = _get_kwargs(
        body=body,
        cursor=cursor,
        page=page,
        per_page=per_page,
        search=search,
        sort=sort,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: WarehouseRef,
    cursor: None | str | Unset = UNSET,
    page: int | None | Unset = UNSET,
    per_page: int | None | Unset = UNSET,
    search: None | str | Unset = UNSET,
    sort: PostSalesGetWarehouseProductsSort | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBody | StockLevelList | None:
    """What one warehouse holds, product by product

     Needs the `sales.read` permission. One of the catalogue's odd paths, kept as the specification names
    it (docs/api-conventions.md: Known quirks of the catalogue).

    Args:
        cursor (None | str | Unset):
        page (int | None | Unset):
        per_page (int | None | Unset):
        search (None | str | Unset):
        sort (PostSalesGetWarehouseProductsSort | Unset):
        idempotency_key (str | Unset):
        body (WarehouseRef): Body of `POST /api/sales/get-warehouse-products`. Example:
            {'warehouse_id': 1}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | StockLevelList
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            cursor=cursor,
            page=page,
            per_page=per_page,
            search=search,
            sort=sort,
            idempotency_key=idempotency_key,
        )
    ).parsed
