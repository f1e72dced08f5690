"""Building an authenticated client for the generated operations."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

import httpx

from .errors import UnexpectedResponseError
from .generated import AuthenticatedClient
from .transport import RetryPolicy, WorktopTransport

__all__ = ["USER_AGENT", "connect", "expect", "login"]

USER_AGENT = "worktop-python/0.1.0"

T = TypeVar("T")


def connect(
    base_url: str,
    token: str,
    *,
    retry: RetryPolicy | None = None,
    auto_idempotency_key: bool = True,
    timeout: float = 30.0,
    headers: Mapping[str, str] | None = None,
    transport: httpx.BaseTransport | None = None,
    async_transport: httpx.AsyncBaseTransport | None = None,
) -> AuthenticatedClient:
    """A client for the generated operations (``worktop.generated.api...``), sync and async.

    Args:
        base_url: the API's origin, e.g. ``https://api.example.com`` (no ``/api`` suffix: the
            operations' paths start with it).
        token: an API key (``wt_live_...``, ``wt_test_...`` for the sandbox), a session token from
            ``POST /api/login`` (see :func:`login`) or an OAuth access token (``wto_...``). Sent
            as ``Authorization: Bearer <token>``.
        retry: when to try again (:class:`RetryPolicy`; default 3 attempts, waits of at most 30 s).
        auto_idempotency_key: give every POST an ``Idempotency-Key`` (uuid4) unless it has one.
        timeout: seconds for each attempt.
        headers: more headers for every request.
        transport, async_transport: the httpx transports to send with (tests, proxies, TLS
            settings); httpx's own by default.

    Every answer of 400 or more raises a :class:`worktop.ApiError` subclass.
    """
    if not token:
        raise ValueError("a token is required (an API key, or a session token from login())")
    return AuthenticatedClient(
        base_url=base_url.rstrip("/"),
        token=token,
        headers={"User-Agent": USER_AGENT, "Accept": "application/json", **dict(headers or {})},
        timeout=httpx.Timeout(timeout),
        raise_on_unexpected_status=True,
        httpx_args={
            "transport": WorktopTransport(
                retry=retry,
                auto_idempotency_key=auto_idempotency_key,
                transport=transport,
                async_transport=async_transport,
            )
        },
    )


def login(
    base_url: str,
    email: str,
    password: str,
    *,
    workspace_id: int | None = None,
    retry: RetryPolicy | None = None,
    auto_idempotency_key: bool = True,
    timeout: float = 30.0,
    headers: Mapping[str, str] | None = None,
    transport: httpx.BaseTransport | None = None,
    async_transport: httpx.AsyncBaseTransport | None = None,
) -> AuthenticatedClient:
    """Logs in with ``POST /api/login`` and returns :func:`connect`'s client for the session token.

    ``workspace_id`` picks the workspace when the address is a login in several with this
    password (otherwise a :class:`worktop.ConflictError` with code ``workspace_required``).
    """
    body: dict[str, Any] = {"email": email, "password": password}
    if workspace_id is not None:
        body["workspace_id"] = workspace_id
    with httpx.Client(
        base_url=base_url.rstrip("/"),
        headers={"User-Agent": USER_AGENT, "Accept": "application/json", **dict(headers or {})},
        timeout=httpx.Timeout(timeout),
        transport=WorktopTransport(retry=retry, auto_idempotency_key=auto_idempotency_key, transport=transport),
    ) as http:
        answer = http.post("/api/login", json=body)
        try:
            decoded: Any = answer.json()
        except ValueError:
            decoded = None
    token = decoded.get("token") if isinstance(decoded, dict) else None
    if not isinstance(token, str) or not token:
        raise UnexpectedResponseError(f"POST /api/login answered {answer.status_code} without a token")
    return connect(
        base_url,
        token,
        retry=retry,
        auto_idempotency_key=auto_idempotency_key,
        timeout=timeout,
        headers=headers,
        transport=transport,
        async_transport=async_transport,
    )


def expect(value: object, kind: type[T]) -> T:
    """``value`` narrowed to ``kind``, or :class:`UnexpectedResponseError`.

    The generated ``sync()``/``asyncio()`` functions return a union of every answer the document
    declares (the record, ``ErrorBody``, ``None``). Errors are raised before that with this
    client, so the value is the success type; ``expect`` says so to the type checker::

        contact = expect(create_contact_v1.sync(client=api, body=ContactIn(name="Ada")), Contact)
    """
    if isinstance(value, kind):
        return value
    raise UnexpectedResponseError(f"expected {kind.__name__}, got {type(value).__name__}: {value!r}"[:500])
