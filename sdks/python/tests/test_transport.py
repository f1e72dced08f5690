"""Idempotency keys, retries and typed errors, through the client connect() builds."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest

import worktop
from worktop import (
    ApiError,
    AuthenticationError,
    ConflictError,
    ModuleDisabledError,
    PermissionDeniedError,
    RateLimitError,
    RetryPolicy,
    ServerError,
    ServiceUnavailableError,
    ValidationError,
    VersionConflictError,
    WorktopTransport,
    idempotency_key,
)
from worktop.errors import parse_retry_after

UUID4 = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
BASE = "http://api.test"

Reply = tuple[int, dict[str, str], Any]


def error(status: int, code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"message": message, "code": code, "request_id": f"req-{status}-{code}", **extra}


class Script:
    """An httpx.MockTransport that answers from a list (the last answer repeats) and keeps the requests."""

    def __init__(self, *replies: Reply) -> None:
        self.replies = list(replies)
        self.seen: list[httpx.Request] = []
        self.transport = httpx.MockTransport(self.handle)

    def handle(self, request: httpx.Request) -> httpx.Response:
        self.seen.append(request)
        status, headers, body = self.replies[min(len(self.seen) - 1, len(self.replies) - 1)]
        content = body if isinstance(body, (bytes, str)) else json.dumps(body)
        return httpx.Response(status, headers={"Content-Type": "application/json", **headers}, content=content)


def client(script: Script, waits: list[float] | None = None, **kw: Any) -> httpx.Client:
    record: Callable[[float], None] = waits.append if waits is not None else lambda _s: None
    return httpx.Client(base_url=BASE, transport=WorktopTransport(transport=script.transport, sleep=record, **kw))


def test_every_post_gets_a_uuid4_key_unless_it_has_one() -> None:
    script = Script((201, {}, {"id": 1}))
    http = client(script)
    http.post("/a", json={"n": 1})
    http.post("/a", json={"n": 2})
    http.post("/a", json={"n": 3}, headers={"Idempotency-Key": "mine-123"})
    with idempotency_key("block-key"):
        http.post("/a", json={"n": 4})
    http.get("/a")
    keys = [r.headers.get("idempotency-key") for r in script.seen]
    assert UUID4.match(keys[0] or "") and UUID4.match(keys[1] or "")
    assert keys[0] != keys[1]
    assert keys[2:] == ["mine-123", "block-key", None]
    off = Script((201, {}, {}))
    client(off, auto_idempotency_key=False).post("/a", json={})
    assert "idempotency-key" not in off.seen[0].headers


def test_429_is_retried_after_retry_after_with_the_same_key_and_body() -> None:
    script = Script(
        (429, {"Retry-After": "2"}, error(429, "rate_limited", "Too many requests.")),
        (201, {}, {"id": 9}),
    )
    waits: list[float] = []
    response = client(script, waits).post("/api/v1/contacts", json={"name": "Ada"})
    assert response.status_code == 201 and response.json() == {"id": 9}
    assert waits == [2.0]
    assert len(script.seen) == 2
    assert UUID4.match(script.seen[0].headers["idempotency-key"])
    assert script.seen[1].headers["idempotency-key"] == script.seen[0].headers["idempotency-key"]
    assert script.seen[1].content == script.seen[0].content == b'{"name":"Ada"}'


def test_503_backs_off_and_gives_up_after_max_attempts() -> None:
    script = Script((503, {}, error(503, "unavailable", "Try again.")))
    waits: list[float] = []
    with pytest.raises(ServiceUnavailableError) as caught:
        client(script, waits).get("/x")
    assert isinstance(caught.value, ServerError) and isinstance(caught.value, ApiError)
    assert (caught.value.status, caught.value.code) == (503, "unavailable")
    assert len(script.seen) == 3
    assert waits == [0.5, 1.0]


def test_max_attempts_and_max_wait_bound_the_retries() -> None:
    once = Script((503, {}, error(503, "unavailable", "x")))
    with pytest.raises(ServiceUnavailableError):
        client(once, retry=RetryPolicy(max_attempts=1)).get("/x")
    assert len(once.seen) == 1

    slow = Script((429, {"Retry-After": "3600"}, error(429, "rate_limited", "Slow down.")))
    waits: list[float] = []
    with pytest.raises(RateLimitError) as caught:
        client(slow, waits, retry=RetryPolicy(max_attempts=5, max_wait=10)).get("/x")
    assert caught.value.retry_after == 3600
    assert len(slow.seen) == 1 and waits == []

    down = Script((503, {}, ""))
    with pytest.raises(ServiceUnavailableError):
        client(down, waits, retry=RetryPolicy(max_attempts=5, max_wait=10)).get("/x")
    assert len(down.seen) == 5
    assert waits == [0.5, 1.0, 2.0, 4.0]


@pytest.mark.parametrize("method", ["POST", "PATCH"])
def test_requests_not_safe_to_repeat_are_sent_once(method: str) -> None:
    script = Script((503, {}, error(503, "unavailable", "x")), (200, {}, {}))
    with pytest.raises(ServiceUnavailableError):
        client(script, auto_idempotency_key=False).request(method, "/x", json={})
    assert len(script.seen) == 1


@pytest.mark.parametrize("method", ["GET", "HEAD", "PUT", "DELETE"])
def test_safe_requests_are_retried(method: str) -> None:
    script = Script((429, {"Retry-After": "0"}, error(429, "rate_limited", "x")), (200, {}, {}))
    assert client(script).request(method, "/x").status_code == 200
    assert len(script.seen) == 2


def test_409_idempotency_in_progress_is_retried_but_not_other_409s() -> None:
    script = Script(
        (409, {"Retry-After": "1"}, error(409, "idempotency_in_progress", "Still running.")),
        (201, {}, {"id": 3}),
    )
    waits: list[float] = []
    assert client(script, waits).post("/x", json={}).status_code == 201
    assert waits == [1.0] and len(script.seen) == 2
    stale = Script((409, {}, error(409, "version_conflict", "Changed.")))
    with pytest.raises(VersionConflictError) as caught:
        client(stale).post("/x", json={})
    assert isinstance(caught.value, ConflictError)
    assert len(stale.seen) == 1


def test_error_answers_become_typed_errors() -> None:
    invalid = Script(
        (
            422,
            {},
            error(
                422,
                "validation_failed",
                "The given data was invalid.",
                errors={"email": ["The email field must be a valid email address."]},
            ),
        )
    )
    with pytest.raises(ValidationError) as caught:
        client(invalid).post("/x", json={})
    e = caught.value
    assert (e.status, e.code, e.message) == (422, "validation_failed", "The given data was invalid.")
    assert e.field_errors == {"email": ["The email field must be a valid email address."]}
    assert e.request_id == "req-422-validation_failed"
    assert (e.method, e.url) == ("POST", f"{BASE}/x")

    for status, code, cls in [
        (401, "unauthenticated", AuthenticationError),
        (403, "forbidden", PermissionDeniedError),
        (403, "module_disabled", ModuleDisabledError),
    ]:
        with pytest.raises(cls) as raised:
            client(Script((status, {}, error(status, code, "No.")))).get("/x")
        assert raised.value.code == code

    with pytest.raises(ServerError) as proxy:
        client(Script((502, {"Content-Type": "text/html", "X-Request-Id": "edge-1"}, "<h1>Bad gateway</h1>"))).get("/x")
    assert (proxy.value.code, proxy.value.request_id) == ("http_502", "edge-1")


def test_retry_after_as_seconds_or_a_date() -> None:
    assert parse_retry_after("7") == 7.0
    assert parse_retry_after(None) is None
    assert parse_retry_after("soon") is None
    assert parse_retry_after("Thu, 01 Jan 1970 00:00:30 GMT") == 0.0  # a date in the past: now


def test_connect_sends_the_bearer_token_and_raises_typed_errors() -> None:
    script = Script((503, {"Retry-After": "0"}, ""), (200, {}, {"data": [], "meta": {"next_cursor": None}}))
    api = worktop.connect(BASE + "/", "wt_test_abc", transport=script.transport)
    assert api.get_httpx_client().get("/api/v1/contacts").status_code == 200
    assert [r.headers["authorization"] for r in script.seen] == ["Bearer wt_test_abc"] * 2
    assert str(script.seen[0].url) == f"{BASE}/api/v1/contacts"
    denied = Script((401, {}, error(401, "unauthenticated", "Unauthenticated.")))
    with pytest.raises(AuthenticationError):
        worktop.connect(BASE, "wt_test_bad", transport=denied.transport).get_httpx_client().get("/api/user")


def test_login_posts_the_credentials_and_uses_the_session_token() -> None:
    script = Script((200, {}, {"token": "sess-1", "token_type": "Bearer", "expires_in": 3600}), (200, {}, {"ok": True}))
    api = worktop.login(BASE, "a@example.com", "pw", transport=script.transport)
    api.get_httpx_client().get("/api/user")
    assert script.seen[0].url.path == "/api/login"
    assert json.loads(script.seen[0].content) == {"email": "a@example.com", "password": "pw"}
    assert script.seen[1].headers["authorization"] == "Bearer sess-1"
    refused = Script((401, {}, error(401, "unauthenticated", "These credentials do not match our records.")))
    with pytest.raises(AuthenticationError):
        worktop.login(BASE, "a@example.com", "bad", transport=refused.transport)


def test_the_async_client_retries_and_raises_the_same_way() -> None:
    script = Script(
        (429, {"Retry-After": "1"}, error(429, "rate_limited", "x")),
        (201, {}, {"id": 1}),
        (422, {}, error(422, "validation_failed", "Invalid.", errors={"name": ["Required."]})),
    )
    waits: list[float] = []

    async def record(seconds: float) -> None:
        waits.append(seconds)

    async def run() -> None:
        transport = WorktopTransport(async_transport=script.transport, async_sleep=record)
        async with httpx.AsyncClient(base_url=BASE, transport=transport) as http:
            assert (await http.post("/x", json={})).status_code == 201
            with pytest.raises(ValidationError) as caught:
                await http.post("/x", json={})
            assert caught.value.field_errors == {"name": ["Required."]}

    asyncio.run(run())
    assert waits == [1.0]
    assert script.seen[0].headers["idempotency-key"] == script.seen[1].headers["idempotency-key"]
    assert script.seen[2].headers["idempotency-key"] != script.seen[1].headers["idempotency-key"]
