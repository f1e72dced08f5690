/**
 * The client: openapi-fetch over the generated `paths`, with the token, idempotency keys, retries
 * and typed errors in its fetch.
 */
import createClient, { type Client } from "openapi-fetch";
import { UnexpectedResponseError, apiErrorFrom } from "./errors.js";
import type { paths } from "./generated/schema.js";
import { createTransport, type FetchLike, type RetryOptions } from "./transport.js";

export const USER_AGENT = "worktop-typescript/0.1.0";

export interface WorktopClientOptions {
  /** The API's origin, e.g. `https://api.example.com` (the operations' paths start with `/api`). */
  baseUrl: string;
  /** An API key (`wt_live_...`, `wt_test_...` for the sandbox), a session token from
   * `POST /api/login` (see `WorktopClient.login`) or an OAuth access token (`wto_...`). Sent as
   * `Authorization: Bearer <token>`. */
  token: string;
  /** When to try again (default: 3 attempts, waits of at most 30 s). */
  retry?: RetryOptions;
  /** Give every POST an `Idempotency-Key` (uuid4) unless it has one. Default true. */
  autoIdempotencyKey?: boolean;
  /** More headers for every request. */
  headers?: Record<string, string>;
  /** The fetch to send with (default `globalThis.fetch`). */
  fetch?: FetchLike;
  /** How to wait between attempts (tests replace it). */
  sleep?: (milliseconds: number) => Promise<void>;
}

export interface LoginOptions extends Omit<WorktopClientOptions, "token"> {
  email: string;
  password: string;
  /** The workspace, when the address is a login in several with this password (otherwise a
   * `ConflictError` with code `workspace_required`). */
  workspaceId?: number;
}

/**
 * A Worktop API client.
 *
 * `api` is openapi-fetch's client over the generated `paths`: `api.GET(path, init)`,
 * `api.POST(path, { body })`... every path, parameter and body typed from the document. Every
 * answer of 400 or more throws an `ApiError` subclass, so `data` is the success body; `ok()` says
 * so to the type checker.
 */
export class WorktopClient {
  readonly api: Client<paths>;
  readonly baseUrl: string;

  constructor(options: WorktopClientOptions) {
    if (!options.token) throw new TypeError("a token is required (an API key, or a session token from WorktopClient.login)");
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.api = createClient<paths>({
      baseUrl: this.baseUrl,
      headers: {
        "User-Agent": USER_AGENT,
        Accept: "application/json",
        ...options.headers,
        Authorization: `Bearer ${options.token}`,
      },
      fetch: createTransport(transportOptions(options)),
    });
  }

  /** Logs in with `POST /api/login` and returns a client for the session token. */
  static async login(options: LoginOptions): Promise<WorktopClient> {
    const baseUrl = options.baseUrl.replace(/\/+$/, "");
    const send = createTransport(transportOptions(options));
    const body: Record<string, unknown> = { email: options.email, password: options.password };
    if (options.workspaceId !== undefined) body.workspace_id = options.workspaceId;
    const response = await send(
      new Request(`${baseUrl}/api/login`, {
        method: "POST",
        headers: { "User-Agent": USER_AGENT, Accept: "application/json", "Content-Type": "application/json", ...options.headers },
        body: JSON.stringify(body),
      }),
    );
    const text = await response.text();
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw apiErrorFrom(response.status, response.statusText, response.headers, text, { method: "POST", url: `${baseUrl}/api/login` });
    }
    const token = typeof answer === "object" && answer !== null && "token" in answer ? answer.token : undefined;
    if (typeof token !== "string" || token === "") {
      throw new UnexpectedResponseError(`POST /api/login answered ${response.status} without a token`);
    }
    const { email: _email, password: _password, workspaceId: _workspaceId, ...rest } = options;
    return new WorktopClient({ ...rest, token });
  }
}

function transportOptions(options: Omit<WorktopClientOptions, "token" | "baseUrl">) {
  return {
    ...(options.retry !== undefined && { retry: options.retry }),
    ...(options.autoIdempotencyKey !== undefined && { autoIdempotencyKey: options.autoIdempotencyKey }),
    ...(options.fetch !== undefined && { fetch: options.fetch }),
    ...(options.sleep !== undefined && { sleep: options.sleep }),
  };
}

/**
 * The success body of an openapi-fetch call. The client throws `ApiError` for error answers, so
 * the `{ data }` it resolves to always has the body: `ok` unwraps it with its type.
 *
 * ```ts
 * const contact = await ok(wt.api.POST("/api/v1/contacts", { body: { name: "Ada" } }));
 * ```
 */
export async function ok<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await pending;
  if (error !== undefined) {
    // Only with a fetch that does not throw (throwOnError: false): make it the typed error anyway.
    throw apiErrorFrom(response.status, response.statusText, response.headers, typeof error === "string" ? error : JSON.stringify(error));
  }
  if (data === undefined) {
    throw new UnexpectedResponseError(`${response.status} answer without a body`);
  }
  return data;
}
