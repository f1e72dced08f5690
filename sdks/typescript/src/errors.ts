/**
 * Typed errors for the API's error answers.
 *
 * Every error the API sends is JSON `{"message", "code", "errors"?, "request_id"}` (`errors`: field
 * name to messages, on 422 `validation_failed`). The client throws one of the classes below for any
 * answer of 400 or more: catch `ApiError` for all of them, test `instanceof` a subclass for one
 * status, or switch on `code` for the API's reason (`version_conflict`, `module_disabled`, ...).
 */

/** What an `ApiError` is built from. */
export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  fieldErrors?: Record<string, string[]>;
  requestId?: string | undefined;
  retryAfter?: number | undefined;
  method?: string;
  url?: string;
  headers?: Headers;
  body?: unknown;
}

/** An answer of 400 or more from the API. */
export class ApiError extends Error {
  /** The HTTP status. */
  readonly status: number;
  /** The API's machine-readable reason (`not_found`, `validation_failed`, ...), or `http_<status>`
   * when the body was not the API's JSON error (a proxy's page). */
  readonly code: string;
  /** On 422 `validation_failed`: each field's messages. Otherwise empty. */
  readonly fieldErrors: Record<string, string[]>;
  /** The body's `request_id` (or the `X-Request-Id` header): quote it when asking for support. */
  readonly requestId: string | undefined;
  /** Seconds from `Retry-After`, when the answer had one (429, 503, some 409). */
  readonly retryAfter: number | undefined;
  /** The request that got this answer. */
  readonly method: string;
  readonly url: string;
  /** The answer's headers. */
  readonly headers: Headers;
  /** The decoded JSON body (or the text when it was not JSON). */
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? {};
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.method = init.method ?? "";
    this.url = init.url ?? "";
    this.headers = init.headers ?? new Headers();
    this.body = init.body;
  }
}

/** 400: the body is not JSON (`malformed_json`) or the request is malformed. */
export class BadRequestError extends ApiError {}
/** 401 `unauthenticated`: no token, or one that is wrong, expired or revoked. */
export class AuthenticationError extends ApiError {}
/** 403: `forbidden` (the role or the key's scopes lack the permission), `module_disabled`, `tenant_suspended`. */
export class PermissionDeniedError extends ApiError {}
/** 403 `module_disabled`: the workspace's plan lacks the module, or it was switched off. */
export class ModuleDisabledError extends PermissionDeniedError {}
/** 404 `not_found` / `route_not_found`. */
export class NotFoundError extends ApiError {}
/** 409: `version_conflict`, `invalid_transition`, `in_use`, `limit_reached`, `idempotency_*`... */
export class ConflictError extends ApiError {}
/** 409 `version_conflict`: the record changed since the `version` sent was read. */
export class VersionConflictError extends ConflictError {}
/** 422 (`validation_failed` and others): `fieldErrors` says what is wrong with each field. */
export class ValidationError extends ApiError {}
/** 429 `rate_limited`: `retryAfter` says how many seconds to wait. */
export class RateLimitError extends ApiError {}
/** 500 or more. */
export class ServerError extends ApiError {}
/** 503 `unavailable`. */
export class ServiceUnavailableError extends ServerError {}

/** A 2xx answer without the body the caller expected (see `ok`). */
export class UnexpectedResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnexpectedResponseError";
  }
}

type ApiErrorClass = new (init: ApiErrorInit) => ApiError;

const BY_STATUS: Record<number, ApiErrorClass> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: ValidationError,
  429: RateLimitError,
  503: ServiceUnavailableError,
};
const BY_CODE: Record<string, ApiErrorClass> = {
  module_disabled: ModuleDisabledError,
  version_conflict: VersionConflictError,
};

/** Seconds from a `Retry-After` header: delta-seconds or an HTTP date (RFC 9110). */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === "") return undefined;
  const seconds = Number(text);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const when = Date.parse(text);
  if (Number.isNaN(when)) return undefined;
  return Math.max(0, (when - now) / 1000);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The typed error for an answer of 400 or more, from its status, headers and body text. */
export function apiErrorFrom(
  status: number,
  statusText: string,
  headers: Headers,
  text: string,
  request?: { method: string; url: string },
): ApiError {
  let body: unknown = text;
  try {
    body = text === "" ? "" : JSON.parse(text);
  } catch {
    body = text;
  }
  let code = `http_${status}`;
  let message = statusText || "HTTP error";
  let requestId: string | undefined = headers.get("x-request-id") ?? undefined;
  const fieldErrors: Record<string, string[]> = {};
  if (isRecord(body)) {
    if (typeof body.code === "string") code = body.code;
    if (typeof body.message === "string") message = body.message;
    if (typeof body.request_id === "string") requestId = body.request_id;
    if (isRecord(body.errors)) {
      for (const [field, messages] of Object.entries(body.errors)) {
        fieldErrors[field] = Array.isArray(messages) ? messages.map(String) : [String(messages)];
      }
    }
  } else if (typeof body === "string" && body.trim() !== "") {
    message = body.trim().slice(0, 500);
  }
  const Class = BY_CODE[code] ?? BY_STATUS[status] ?? (status >= 500 ? ServerError : ApiError);
  return new Class({
    status,
    code,
    message,
    fieldErrors,
    requestId,
    retryAfter: parseRetryAfter(headers.get("retry-after")),
    method: request?.method ?? "",
    url: request?.url ?? "",
    headers,
    body,
  });
}

/** The typed error for a `Response` of 400 or more (reads its body). */
export async function apiErrorFromResponse(response: Response, request?: { method: string; url: string }): Promise<ApiError> {
  let text = "";
  try {
    text = await response.text();
  } catch {
    text = "";
  }
  return apiErrorFrom(response.status, response.statusText, response.headers, text, request);
}
