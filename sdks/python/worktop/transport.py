"""The HTTP transport under every generated operation: idempotency keys, retries, typed errors.

It wraps httpx's transport rather than each operation, so it works over whatever
openapi-python-client generates (the generated functions call ``client.get_httpx_client()``,
which is built with this transport).

- Every POST gets an ``Idempotency-Key`` (a uuid4) unless it already has one, or one is set for
  the block with :func:`idempotency_key`; the client's own retries resend the same key.
- 429 and 503 (and 409 ``idempotency_in_progress``) are retried, up to
  ``RetryPolicy.max_attempts`` attempts in all, after ``Retry-After`` seconds (or an exponential
  backoff when there is none), only for requests that are safe to repeat: GET, HEAD, OPTIONS, PUT,
  DELETE, or a POST with an ``Idempotency-Key``. A wait longer than ``RetryPolicy.max_wait`` is
  not waited for: the error is raised with its ``retry_after``.
- Any answer of 400 or more is raised as a typed :class:`worktop.ApiError`.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

import httpx

from .errors import error_from_response, parse_retry_after

__all__ = ["RetryPolicy", "WorktopTransport", "idempotency_key", "is_retry_safe"]

IDEMPOTENCY_HEADER = "Idempotency-Key"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE"})

_idempotency_key: ContextVar[str | None] = ContextVar("worktop_idempotency_key", default=None)


@contextmanager
def idempotency_key(key: str) -> Iterator[str]:
    """Sends ``key`` as the ``Idempotency-Key`` of the POSTs made inside the block (for a retry of
    your own after a crash: the same key and body get the first answer back, nothing runs twice).
    """
    if not key:
        raise ValueError("an Idempotency-Key cannot be empty")
    token = _idempotency_key.set(key)
    try:
        yield key
    finally:
        _idempotency_key.reset(token)


@dataclass(frozen=True)
class RetryPolicy:
    """When and how long the client waits and tries again.

    Attributes:
        max_attempts: attempts in all, the first included (1 turns retrying off).
        max_wait: the longest single wait, in seconds. A ``Retry-After`` beyond it is not waited
            for: the error is raised at once, carrying ``retry_after``.
        backoff: the first wait when the answer has no ``Retry-After``; doubled on each retry
            (capped by ``max_wait``).
        statuses: the statuses retried.
    """

    max_attempts: int = 3
    max_wait: float = 30.0
    backoff: float = 0.5
    statuses: frozenset[int] = frozenset({429, 503})

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        if self.max_wait < 0 or self.backoff < 0:
            raise ValueError("max_wait and backoff cannot be negative")


def is_retry_safe(request: httpx.Request) -> bool:
    """Whether repeating ``request`` cannot do its work twice."""
    method = request.method.upper()
    return method in SAFE_METHODS or (method == "POST" and IDEMPOTENCY_HEADER in request.headers)


class WorktopTransport(httpx.BaseTransport, httpx.AsyncBaseTransport):
    """An httpx transport (sync and async) adding idempotency keys, retries and typed errors
    around another transport (by default httpx's own)."""

    def __init__(
        self,
        *,
        retry: RetryPolicy | None = None,
        auto_idempotency_key: bool = True,
        raise_errors: bool = True,
        transport: httpx.BaseTransport | None = None,
        async_transport: httpx.AsyncBaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
        async_sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.retry = retry or RetryPolicy()
        self.auto_idempotency_key = auto_idempotency_key
        self.raise_errors = raise_errors
        self._transport = transport
        self._async_transport = async_transport
        # Transports given by the caller stay the caller's to close.
        self._owns_transport = transport is None
        self._owns_async_transport = async_transport is None
        self._sleep = sleep
        self._async_sleep = async_sleep

    # -- shared decisions ---------------------------------------------------------------------

    def _prepare(self, request: httpx.Request) -> None:
        if request.method.upper() == "POST" and IDEMPOTENCY_HEADER not in request.headers:
            key = _idempotency_key.get()
            if key is None and self.auto_idempotency_key:
                key = str(uuid.uuid4())
            if key is not None:
                request.headers[IDEMPOTENCY_HEADER] = key

    def _needs_body(self, response: httpx.Response) -> bool:
        """Whether the retry decision needs the body (a 409 says why in its code)."""
        return response.status_code == 409 and "retry-after" in response.headers

    def _delay(self, request: httpx.Request, response: httpx.Response, attempt: int) -> float | None:
        """Seconds to wait before attempt ``attempt + 1``, or None to stop here."""
        if attempt >= self.retry.max_attempts or not is_retry_safe(request):
            return None
        status = response.status_code
        if status == 409:
            if request.method.upper() != "POST" or not self._code_is(response, "idempotency_in_progress"):
                return None
        elif status not in self.retry.statuses:
            return None
        after = parse_retry_after(response.headers.get("retry-after"))
        if after is None:
            after = min(self.retry.backoff * (2 ** (attempt - 1)), self.retry.max_wait)
        if after > self.retry.max_wait:
            return None
        return after

    @staticmethod
    def _code_is(response: httpx.Response, code: str) -> bool:
        try:
            body = response.json()
        except ValueError:
            return False
        return isinstance(body, dict) and body.get("code") == code

    # -- sync -----------------------------------------------------------------------------------

    def _inner(self) -> httpx.BaseTransport:
        if self._transport is None:
            self._transport = httpx.HTTPTransport()
        return self._transport

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self._prepare(request)
        request.read()  # a body read once can be sent again
        attempt = 1
        while True:
            response = self._inner().handle_request(request)
            if self._needs_body(response):
                response.read()
            delay = self._delay(request, response, attempt)
            if delay is None:
                break
            response.close()
            self._sleep(delay)
            attempt += 1
        if self.raise_errors and response.status_code >= 400:
            try:
                response.read()
            finally:
                response.close()
            raise error_from_response(response, request)
        return response

    def close(self) -> None:
        if self._transport is not None and self._owns_transport:
            self._transport.close()
            self._transport = None

    # -- async ----------------------------------------------------------------------------------

    def _async_inner(self) -> httpx.AsyncBaseTransport:
        if self._async_transport is None:
            self._async_transport = httpx.AsyncHTTPTransport()
        return self._async_transport

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self._prepare(request)
        await request.aread()
        attempt = 1
        while True:
            response = await self._async_inner().handle_async_request(request)
            if self._needs_body(response):
                await response.aread()
            delay = self._delay(request, response, attempt)
            if delay is None:
                break
            await response.aclose()
            await self._async_sleep(delay)
            attempt += 1
        if self.raise_errors and response.status_code >= 400:
            try:
                await response.aread()
            finally:
                await response.aclose()
            raise error_from_response(response, request)
        return response

    async def aclose(self) -> None:
        if self._async_transport is not None and self._owns_async_transport:
            await self._async_transport.aclose()
            self._async_transport = None
