"""Webhook verification against vectors computed independently of worktop.webhooks."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import shutil
import subprocess

import pytest

from worktop import WebhookVerificationError, sign_webhook, verify_webhook

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
