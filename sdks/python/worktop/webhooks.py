"""Verifying webhook deliveries (Standard Webhooks).

Worktop signs each delivery with the endpoint's secret (``whsec_<base64>``, shown once when the
endpoint is created):

- ``webhook-id``: the event's id; ``webhook-timestamp``: Unix seconds of this attempt;
- ``webhook-signature``: ``v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">``, keyed by the
  base64-decoded part of the secret; during a secret rotation, one signature per live secret,
  separated by spaces.

:func:`verify_webhook` checks all of it against the raw body (the bytes as received: parse the JSON
only after) and returns the decoded event ``{"id", "type", "timestamp", "data"}``;
:func:`verify_webhook_event` returns it as a :class:`WebhookEvent` whose ``data`` is the event
type's model (``worktop.generated.events.EVENT_MODELS``).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .generated.events import EventData

__all__ = [
    "DEFAULT_TOLERANCE",
    "WebhookEvent",
    "WebhookVerificationError",
    "sign_webhook",
    "verify_webhook",
    "verify_webhook_event",
]

SECRET_PREFIX = "whsec_"
#: Seconds a delivery's timestamp may be from now, either way (replay protection).
DEFAULT_TOLERANCE = 5 * 60


class WebhookVerificationError(Exception):
    """The delivery is not authentic (or too old, or too new): answer it with 400 and drop it."""


def _key(secret: str) -> bytes:
    raw = secret.removeprefix(SECRET_PREFIX)
    try:
        key = base64.b64decode(raw, validate=True)
    except (binascii.Error, ValueError) as e:
        raise ValueError("the webhook secret is not whsec_ followed by base64") from e
    if not key:
        raise ValueError("the webhook secret is empty")
    return key


def _bytes(payload: bytes | bytearray | str) -> bytes:
    return payload.encode("utf-8") if isinstance(payload, str) else bytes(payload)


def sign_webhook(secret: str, message_id: str, timestamp: int, payload: bytes | bytearray | str) -> str:
    """The ``webhook-signature`` value Worktop sends for this delivery: ``v1,<base64>``."""
    signed = f"{message_id}.{timestamp}.".encode() + _bytes(payload)
    digest = hmac.new(_key(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode("ascii")


def verify_webhook(
    secret: str,
    payload: bytes | bytearray | str,
    headers: Mapping[str, str],
    *,
    tolerance: int = DEFAULT_TOLERANCE,
    now: float | None = None,
) -> Any:
    """Checks a delivery and returns its decoded JSON body, or raises WebhookVerificationError.

    Args:
        secret: the endpoint's ``whsec_...`` secret.
        payload: the raw request body, exactly as received.
        headers: the request's headers (any case).
        tolerance: seconds the ``webhook-timestamp`` may be from ``now``, either way (5 minutes).
        now: Unix seconds to compare against (default: the clock).
    """
    lowered = {k.lower(): v for k, v in headers.items()}
    message_id = lowered.get("webhook-id")
    timestamp = lowered.get("webhook-timestamp")
    signatures = lowered.get("webhook-signature")
    if not message_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature header")
    try:
        sent = int(timestamp.strip())
    except ValueError:
        raise WebhookVerificationError("webhook-timestamp is not a number of seconds") from None
    current = time.time() if now is None else now
    if sent < current - tolerance:
        raise WebhookVerificationError("webhook-timestamp is too old")
    if sent > current + tolerance:
        raise WebhookVerificationError("webhook-timestamp is too new")

    body = _bytes(payload)
    expected = sign_webhook(secret, message_id, sent, body).split(",", 1)[1].encode("ascii")
    matched = False
    for candidate in signatures.split():
        version, _, signature = candidate.partition(",")
        if version != "v1":
            continue
        # Constant time; every candidate is compared, so the time says nothing of which matched.
        if hmac.compare_digest(expected, signature.encode("utf-8")):
            matched = True
    if not matched:
        raise WebhookVerificationError("no signature matches")
    try:
        return json.loads(body)
    except ValueError as e:
        raise WebhookVerificationError("the body is not JSON") from e


@dataclass(frozen=True)
class WebhookEvent:
    """A verified delivery. ``data`` is the model of its ``type`` (check it with ``isinstance`` or
    ``match``), or the plain dict for a type this SDK does not know: a server newer than the SDK
    may send new types."""

    id: str
    type: str
    timestamp: datetime
    data: EventData | dict[str, Any]


def verify_webhook_event(
    secret: str,
    payload: bytes | bytearray | str,
    headers: Mapping[str, str],
    *,
    tolerance: int = DEFAULT_TOLERANCE,
    now: float | None = None,
) -> WebhookEvent:
    """Like :func:`verify_webhook`, and returns the event with its ``data`` as its type's model.

    Raises WebhookVerificationError too when the body is not an event, or a known type's ``data``
    does not fit its model.
    """
    body = verify_webhook(secret, payload, headers, tolerance=tolerance, now=now)
    # Imported here: the models take a second or more to import, which a plain `import worktop`
    # should not pay.
    from .generated.events import EVENT_MODELS

    try:
        data = body["data"]
        if not isinstance(data, dict):
            raise TypeError("data is not an object")
        model = EVENT_MODELS.get(body["type"])
        return WebhookEvent(
            id=body["id"],
            type=body["type"],
            timestamp=datetime.fromisoformat(body["timestamp"]),
            data=data if model is None else model.from_dict(data),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise WebhookVerificationError(f"the body is not a Worktop event ({e!r})") from e
