// The dashboard's only way to the server: same-origin JSON calls to the public API, with the
// session token as a bearer token. Errors come back as ApiError carrying the API's own `message`,
// `code`, per-field `errors` and, on a 429, the `Retry-After` seconds. The API's error body is
// flat (`{"message", "code", "errors"?, "request_id"}`); an `{"error": {...}}` envelope is read too.

const TOKEN_KEY = 'worktop.dashboard.token';

let unauthorizedHandler = () => {};
let paymentRequiredHandler = () => {};

export function getToken() {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function setToken(token) {
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/** Called with no argument when an authenticated call answers 401 (the session has ended). */
export function onUnauthorized(handler) {
  unauthorizedHandler = handler;
}

/**
 * Called with the ApiError when a call answers 402: the workspace is read-only (its trial or its
 * subscription ended), so the shell can show its banner at once.
 */
export function onPaymentRequired(handler) {
  paymentRequiredHandler = handler;
}

export class ApiError extends Error {
  constructor(status, body, retryAfter) {
    super(errorMessage(status, body, retryAfter));
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? null;
    this.errors = body?.errors && typeof body.errors === 'object' ? body.errors : {};
    this.body = body ?? {};
    this.retryAfter = retryAfter;
    this.requestId = body?.request_id ?? null;
  }
}

function errorMessage(status, body, retryAfter) {
  let message = typeof body?.message === 'string' && body.message ? body.message : null;
  if (!message) {
    if (status === 0) message = 'The server could not be reached. Check your connection and try again.';
    else message = `The server answered ${status} without an explanation.`;
  }
  if (status === 429 && retryAfter != null) {
    message += ` Try again in ${formatWait(retryAfter)}.`;
  }
  return message;
}

function formatWait(seconds) {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Calls the API. `path` starts with `/api/`; `query` is an object of parameters (null and
 * undefined left out); `body` is sent as JSON. `auth: false` sends no token (public routes, and
 * the log-in form, whose 401 means wrong credentials rather than an ended session).
 */
export async function api(method, path, { body, query, auth = true } = {}) {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  }
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, null, null);
  }

  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (response.ok) return data ?? {};

  const retryHeader = response.headers.get('Retry-After');
  const retryAfter = retryHeader !== null && /^\d+$/.test(retryHeader.trim()) ? Number(retryHeader) : null;
  const errorBody = data?.error && typeof data.error === 'object' && !Array.isArray(data.error) ? data.error : data;
  const error = new ApiError(response.status, errorBody, retryAfter);
  if (response.status === 401 && token) {
    setToken(null);
    unauthorizedHandler();
  }
  if (response.status === 402) paymentRequiredHandler(error);
  throw error;
}

/** Every record of a list, following `meta.next_cursor` (at most `maxPages` pages of 100). */
export async function listAll(path, query = {}, maxPages = 10) {
  const records = [];
  let cursor = null;
  for (let page = 0; page < maxPages; page += 1) {
    const answer = await api('GET', path, { query: { ...query, per_page: 100, cursor } });
    records.push(...(answer.data ?? []));
    cursor = answer.meta?.next_cursor ?? null;
    if (!cursor) break;
  }
  return records;
}
