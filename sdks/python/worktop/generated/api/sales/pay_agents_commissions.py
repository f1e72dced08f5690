from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.commissions_paid import CommissionsPaid
from ...models.error_body import ErrorBody
from ...models.pay_commissions import PayCommissions
from ...types import UNSET, Response, Unset


def _get_kwargs(
    agent: int,
    *,
    body: PayCommissions,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/agents/{agent}/commissions/pay".format(
            agent=quote(str(agent), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CommissionsPaid | ErrorBody | None:
    if response.status_code == 201:
        response_201 = CommissionsPaid.from_dict(response.json())

        return response_201

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
) -> Response[CommissionsPaid | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    agent: int,
    *,
    client: AuthenticatedClient,
    body: PayCommissions,
    idempotency_key: str | Unset = UNSET,
) -> Response[CommissionsPaid | ErrorBody]:
    """Pay a sales agent's commissions on some paid invoices from a bank account (designed)

     One numbered payout (`COM-000001`) and, in the same transaction, its journal entry (sales
    commissions 6350 debited, the bank account's GL account credited) and the bank account's withdrawal.
    Each invoice must be paid, credited to this agent and not yet paid out (422 on `invoice_ids.N`); a
    payment or payout racing this one is 409 and nothing is recorded. Needs the `sales.write`
    permission.

    Args:
        agent (int):
        idempotency_key (str | Unset):
        body (PayCommissions): Body of `POST /api/agents/{agent}/commissions/pay` (designed).
            Example: {'bank_account_id': 1, 'date': '2026-04-30', 'invoice_ids': [12, 15]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommissionsPaid | ErrorBody]
    """

    kwargs = _get_kwargs(
        agent=agent,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    agent: int,
    *,
    client: AuthenticatedClient,
    body: PayCommissions,
    idempotency_key: str | Unset = UNSET,
) -> CommissionsPaid | ErrorBody | None:
    """Pay a sales agent's commissions on some paid invoices from a bank account (designed)

     One numbered payout (`COM-000001`) and, in the same transaction, its journal entry (sales
    commissions 6350 debited, the bank account's GL account credited) and the bank account's withdrawal.
    Each invoice must be paid, credited to this agent and not yet paid out (422 on `invoice_ids.N`); a
    payment or payout racing this one is 409 and nothing is recorded. Needs the `sales.write`
    permission.

    Args:
        agent (int):
        idempotency_key (str | Unset):
        body (PayCommissions): Body of `POST /api/agents/{agent}/commissions/pay` (designed).
            Example: {'bank_account_id': 1, 'date': '2026-04-30', 'invoice_ids': [12, 15]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommissionsPaid | ErrorBody
    """

    return sync_detailed(
        agent=agent,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    agent: int,
    *,
    client: AuthenticatedClient,
    body: PayCommissions,
    idempotency_key: str | Unset = UNSET,
) -> Response[CommissionsPaid | ErrorBody]:
    """Pay a sales agent's commissions on some paid invoices from a bank account (designed)

     One numbered payout (`COM-000001`) and, in the same transaction, its journal entry (sales
    commissions 6350 debited, the bank account's GL account credited) and the bank account's withdrawal.
    Each invoice must be paid, credited to this agent and not yet paid out (422 on `invoice_ids.N`); a
    payment or payout racing this one is 409 and nothing is recorded. Needs the `sales.write`
    permission.

    Args:
        agent (int):
        idempotency_key (str | Unset):
        body (PayCommissions): Body of `POST /api/agents/{agent}/commissions/pay` (designed).
            Example: {'bank_account_id': 1, 'date': '2026-04-30', 'invoice_ids': [12, 15]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommissionsPaid | ErrorBody]
    """

    kwargs = _get_kwargs(
        agent=agent,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    agent: int,
    *,
    client: AuthenticatedClient,
    body: PayCommissions,
    idempotency_key: str | Unset = UNSET,
) -> CommissionsPaid | ErrorBody | None:
    """Pay a sales agent's commissions on some paid invoices from a bank account (designed)

     One numbered payout (`COM-000001`) and, in the same transaction, its journal entry (sales
    commissions 6350 debited, the bank account's GL account credited) and the bank account's withdrawal.
    Each invoice must be paid, credited to this agent and not yet paid out (422 on `invoice_ids.N`); a
    payment or payout racing this one is 409 and nothing is recorded. Needs the `sales.write`
    permission.

    Args:
        agent (int):
        idempotency_key (str | Unset):
        body (PayCommissions): Body of `POST /api/agents/{agent}/commissions/pay` (designed).
            Example: {'bank_account_id': 1, 'date': '2026-04-30', 'invoice_ids': [12, 15]}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommissionsPaid | ErrorBody
    """

    return (
        await asyncio_detailed(
            agent=agent,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
