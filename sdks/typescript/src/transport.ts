/**
 * The fetch under every generated operation: idempotency keys, retries, typed errors.
 *
 * openapi-fetch sends every operation through one `fetch(request)`; this module builds that
 * function, so it works over whatever the generator emits (no per-operation code):
 *
 * - every POST gets an `Idempotency-Key` (a uuid4) unless it has one; the client's own retries
 *   resend the same key (and the same body);
 * - 429 and 503 (and 409 `idempotency_in_progress`) are retried, up to `maxAttempts` attempts in
 *   all, after `Retry-After` seconds (or an exponential backoff when there is none), only for
 *   requests that are safe to repeat: GET, HEAD, OPTIONS, PUT, DELETE, or a POST with an
 *   `Idempotency-Key`. A wait longer than `maxWait` is not waited for: the error is thrown with
 *   its `retryAfter`;
 * - any answer of 400 or more is thrown as a typed `ApiError`.
 */
import { randomUUID } from "node:crypto";
import { apiErrorFromResponse, parseRetryAfter } from "./errors.js";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** When and how long the client waits and tries again. */
export interface RetryOptions {
  /** Attempts in all, the first included (1 turns retrying off). Default 3. */
  maxAttempts?: number;
  /** The longest single wait, in seconds (default 30). A `Retry-After` beyond it is not waited
   * for: the error is thrown at once, carrying `retryAfter`. */
  maxWait?: number;
  /** The first wait in seconds when the answer has no `Retry-After` (default 0.5), doubled on
   * each retry and capped by `maxWait`. */
  backoff?: number;
  /** The statuses retried (default 429 and 503). */
  statuses?: readonly number[];
}

/** A fetch as openapi-fetch calls it. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

export interface TransportOptions {
  retry?: RetryOptions;
  /** Give every POST an `Idempotency-Key` (uuid4) unless it has one. Default true. */
  autoIdempotencyKey?: boolean;
  /** Throw an `ApiError` for answers of 400 or more. Default true. */
  throwOnError?: boolean;
  /** The fetch to send with (default `globalThis.fetch`). */
  fetch?: FetchLike;
  /** How to wait (tests replace it). */
  sleep?: (milliseconds: number) => Promise<void>;
}

/** Whether repeating the request cannot do its work twice. */
export function isRetrySafe(request: Request): boolean {
  const method = request.method.toUpperCase();
  return SAFE_METHODS.has(method) || (method === "POST" && request.headers.has(IDEMPOTENCY_HEADER));
}

const defaultSleep = (milliseconds: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, milliseconds));

interface Policy {
  maxAttempts: number;
  maxWait: number;
  backoff: number;
  statuses: ReadonlySet<number>;
}

function policyOf(options: RetryOptions | undefined): Policy {
  const maxAttempts = options?.maxAttempts ?? 3;
  const maxWait = options?.maxWait ?? 30;
  const backoff = options?.backoff ?? 0.5;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new RangeError("maxAttempts must be an integer of at least 1");
  if (!(maxWait >= 0) || !(backoff >= 0)) throw new RangeError("maxWait and backoff cannot be negative");
  return { maxAttempts, maxWait, backoff, statuses: new Set(options?.statuses ?? [429, 503]) };
}

async function codeOf(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.clone().json();
    if (typeof body === "object" && body !== null && "code" in body && typeof body.code === "string") return body.code;
  } catch {
    // not JSON
  }
  return undefined;
}

/** Seconds to wait before attempt `attempt + 1`, or undefined to stop here. */
async function delayFor(policy: Policy, request: Request, response: Response, attempt: number): Promise<number | undefined> {
  if (attempt >= policy.maxAttempts || !isRetrySafe(request)) return undefined;
  if (response.status === 409) {
    if (request.method.toUpperCase() !== "POST" || !response.headers.has("retry-after")) return undefined;
    if ((await codeOf(response)) !== "idempotency_in_progress") return undefined;
  } else if (!policy.statuses.has(response.status)) {
    return undefined;
  }
  const after = parseRetryAfter(response.headers.get("retry-after")) ?? Math.min(policy.backoff * 2 ** (attempt - 1), policy.maxWait);
  return after > policy.maxWait ? undefined : after;
}

/** The fetch to give openapi-fetch (`createClient({ fetch })`). */
export function createTransport(options: TransportOptions = {}): FetchLike {
  const policy = policyOf(options.retry);
  const autoKey = options.autoIdempotencyKey ?? true;
  const throwOnError = options.throwOnError ?? true;
  const sleep = options.sleep ?? defaultSleep;
  const inner: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  return async (request: Request, init?: RequestInit): Promise<Response> => {
    if (autoKey && request.method.toUpperCase() === "POST" && !request.headers.has(IDEMPOTENCY_HEADER)) {
      request.headers.set(IDEMPOTENCY_HEADER, randomUUID());
    }
    for (let attempt = 1; ; attempt++) {
      // A clone per attempt: the original body stays unread for the next one.
      const response = await inner(request.clone(), init);
      const delay = await delayFor(policy, request, response, attempt);
      if (delay === undefined) {
        if (throwOnError && response.status >= 400) {
          throw await apiErrorFromResponse(response, { method: request.method, url: request.url });
        }
        return response;
      }
      await response.body?.cancel().catch(() => undefined);
      await sleep(delay * 1000);
    }
  };
}
