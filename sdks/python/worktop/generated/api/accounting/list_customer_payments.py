import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.customer_payment_list import CustomerPaymentList
from ...models.error_body import ErrorBody
from ...models.list_customer_payments_sort import ListCustomerPaymentsSort
from ...models.payment_status import PaymentStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    cursor: None | str | Unset = UNSET,
    page: int | None | Unset = UNSET,
    per_page: int | None | Unset = UNSET,
    search: None | str | Unset = UNSET,
    sort: ListCustomerPaymentsSort | Unset = UNSET,
    created_since: datetime.datetime | None | Unset = UNSET,
    updated_since: datetime.datetime | None | Unset = UNSET,
    bank_account_id: int | None | Unset = UNSET,
    customer_id: int | None | Unset = UNSET,
    status: None | PaymentStatus | Unset = UNSET,
) -> dict[str, Any]:

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

    json_created_since: None | str | Unset
    if isinstance(created_since, Unset):
        json_created_since = UNSET
    elif isinstance(created_since, datetime.datetime):
        json_created_since = created_since.isoformat()
    else:
        json_created_since = created_since
    params["created_since"] = json_created_since

    json_updated_since: None | str | Unset
    if isinstance(updated_since, Unset):
        json_updated_since = UNSET
    elif isinstance(updated_since, datetime.datetime):
        json_updated_since = updated_since.isoformat()
    else:
        json_updated_since = updated_since
    params["updated_since"] = json_updated_since

    json_bank_account_id: int | None | Unset
    if isinstance(bank_account_id, Unset):
        json_bank_account_id = UNSET
    else:
        json_bank_account_id = bank_account_id
    params["bank_account_id"] = json_bank_account_id

    json_customer_id: int | None | Unset
    if isinstance(customer_id, Unset):
        json_customer_id = UNSET
    else:
        json_customer_id = customer_id
    params["customer_id"] = json_customer_id

    json_status: None | str | Unset
    if isinstance(status, Unset):
        json_status = UNSET
    elif isinstance(status, PaymentStatus):
        json_status = status.value
    else:
        json_status = status
    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/customer-payments",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CustomerPaymentList | ErrorBody | None:
    if response.status_code == 200:
        response_200 = CustomerPaymentList.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())

        return response_403

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
) -> Response[CustomerPaymentList | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    cursor: None | str | Unset = UNSET,
    page: int | None | Unset = UNSET,
    per_page: int | None | Unset = UNSET,
    search: None | str | Unset = UNSET,
    sort: ListCustomerPaymentsSort | Unset = UNSET,
    created_since: datetime.datetime | None | Unset = UNSET,
    updated_since: datetime.datetime | None | Unset = UNSET,
    bank_account_id: int | None | Unset = UNSET,
    customer_id: int | None | Unset = UNSET,
    status: None | PaymentStatus | Unset = UNSET,
) -> Response[CustomerPaymentList | ErrorBody]:
    """List customer payments

     Needs the `accounting.read` permission.

    Args:
        cursor (None | str | Unset):
        page (int | None | Unset):
        per_page (int | None | Unset):
        search (None | str | Unset):
        sort (ListCustomerPaymentsSort | Unset):
        created_since (datetime.datetime | None | Unset):
        updated_since (datetime.datetime | None | Unset):
        bank_account_id (int | None | Unset):
        customer_id (int | None | Unset):
        status (None | PaymentStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CustomerPaymentList | ErrorBody]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        page=page,
        per_page=per_page,
        search=search,
        sort=sort,
        created_since=created_since,
        updated_since=updated_since,
        bank_account_id=bank_account_id,
        customer_id=customer_id,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    cursor: None | str | Unset = UNSET,
    page: int | None | Unset = UNSET,
    per_page: int | None | Unset = UNSET,
    search: None | str | Unset = UNSET,
    sort: ListCustomerPaymentsSort | Unset = UNSET,
    created_since: datetime.datetime | None | Unset = UNSET,
    updated_since: datetime.datetime | None | Unset = UNSET,
    bank_account_id: int | None | Unset = UNSET,
    customer_id: int | None | Unset = UNSET,
    status: None | PaymentStatus | Unset = UNSET,
) -> CustomerPaymentList | ErrorBody | None:
    """List customer payments

     Needs the `accounting.read` permission.

    Args:
        cursor (None | str | Unset):
        page (int | None | Unset):
        per_page (int | None | Unset):
        search (None | str | Unset):
        sort (ListCustomerPaymentsSort | Unset):
        created_since (datetime.datetime | None | Unset):
        updated_since (datetime.datetime | None | Unset):
        bank_account_id (int | None | Unset):
        customer_id (int | None | Unset):
        status (None | PaymentStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CustomerPaymentList | ErrorBody
    """

    return sync_detailed(
        client=client,
        cursor=cursor,
        page=page,
        per_page=per_page,
        search=search,
        sort=sort,
        created_since=created_since,
        updated_since=updated_since,
        bank_account_id=bank_account_id,
        customer_id=customer_id,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: None | str | Unset = UNSET,
    page: int | None | Unset = UNSET,
    per_page: int | None | Unset = UNSET,
    search: None | str | Unset = UNSET,
    sort: ListCustomerPaymentsSort | Unset = UNSET,
    created_since: datetime.datetime | None | Unset = UNSET,
    updated_since: datetime.datetime | None | Unset = UNSET,
    bank_account_id: int | None | Unset = UNSET,
    customer_id: int | None | Unset = UNSET,
    status: None | PaymentStatus | Unset = UNSET,
) -> Response[CustomerPaymentList | ErrorBody]:
    """List customer payments

     Needs the `accounting.read` permission.

    Args:
        cursor (None | str | Unset):
        page (int | None | Unset):
        per_page (int | None | Unset):
        search (None | str | Unset):
        sort (ListCustomerPaymentsSort | Unset):
        created_since (datetime.datetime | None | Unset):
        updated_since (datetime.datetime | None | Unset):
        bank_account_id (int | None | Unset):
        customer_id (int | None | Unset):
        status (None | PaymentStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CustomerPaymentList | ErrorBody]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        page=page,
        per_page=per_page,
        search=search,
        sort=sort,
        created_since=created_since,
        updated_since=updated_since,
        bank_account_id=bank_account_id,
        customer_id=customer_id,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    cursor: None | str | Unset = UNSET,
    page: int | None | Unset = UNSET,
    per_page: int | None | Unset = UNSET,
    search: None | str | Unset = UNSET,
    sort: ListCustomerPaymentsSort | Unset = UNSET,
    created_since: datetime.datetime | None | Unset = UNSET,
    updated_since: datetime.datetime | None | Unset = UNSET,
    bank_account_id: int | None | Unset = UNSET,
    customer_id: int | None | Unset = UNSET,
    status: None | PaymentStatus | Unset = UNSET,
) -> CustomerPaymentList | ErrorBody | None:
    """List customer payments

     Needs the `accounting.read` permission.

    Args:
        cursor (None | str | Unset):
        page (int | None | Unset):
        per_page (int | None | Unset):
        search (None | str | Unset):
        sort (ListCustomerPaymentsSort | Unset):
        created_since (datetime.datetime | None | Unset):
        updated_since (datetime.datetime | None | Unset):
        bank_account_id (int | None | Unset):
        customer_id (int | None | Unset):
        status (None | PaymentStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CustomerPaymentList | ErrorBody
    """

    return (
        await asyncio_detailed(
            client=client,
            cursor=cursor,
            page=page,
            per_page=per_page,
            search=search,
            sort=sort,
            created_since=created_since,
            updated_since=updated_since,
            bank_account_id=bank_account_id,
            customer_id=customer_id,
            status=status,
        )
    ).parsed
