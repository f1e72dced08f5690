"""Worktop's Python SDK.

``worktop.generated`` is generated from the OpenAPI document (``sdks/generate.sh``; never edit
it): one module per operation under ``worktop.generated.api.<tag>``, the models under
``worktop.generated.models``. This package adds what a generator does not: a client with the
token, retries and idempotency keys (:func:`connect`, :func:`login`), typed errors
(:class:`ApiError`), paging (:func:`paginate`) and webhook verification (:func:`verify_webhook`,
:func:`verify_webhook_event` for typed events).
"""

from .client import USER_AGENT, connect, expect, login
from .errors import (
    ApiError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    ModuleDisabledError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    ServiceUnavailableError,
    UnexpectedResponseError,
    ValidationError,
    VersionConflictError,
)
from .paging import Page, apages, apaginate, next_cursor, pages, paginate
from .transport import RetryPolicy, WorktopTransport, idempotency_key, is_retry_safe
from .webhooks import WebhookEvent, WebhookVerificationError, sign_webhook, verify_webhook, verify_webhook_event

__version__ = "0.1.0"

__all__ = [
    "USER_AGENT",
    "ApiError",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "ModuleDisabledError",
    "NotFoundError",
    "Page",
    "PermissionDeniedError",
    "RateLimitError",
    "RetryPolicy",
    "ServerError",
    "ServiceUnavailableError",
    "UnexpectedResponseError",
    "ValidationError",
    "VersionConflictError",
    "WebhookEvent",
    "WebhookVerificationError",
    "WorktopTransport",
    "apages",
    "apaginate",
    "connect",
    "expect",
    "idempotency_key",
    "is_retry_safe",
    "login",
    "next_cursor",
    "pages",
    "paginate",
    "sign_webhook",
    "verify_webhook",
    "verify_webhook_event",
]
