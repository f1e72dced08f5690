import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { EVENT_TYPES, WebhookVerificationError, signWebhook, verifyWebhook, type WebhookEvent } from "@worktop/sdk";

// The vector the server's own test signs (shared/src/webhooks/mod.rs), from Standard Webhooks.
const SECRET = "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD";
const ID = "msg_27UH4WbU6Z5A5EzD8u03UvzRbpk";
const TS = 1649367553;
const BODY = '{"email":"test@example.com","username":"test_user"}';
const SIGNATURE = "v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw=";

function headers(signature: string, id = ID, ts = TS): Record<string, string> {
  return { "webhook-id": id, "webhook-timestamp": String(ts), "webhook-signature": signature };
}

test("signs the Standard Webhooks vector the server signs", () => {
  assert.equal(signWebhook(SECRET, ID, TS, BODY), SIGNATURE);
  // The specification's own example.
  assert.equal(
    signWebhook("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}'),
    "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
  );
});

test("verifies the vector and returns the decoded body", () => {
  const event = verifyWebhook<{ email: string }>(SECRET, BODY, headers(SIGNATURE), { now: TS + 10 });
  assert.equal(event.email, "test@example.com");
  // Bytes, a Headers object and headers of another case work too.
  verifyWebhook(SECRET, new TextEncoder().encode(BODY), new Headers(headers(SIGNATURE)), { now: TS });
  verifyWebhook(SECRET, BODY, { "Webhook-Id": ID, "WEBHOOK-TIMESTAMP": String(TS), "Webhook-Signature": SIGNATURE }, { now: TS });
});

test("matches a signature computed independently (Python's hmac)", () => {
  const secret = "whsec_" + Buffer.from("a secret of twenty-four!").toString("base64");
  const id = "evt_01JA2B3C4D";
  const ts = 1700000000;
  const body = JSON.stringify({ type: "crm_contact.created", timestamp: "2023-11-14T22:13:20Z", data: { id: 7, name: "Zoë" } });
  const program = [
    "import base64, hashlib, hmac, sys",
    "secret, msg_id, ts, body = sys.argv[1:5]",
    "key = base64.b64decode(secret.removeprefix('whsec_'))",
    "mac = hmac.new(key, f'{msg_id}.{ts}.{body}'.encode('utf-8'), hashlib.sha256).digest()",
    "print('v1,' + base64.b64encode(mac).decode(), end='')",
  ].join("\n");
  const python = process.env.PYTHON ?? "python3";
  const expected = execFileSync(python, ["-c", program, secret, id, String(ts), body], { encoding: "utf8" });
  assert.equal(signWebhook(secret, id, ts, body), expected);
  assert.deepEqual(verifyWebhook(secret, body, headers(expected, id, ts), { now: ts }), JSON.parse(body));
});

test("accepts any one of several signatures (a secret rotation) and skips other versions", () => {
  const other = signWebhook("whsec_" + Buffer.from("another secret here!").toString("base64"), ID, TS, BODY);
  verifyWebhook(SECRET, BODY, headers(`${other} v2,${SIGNATURE.slice(3)} ${SIGNATURE}`), { now: TS });
  assert.throws(() => verifyWebhook(SECRET, BODY, headers(`${other} v2,${SIGNATURE.slice(3)}`), { now: TS }), WebhookVerificationError);
});

test("refuses a changed body, id or timestamp", () => {
  assert.throws(() => verifyWebhook(SECRET, BODY.replace("test_user", "admin"), headers(SIGNATURE), { now: TS }), /no signature matches/);
  assert.throws(() => verifyWebhook(SECRET, BODY, headers(SIGNATURE, "msg_other"), { now: TS }), /no signature matches/);
  assert.throws(() => verifyWebhook(SECRET, BODY, headers(SIGNATURE, ID, TS + 1), { now: TS }), /no signature matches/);
  assert.throws(() => verifyWebhook(SECRET, BODY, headers("v1,AAAA"), { now: TS }), /no signature matches/);
});

test("refuses timestamps more than 5 minutes off, either way", () => {
  verifyWebhook(SECRET, BODY, headers(SIGNATURE), { now: TS + 300 });
  verifyWebhook(SECRET, BODY, headers(SIGNATURE), { now: TS - 300 });
  assert.throws(() => verifyWebhook(SECRET, BODY, headers(SIGNATURE), { now: TS + 301 }), /too old/);
  assert.throws(() => verifyWebhook(SECRET, BODY, headers(SIGNATURE), { now: TS - 301 }), /too new/);
  assert.throws(() => verifyWebhook(SECRET, BODY, headers(SIGNATURE)), /too old/); // the real clock: 2022 is long gone
  assert.throws(() => verifyWebhook(SECRET, BODY, { ...headers(SIGNATURE), "webhook-timestamp": "16e8" }, { now: TS }), /not a number/);
});

test("refuses missing headers and a secret that is not base64", () => {
  assert.throws(() => verifyWebhook(SECRET, BODY, { "webhook-id": ID, "webhook-timestamp": String(TS) }, { now: TS }), /missing/);
  assert.throws(() => verifyWebhook("whsec_not base64!", BODY, headers(SIGNATURE), { now: TS }), TypeError);
});

// A deal.stage_changed delivery as the server sends it (schemas DealStageChanged and Deal).
const EVENT_ID = "msg_2tQZfN4aV1xK8mB3cR7dE9gH0jL";
const EVENT_TS = 1741944413; // 2025-03-14T09:26:53Z
const DEAL_MOVED: WebhookEvent<"deal.stage_changed"> = {
  id: EVENT_ID,
  type: "deal.stage_changed",
  timestamp: "2025-03-14T09:26:53Z",
  data: {
    deal: {
      id: 42,
      created_at: "2025-03-02T10:15:00Z",
      updated_at: "2025-03-14T09:26:53Z",
      version: 5,
      name: "Acme Corp: 40 seats",
      amount: 18400,
      pipeline_id: 1,
      stage_id: 4,
      order: 1,
      status: "open",
      phone: "+44 20 7946 0000",
      notes: null,
      close_date: "2025-04-30",
      is_active: true,
      users: [3],
      clients: [17],
      sources: [2],
      products: [8, 9],
      labels: [],
      lead_id: 12,
      custom_fields: { seats: 40 },
    },
    from_stage_id: 3,
    to_stage_id: 4,
  },
};

function delivery(event: object): [string, Record<string, string>] {
  const body = JSON.stringify(event);
  return [body, headers(signWebhook(SECRET, EVENT_ID, EVENT_TS, body), EVENT_ID, EVENT_TS)];
}

test("a verified delivery is typed by its type", () => {
  const [body, signed] = delivery(DEAL_MOVED);
  const event = verifyWebhook(SECRET, body, signed, { now: EVENT_TS });
  // @ts-expect-error until `type` is checked, `data` is any event's
  void event.data.to_stage_id;
  assert.equal(event.type, "deal.stage_changed");
  if (event.type === "deal.stage_changed") {
    const to: number = event.data.to_stage_id;
    assert.equal(to, 4);
    assert.equal(event.data.from_stage_id, 3);
    assert.equal(event.data.deal.name, "Acme Corp: 40 seats");
    assert.equal(event.data.deal.status, "open");
  }
  assert.equal(event.id, EVENT_ID);
  assert.ok(EVENT_TYPES.includes(event.type));
  assert.equal(EVENT_TYPES.length, new Set(EVENT_TYPES).size);
});

test("a type newer than the SDK still verifies, as sent", () => {
  const newer = { id: EVENT_ID, type: "deal.split", timestamp: "2025-03-14T09:26:53Z", data: { deal_id: 42, parts: [42, 43] } };
  const [body, signed] = delivery(newer);
  const event = verifyWebhook(SECRET, body, signed, { now: EVENT_TS });
  assert.deepEqual(event, newer);
  assert.ok(!(EVENT_TYPES as readonly string[]).includes(event.type));
});

test("a typed delivery with a bad signature is refused", () => {
  const [body, signed] = delivery(DEAL_MOVED);
  assert.throws(() => verifyWebhook(SECRET, body.replace('"to_stage_id":4', '"to_stage_id":5'), signed, { now: EVENT_TS }), WebhookVerificationError);
  const forged = signWebhook("whsec_" + Buffer.from("not the endpoint's secret").toString("base64"), EVENT_ID, EVENT_TS, body);
  assert.throws(() => verifyWebhook(SECRET, body, headers(forged, EVENT_ID, EVENT_TS), { now: EVENT_TS }), /no signature matches/);
});
