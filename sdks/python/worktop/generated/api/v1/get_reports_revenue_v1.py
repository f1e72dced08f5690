import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.period import Period
from ...models.revenue_report import RevenueReport
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    as_of: datetime.date | None | Unset = UNSET,
    period: None | Period | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_as_of: None | str | Unset
    if isinstance(as_of, Unset):
        json_as_of = UNSET
    elif isinstance(as_of, datetime.date):
        json_as_of = as_of.isoformat()
    else:
        json_as_of = as_of
    params["as_of"] = json_as_of

    json_period: None | str | Unset
    if isinstance(period, Unset):
        json_period = UNSET
    elif isinstance(period, Period):
        json_period = period.value
    else:
        json_period = period
    params["period"] = json_period

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/reports/revenue",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | RevenueReport | None:
    if response.status_code == 200:
        response_200 = RevenueReport.from_dict(response.json())

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
) -> Response[ErrorBody | RevenueReport]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    as_of: datetime.date | None | Unset = UNSET,
    period: None | Period | Unset = UNSET,
) -> Response[ErrorBody | RevenueReport]:
    """Recurring revenue (MRR, ARR), its growth and customer churn over the last complete month, quarter or
    year

     Recurring revenue comes from posted sales invoices with a `recurrence`: each bills its amount net of
    tax for the months it covers from its invoice date's month, in equal shares (monthly: 1 month;
    quarterly: 3; yearly: 12). One-off invoices and drafts do not count. The period is the last calendar
    month, quarter or year complete on `as_of` (default today, UTC).

    - `mrr` = the recurring revenue billed for the period's last month.
    - `arr` = 12 × `mrr` (before `mrr` is rounded to the cent).
    - `previous_mrr` = the same for the last month of the period before.
    - `growth_rate` = (`mrr` − `previous_mrr`) / `previous_mrr` × 100, to two decimals; `null` when
    `previous_mrr` is 0.
    - `customers_at_start` = customers billed recurring revenue for the last month of the period before
    (the period's start); `customers_at_end` = the same for the period's last month.
    - `churned_customers` = those of `customers_at_start` not among `customers_at_end`.
    - `churn_rate` = `churned_customers` / `customers_at_start` × 100, to two decimals; `null` when
    `customers_at_start` is 0. Needs the `sales.read` permission.

    Args:
        as_of (datetime.date | None | Unset):
        period (None | Period | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RevenueReport]
    """

    kwargs = _get_kwargs(
        as_of=as_of,
        period=period,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    as_of: datetime.date | None | Unset = UNSET,
    period: None | Period | Unset = UNSET,
) -> ErrorBody | RevenueReport | None:
    """Recurring revenue (MRR, ARR), its growth and customer churn over the last complete month, quarter or
    year

     Recurring revenue comes from posted sales invoices with a `recurrence`: each bills its amount net of
    tax for the months it covers from its invoice date's month, in equal shares (monthly: 1 month;
    quarterly: 3; yearly: 12). One-off invoices and drafts do not count. The period is the last calendar
    month, quarter or year complete on `as_of` (default today, UTC).

    - `mrr` = the recurring revenue billed for the period's last month.
    - `arr` = 12 × `mrr` (before `mrr` is rounded to the cent).
    - `previous_mrr` = the same for the last month of the period before.
    - `growth_rate` = (`mrr` − `previous_mrr`) / `previous_mrr` × 100, to two decimals; `null` when
    `previous_mrr` is 0.
    - `customers_at_start` = customers billed recurring revenue for the last month of the period before
    (the period's start); `customers_at_end` = the same for the period's last month.
    - `churned_customers` = those of `customers_at_start` not among `customers_at_end`.
    - `churn_rate` = `churned_customers` / `customers_at_start` × 100, to two decimals; `null` when
    `customers_at_start` is 0. Needs the `sales.read` permission.

    Args:
        as_of (datetime.date | None | Unset):
        period (None | Period | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RevenueReport
    """

    return sync_detailed(
        client=client,
        as_of=as_of,
        period=period,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    as_of: datetime.date | None | Unset = UNSET,
    period: None | Period | Unset = UNSET,
) -> Response[ErrorBody | RevenueReport]:
    """Recurring revenue (MRR, ARR), its growth and customer churn over the last complete month, quarter or
    year

     Recurring revenue comes from posted sales invoices with a `recurrence`: each bills its amount net of
    tax for the months it covers from its invoice date's month, in equal shares (monthly: 1 month;
    quarterly: 3; yearly: 12). One-off invoices and drafts do not count. The period is the last calendar
    month, quarter or year complete on `as_of` (default today, UTC).

    - `mrr` = the recurring revenue billed for the period's last month.
    - `arr` = 12 × `mrr` (before `mrr` is rounded to the cent).
    - `previous_mrr` = the same for the last month of the period before.
    - `growth_rate` = (`mrr` − `previous_mrr`) / `previous_mrr` × 100, to two decimals; `null` when
    `previous_mrr` is 0.
    - `customers_at_start` = customers billed recurring revenue for the last month of the period before
    (the period's start); `customers_at_end` = the same for the period's last month.
    - `churned_customers` = those of `customers_at_start` not among `customers_at_end`.
    - `churn_rate` = `churned_customers` / `customers_at_start` × 100, to two decimals; `null` when
    `customers_at_start` is 0. Needs the `sales.read` permission.

    Args:
        as_of (datetime.date | None | Unset):
        period (None | Period | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RevenueReport]
    """

    kwargs = _get_kwargs(
        as_of=as_of,
        period=period,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    as_of: datetime.date | None | Unset = UNSET,
    period: None | Period | Unset = UNSET,
) -> ErrorBody | RevenueReport | None:
    """Recurring revenue (MRR, ARR), its growth and customer churn over the last complete month, quarter or
    year

     Recurring revenue comes from posted sales invoices with a `recurrence`: each bills its amount net of
    tax for the months it covers from its invoice date's month, in equal shares (monthly: 1 month;
    quarterly: 3; yearly: 12). One-off invoices and drafts do not count. The period is the last calendar
    month, quarter or year complete on `as_of` (default today, UTC).

    - `mrr` = the recurring revenue billed for the period's last month.
    - `arr` = 12 × `mrr` (before `mrr` is rounded to the cent).
    - `previous_mrr` = the same for the last month of the period before.
    - `growth_rate` = (`mrr` − `previous_mrr`) / `previous_mrr` × 100, to two decimals; `null` when
    `previous_mrr` is 0.
    - `customers_at_start` = customers billed recurring revenue for the last month of the period before
    (the period's start); `customers_at_end` = the same for the period's last month.
    - `churned_customers` = those of `customers_at_start` not among `customers_at_end`.
    - `churn_rate` = `churned_customers` / `customers_at_start` × 100, to two decimals; `null` when
    `customers_at_start` is 0. Needs the `sales.read` permission.

    Args:
        as_of (datetime.date | None | Unset):
        period (None | Period | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RevenueReport
    """

    return (
        await asyncio_detailed(
            client=client,
            as_of=as_of,
            period=period,
        )
    ).parsed
