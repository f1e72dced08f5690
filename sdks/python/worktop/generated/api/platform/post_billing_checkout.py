from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.checkout_out import CheckoutOut
from ...models.error_body import ErrorBody
from ...models.plan_checkout_in import PlanCheckoutIn
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PlanCheckoutIn,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/billing/checkout",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CheckoutOut | ErrorBody | None:
    if response.status_code == 201:
        response_201 = CheckoutOut.from_dict(response.json())

        return response_201

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
) -> Response[CheckoutOut | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PlanCheckoutIn,
    idempotency_key: str | Unset = UNSET,
) -> Response[CheckoutOut | ErrorBody]:
    """Subscribe the workspace to a plan: a hosted checkout page to pay at

     Send the customer to `checkout_url`; the payment provider sends them back to the dashboard's billing
    page. The subscription starts when the provider reports the payment (usually within seconds) and
    lifts a read-only state at once. 409 `already_subscribed` while a subscription is live; 422
    `billing_not_configured` on a deployment without a payment provider. Needs the `users.write`
    permission. Sandbox (test) keys get 403: it changes the live account.

    Args:
        idempotency_key (str | Unset):
        body (PlanCheckoutIn): Body of `POST /api/billing/checkout`. Example: {'plan_id': 'pro'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckoutOut | ErrorBody]
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
    body: PlanCheckoutIn,
    idempotency_key: str | Unset = UNSET,
) -> CheckoutOut | ErrorBody | None:
    """Subscribe the workspace to a plan: a hosted checkout page to pay at

     Send the customer to `checkout_url`; the payment provider sends them back to the dashboard's billing
    page. The subscription starts when the provider reports the payment (usually within seconds) and
    lifts a read-only state at once. 409 `already_subscribed` while a subscription is live; 422
    `billing_not_configured` on a deployment without a payment provider. Needs the `users.write`
    permission. Sandbox (test) keys get 403: it changes the live account.

    Args:
        idempotency_key (str | Unset):
        body (PlanCheckoutIn): Body of `POST /api/billing/checkout`. Example: {'plan_id': 'pro'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckoutOut | ErrorBody
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PlanCheckoutIn,
    idempotency_key: str | Unset = UNSET,
) -> Response[CheckoutOut | ErrorBody]:
    """Subscribe the workspace to a plan: a hosted checkout page to pay at

     Send the customer to `checkout_url`; the payment provider sends them back to the dashboard's billing
    page. The subscription starts when the provider reports the payment (usually within seconds) and
    lifts a read-only state at once. 409 `already_subscribed` while a subscription is live; 422
    `billing_not_configured` on a deployment without a payment provider. Needs the `users.write`
    permission. Sandbox (test) keys get 403: it changes the live account.

    Args:
        idempotency_key (str | Unset):
        body (PlanCheckoutIn): Body of `POST /api/billing/checkout`. Example: {'plan_id': 'pro'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckoutOut | ErrorBody]
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
    body: PlanCheckoutIn,
    idempotency_key: str | Unset = UNSET,
) -> CheckoutOut | ErrorBody | None:
    """Subscribe the workspace to a plan: a hosted checkout page to pay at

     Send the customer to `checkout_url`; the payment provider sends them back to the dashboard's billing
    page. The subscription starts when the provider reports the payment (usually within seconds) and
    lifts a read-only state at once. 409 `already_subscribed` while a subscription is live; 422
    `billing_not_configured` on a deployment without a payment provider. Needs the `users.write`
    permission. Sandbox (test) keys get 403: it changes the live account.

    Args:
        idempotency_key (str | Unset):
        body (PlanCheckoutIn): Body of `POST /api/billing/checkout`. Example: {'plan_id': 'pro'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckoutOut | ErrorBody
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
