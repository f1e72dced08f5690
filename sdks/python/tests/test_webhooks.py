"""Webhook verification against vectors computed independently of worktop.webhooks."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import shutil
import subprocess
from datetime import UTC, date, datetime
from typing import Any

import pytest

from worktop import WebhookVerificationError, sign_webhook, verify_webhook, verify_webhook_event
from worktop.generated.events import EVENT_MODELS
from worktop.generated.models import DealStageChanged, DealStatus

# The vector the server's own test signs (shared/src/webhooks/mod.rs), from Standard Webhooks.
SECRET = "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD"
MSG_ID = "msg_27UH4WbU6Z5A5EzD8u03UvzRbpk"
TS = 1649367553
BODY = '{"email":"test@example.com","username":"test_user"}'
SIGNATURE = "v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw="


def headers(signature: str, msg_id: str = MSG_ID, ts: int = TS) -> dict[str, str]:
    return {"webhook-id": msg_id, "webhook-timestamp": str(ts), "webhook-signature": signature}


def test_signs_the_standard_webhooks_vectors() -> None:
    assert sign_webhook(SECRET, MSG_ID, TS, BODY) == SIGNATURE
    # The specification's own example.
    assert (
        sign_webhook(
            "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}'
        )
        == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    )


def test_verifies_and_returns_the_decoded_body() -> None:
    assert verify_webhook(SECRET, BODY, headers(SIGNATURE), now=TS + 10) == json.loads(BODY)
    verify_webhook(SECRET, BODY.encode(), headers(SIGNATURE), now=TS)
    mixed_case = {"Webhook-Id": MSG_ID, "WEBHOOK-TIMESTAMP": str(TS), "Webhook-Signature": SIGNATURE}
    verify_webhook(SECRET, BODY, mixed_case, now=TS)


def _independent(secret: str, msg_id: str, ts: int, body: str) -> str:
    key = base64.b64decode(secret.removeprefix("whsec_"))
    mac = hmac.new(key, msg_id.encode() + b"." + str(ts).encode() + b"." + body.encode("utf-8"), hashlib.sha256)
    return "v1," + base64.b64encode(mac.digest()).decode()


def test_matches_signatures_computed_independently() -> None:
    secret = "whsec_" + base64.b64encode(b"a secret of twenty-four!").decode()
    msg_id = "evt_01JA2B3C4D"
    ts = 1700000000
    body = json.dumps(
        {"type": "crm_contact.created", "timestamp": "2023-11-14T22:13:20Z", "data": {"id": 7, "name": "Zoë"}}
    )
    expected = _independent(secret, msg_id, ts, body)
    assert sign_webhook(secret, msg_id, ts, body) == expected
    assert verify_webhook(secret, body, headers(expected, msg_id, ts), now=ts)["data"]["name"] == "Zoë"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_matches_node_crypto() -> None:
    program = (
        "const c=require('crypto');const [s,i,t,b]=process.argv.slice(1);"
        "const h=c.createHmac('sha256',Buffer.from(s.slice(6),'base64'));h.update(`${i}.${t}.${b}`);"
        "process.stdout.write('v1,'+h.digest('base64'))"
    )
    body = '{"type":"ping","data":{"ok":true}}'
    out = subprocess.run(
        ["node", "-e", program, SECRET, "msg_node", "1700000001", body], capture_output=True, text=True, check=True
    )
    assert sign_webhook(SECRET, "msg_node", 1700000001, body) == out.stdout


def test_accepts_any_one_of_several_signatures() -> None:
    other = sign_webhook("whsec_" + base64.b64encode(b"another secret here!").decode(), MSG_ID, TS, BODY)
    verify_webhook(SECRET, BODY, headers(f"{other} v2,{SIGNATURE[3:]} {SIGNATURE}"), now=TS)
    with pytest.raises(WebhookVerificationError):
        verify_webhook(SECRET, BODY, headers(f"{other} v2,{SIGNATURE[3:]}"), now=TS)


def test_refuses_a_changed_body_id_or_timestamp() -> None:
    for body, hdrs in [
        (BODY.replace("test_user", "admin"), headers(SIGNATURE)),
        (BODY, headers(SIGNATURE, msg_id="msg_other")),
        (BODY, headers(SIGNATURE, ts=TS + 1)),
        (BODY, headers("v1,AAAA")),
    ]:
        with pytest.raises(WebhookVerificationError, match="no signature matches"):
            verify_webhook(SECRET, body, hdrs, now=TS)


def test_refuses_timestamps_more_than_five_minutes_off() -> None:
    verify_webhook(SECRET, BODY, headers(SIGNATURE), now=TS + 300)
    verify_webhook(SECRET, BODY, headers(SIGNATURE), now=TS - 300)
    with pytest.raises(WebhookVerificationError, match="too old"):
        verify_webhook(SECRET, BODY, headers(SIGNATURE), now=TS + 301)
    with pytest.raises(WebhookVerificationError, match="too new"):
        verify_webhook(SECRET, BODY, headers(SIGNATURE), now=TS - 301)
    with pytest.raises(WebhookVerificationError, match="too old"):
        verify_webhook(SECRET, BODY, headers(SIGNATURE))  # the real clock: 2022 is long gone
    with pytest.raises(WebhookVerificationError, match="not a number"):
        verify_webhook(SECRET, BODY, {**headers(SIGNATURE), "webhook-timestamp": "16e8"}, now=TS)


def test_refuses_missing_headers_and_a_bad_secret() -> None:
    with pytest.raises(WebhookVerificationError, match="missing"):
        verify_webhook(SECRET, BODY, {"webhook-id": MSG_ID, "webhook-timestamp": str(TS)}, now=TS)
    with pytest.raises(ValueError):
        verify_webhook("whsec_not base64!", BODY, headers(SIGNATURE), now=TS)


# A deal.stage_changed delivery as the server sends it (schemas DealStageChanged and Deal).
EVENT_ID = "msg_2tQZfN4aV1xK8mB3cR7dE9gH0jL"
EVENT_TS = 1741944413  # 2025-03-14T09:26:53Z
DEAL_MOVED: dict[str, Any] = {
    "id": EVENT_ID,
    "type": "deal.stage_changed",
    "timestamp": "2025-03-14T09:26:53Z",
    "data": {
        "deal": {
            "id": 42,
            "created_at": "2025-03-02T10:15:00Z",
            "updated_at": "2025-03-14T09:26:53Z",
            "version": 5,
            "name": "Acme Corp: 40 seats",
            "amount": 18400.0,
            "pipeline_id": 1,
            "stage_id": 4,
            "order": 1,
            "status": "open",
            "phone": "+44 20 7946 0000",
            "notes": None,
            "close_date": "2025-04-30",
            "is_active": True,
            "users": [3],
            "clients": [17],
            "sources": [2],
            "products": [8, 9],
            "labels": [],
            "lead_id": 12,
            "custom_fields": {"seats": 40},
        },
        "from_stage_id": 3,
        "to_stage_id": 4,
    },
}


def delivery(event: dict[str, Any]) -> tuple[str, dict[str, str]]:
    body = json.dumps(event)
    return body, headers(_independent(SECRET, EVENT_ID, EVENT_TS, body), EVENT_ID, EVENT_TS)


def test_a_verified_delivery_is_typed_by_its_type() -> None:
    body, signed = delivery(DEAL_MOVED)
    event = verify_webhook_event(SECRET, body, signed, now=EVENT_TS)
    assert (event.id, event.type) == (EVENT_ID, "deal.stage_changed")
    assert event.timestamp == datetime(2025, 3, 14, 9, 26, 53, tzinfo=UTC)
    assert isinstance(event.data, DealStageChanged)
    assert (event.data.from_stage_id, event.data.to_stage_id) == (3, 4)
    assert event.data.deal.name == "Acme Corp: 40 seats"
    assert event.data.deal.status is DealStatus.OPEN
    assert event.data.deal.close_date == date(2025, 4, 30)
    assert event.data.to_dict() == DEAL_MOVED["data"]


def test_every_event_type_has_a_model() -> None:
    assert EVENT_MODELS["deal.stage_changed"] is DealStageChanged
    assert len(EVENT_MODELS) >= 55


def test_a_type_newer_than_the_sdk_still_verifies_as_a_dict() -> None:
    newer = {**DEAL_MOVED, "type": "deal.split", "data": {"deal_id": 42, "parts": [42, 43]}}
    body, signed = delivery(newer)
    event = verify_webhook_event(SECRET, body, signed, now=EVENT_TS)
    assert (event.type, event.data) == ("deal.split", {"deal_id": 42, "parts": [42, 43]})


def test_a_typed_delivery_with_a_bad_signature_is_refused() -> None:
    body, signed = delivery(DEAL_MOVED)
    with pytest.raises(WebhookVerificationError, match="no signature matches"):
        verify_webhook_event(SECRET, body.replace('"to_stage_id": 4', '"to_stage_id": 5'), signed, now=EVENT_TS)
    forged = sign_webhook("whsec_" + base64.b64encode(b"not the endpoint's secret").decode(), EVENT_ID, EVENT_TS, body)
    with pytest.raises(WebhookVerificationError, match="no signature matches"):
        verify_webhook_event(SECRET, body, headers(forged, EVENT_ID, EVENT_TS), now=EVENT_TS)


def test_an_authentic_body_that_does_not_fit_its_model_is_refused() -> None:
    body, signed = delivery({**DEAL_MOVED, "data": {"deal": DEAL_MOVED["data"]["deal"]}})
    with pytest.raises(WebhookVerificationError, match="not a Worktop event"):
        verify_webhook_event(SECRET, body, signed, now=EVENT_TS)
