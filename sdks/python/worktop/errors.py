"""Typed errors for the API's error answers.

Every error the API sends is JSON ``{"message", "code", "errors"?, "request_id"}`` (``errors``:
field name to messages, on 422 ``validation_failed``). The client raises one of the classes below
for any answer of 400 or more: catch :class:`ApiError` for all of them, a subclass for one status,
or look at ``code`` for the API's reason (``version_conflict``, ``module_disabled``, ...).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Mapping
from email.utils import parsedate_to_datetime
from typing import Any

import httpx

__all__ = [
    "ApiError",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "ModuleDisabledError",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "ServerError",
    "ServiceUnavailableError",
    "UnexpectedResponseError",
    "ValidationError",
    "VersionConflictError",
    "error_from_response",
    "parse_retry_after",
]


class ApiError(Exception):
    """An answer of 400 or more from the API.

    Attributes:
        status: the HTTP status.
        code: the API's machine-readable reason (``not_found``, ``validation_failed``...), or
            ``http_<status>`` when the body was not the API's JSON error (a proxy's page).
        message: the API's human-readable message.
        field_errors: on 422 ``validation_failed``, each field's messages; otherwise empty.
        request_id: the ``request_id`` of the body (or the ``X-Request-Id`` header), to quote
            when asking for support.
        retry_after: seconds from ``Retry-After``, when the answer had one (429, 503, some 409).
        method, url: the request that got this answer.
        headers: the answer's headers.
        body: the decoded JSON body (or the text when it was not JSON).
    """

    def __init__(
        self,
        *,
        status: int,
        code: str,
        message: str,
        field_errors: Mapping[str, list[str]] | None = None,
        request_id: str | None = None,
        retry_after: float | None = None,
        method: str = "",
        url: str = "",
        headers: httpx.Headers | None = None,
        body: Any = None,
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.field_errors: dict[str, list[str]] = dict(field_errors or {})
        self.request_id = request_id
        self.retry_after = retry_after
        self.method = method
        self.url = url
        self.headers = headers if headers is not None else httpx.Headers()
        self.body = body

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(status={self.status}, code={self.code!r}, "
            f"message={self.message!r}, request_id={self.request_id!r})"
        )


class BadRequestError(ApiError):
    """400: the body is not JSON (``malformed_json``) or the request is malformed."""


class AuthenticationError(ApiError):
    """401 ``unauthenticated``: no token, or one that is wrong, expired or revoked."""


class PermissionDeniedError(ApiError):
    """403: ``forbidden`` (the role or the key's scopes lack the permission), ``module_disabled``
    or ``tenant_suspended``."""


class ModuleDisabledError(PermissionDeniedError):
    """403 ``module_disabled``: the workspace's plan lacks the module, or it was switched off."""


class NotFoundError(ApiError):
    """404 ``not_found`` / ``route_not_found``."""


class ConflictError(ApiError):
    """409: ``version_conflict``, ``invalid_transition``, ``in_use``, ``limit_reached``,
    ``idempotency_*``..."""


class VersionConflictError(ConflictError):
    """409 ``version_conflict``: the record changed since the ``version`` sent was read."""


class ValidationError(ApiError):
    """422 (``validation_failed`` and others): ``field_errors`` says what is wrong with each field."""


class RateLimitError(ApiError):
    """429 ``rate_limited``: ``retry_after`` says how many seconds to wait."""


class ServerError(ApiError):
    """500 or more."""


class ServiceUnavailableError(ServerError):
    """503 ``unavailable``."""


class UnexpectedResponseError(Exception):
    """A 2xx answer the caller did not expect (see :func:`worktop.expect`)."""


_BY_STATUS: dict[int, type[ApiError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: ValidationError,
    429: RateLimitError,
    503: ServiceUnavailableError,
}
_BY_CODE: dict[str, type[ApiError]] = {
    "module_disabled": ModuleDisabledError,
    "version_conflict": VersionConflictError,
}


def parse_retry_after(value: str | None) -> float | None:
    """Seconds from a ``Retry-After`` header: delta-seconds, or an HTTP date (RFC 9110)."""
    if value is None:
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        seconds = when.timestamp() - time.time()
    if math.isnan(seconds):
        return None
    return max(0.0, seconds)


def error_from_response(response: httpx.Response, request: httpx.Request | None = None) -> ApiError:
    """The typed error for an answer of 400 or more (its body must have been read)."""
    status = response.status_code
    body: Any
    try:
        body = response.json()
    except (json.JSONDecodeError, UnicodeDecodeError, ValueError):
        body = response.text
    code = f"http_{status}"
    message = response.reason_phrase or "HTTP error"
    field_errors: dict[str, list[str]] = {}
    request_id = response.headers.get("x-request-id")
    if isinstance(body, dict):
        if isinstance(body.get("code"), str):
            code = body["code"]
        if isinstance(body.get("message"), str):
            message = body["message"]
        if isinstance(body.get("request_id"), str):
            request_id = body["request_id"]
        errors = body.get("errors")
        if isinstance(errors, dict):
            for field, messages in errors.items():
                if isinstance(messages, list):
                    field_errors[str(field)] = [str(m) for m in messages]
                else:
                    field_errors[str(field)] = [str(messages)]
    elif isinstance(body, str) and body.strip():
        message = body.strip()[:500]
    cls = _BY_CODE.get(code) or _BY_STATUS.get(status) or (ServerError if status >= 500 else ApiError)
    req = request
    if req is None:
        try:
            req = response.request
        except RuntimeError:
            req = None
    return cls(
        status=status,
        code=code,
        message=message,
        field_errors=field_errors,
        request_id=request_id,
        retry_after=parse_retry_after(response.headers.get("retry-after")),
        method=req.method if req is not None else "",
        url=str(req.url) if req is not None else "",
        headers=response.headers,
        body=body,
    )
