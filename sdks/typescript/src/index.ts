/**
 * Worktop's TypeScript SDK.
 *
 * `./generated/schema.ts` and `./generated/events.ts` (the webhook events) are generated from the
 * OpenAPI document (`sdks/generate.sh`; never edit them). This package adds what a generator does
 * not: a client with the token, retries and idempotency keys (`WorktopClient`), typed errors
 * (`ApiError`), paging (`paginate`) and webhook verification (`verifyWebhook`).
 */
export { WorktopClient, ok, USER_AGENT, type WorktopClientOptions, type LoginOptions } from "./client.js";
export {
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
  apiErrorFrom,
  apiErrorFromResponse,
  parseRetryAfter,
  type ApiErrorInit,
} from "./errors.js";
export { paginate, pages, type PageLike, type PagingOptions } from "./paging.js";
export {
  IDEMPOTENCY_HEADER,
  createTransport,
  isRetrySafe,
  type FetchLike,
  type RetryOptions,
  type TransportOptions,
} from "./transport.js";
export {
  DEFAULT_TOLERANCE_SECONDS,
  WebhookVerificationError,
  signWebhook,
  verifyWebhook,
  type VerifyOptions,
  type WebhookHeaders,
} from "./webhooks.js";
export { EVENT_TYPES, type EventMap, type EventType, type WebhookEvent } from "./generated/events.js";
export type { paths, components, operations } from "./generated/schema.js";

import type { components } from "./generated/schema.js";
/** The document's schemas by name: `Schemas["Contact"]`. */
export type Schemas = components["schemas"];
