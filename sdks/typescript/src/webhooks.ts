/**
 * Verifying webhook deliveries (Standard Webhooks).
 *
 * Worktop signs each delivery with the endpoint's secret (`whsec_<base64>`, shown once when the
 * endpoint is created):
 *
 * - `webhook-id`: the event's id; `webhook-timestamp`: Unix seconds of this attempt;
 * - `webhook-signature`: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the
 *   base64-decoded part of the secret; during a secret rotation, one signature per live secret,
 *   separated by spaces.
 *
 * `verifyWebhook` checks all of it against the raw body (the bytes as received: parse the JSON
 * only after) and returns the decoded event `{id, type, timestamp, data}` as a `WebhookEvent`:
 * narrow on `type` and `data` has that event's type (`EventMap`).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { WebhookEvent } from "./generated/events.js";

const SECRET_PREFIX = "whsec_";
/** Seconds a delivery's timestamp may be from now, either way (replay protection). */
export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

/** The delivery is not authentic (or too old, or too new): answer it with 400 and drop it. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/** Request headers: a `Headers`, or a plain object of any case (Node's `IncomingHttpHeaders`). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** Seconds the `webhook-timestamp` may be from `now`, either way. Default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** The time to compare against, as Unix seconds (default: the clock). */
  now?: number;
}

function key(secret: string): Buffer {
  const raw = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(raw) || raw.length % 4 !== 0) {
    throw new TypeError("the webhook secret is not whsec_ followed by base64");
  }
  return Buffer.from(raw, "base64");
}

function bytes(payload: string | Uint8Array): Buffer {
  return typeof payload === "string" ? Buffer.from(payload, "utf8") : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === name) return Array.isArray(v) ? v.join(" ") : v;
  }
  return undefined;
}

/** The `webhook-signature` value Worktop sends for this delivery: `v1,<base64>`. */
export function signWebhook(secret: string, messageId: string, timestamp: number, payload: string | Uint8Array): string {
  const mac = createHmac("sha256", key(secret));
  mac.update(`${messageId}.${timestamp}.`, "utf8");
  mac.update(bytes(payload));
  return `v1,${mac.digest("base64")}`;
}

/**
 * Checks a delivery and returns its decoded JSON body, or throws `WebhookVerificationError`.
 *
 * The body is typed as the event types this SDK was generated with; a server newer than the SDK
 * may send another `type` (not in `EVENT_TYPES`), so keep a `default:` branch that ignores it.
 *
 * @param secret the endpoint's `whsec_...` secret.
 * @param payload the raw request body, exactly as received (a string or the bytes).
 * @param headers the request's headers.
 */
export function verifyWebhook<E = WebhookEvent>(
  secret: string,
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  options: VerifyOptions = {},
): E {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature header");
  }
  if (!/^\s*\d+\s*$/.test(timestamp)) {
    throw new WebhookVerificationError("webhook-timestamp is not a number of seconds");
  }
  const sent = Number.parseInt(timestamp.trim(), 10);
  const now = options.now ?? Date.now() / 1000;
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (sent < now - tolerance) throw new WebhookVerificationError("webhook-timestamp is too old");
  if (sent > now + tolerance) throw new WebhookVerificationError("webhook-timestamp is too new");

  const body = bytes(payload);
  const expected = Buffer.from(signWebhook(secret, id, sent, body).slice(3), "utf8");
  let matched = false;
  for (const candidate of signatures.trim().split(/\s+/)) {
    const comma = candidate.indexOf(",");
    if (comma < 0 || candidate.slice(0, comma) !== "v1") continue;
    const given = Buffer.from(candidate.slice(comma + 1), "utf8");
    // Constant time; every candidate is compared, so the time says nothing of which matched.
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  if (!matched) throw new WebhookVerificationError("no signature matches");
  try {
    return JSON.parse(body.toString("utf8")) as E;
  } catch {
    throw new WebhookVerificationError("the body is not JSON");
  }
}
