'use strict';

// Every call to Worktop goes through these helpers: the base URL, the JSON requests, the error
// messages a Zap shows, and the one place that knows how each list is queried.

// The base URL the user gave (self-hosted and white-label deployments each have their own),
// without a trailing slash. Accepts "worktop.example.com" as https.
const normalizeBaseUrl = (raw) => {
  let text = String(raw || '').trim();
  if (!text) {
    throw new Error('The Worktop base URL is missing: reconnect the account and fill it in.');
  }
  if (!/^https?:\/\//i.test(text)) {
    text = `https://${text}`;
  }
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`The Worktop base URL "${raw}" is not a URL.`);
  }
  // Only the origin and an optional path prefix (a deployment under /worktop, say) are kept.
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
};

// During the OAuth dance the auth fields are in inputData; afterwards in authData.
const baseUrlOf = (bundle) =>
  normalizeBaseUrl(
    (bundle.authData && bundle.authData.base_url) ||
      (bundle.inputData && bundle.inputData.base_url),
  );

const apiUrl = (bundle, path) => `${baseUrlOf(bundle)}${path}`;

// Query parameters without the empty ones Zapier leaves for unmapped fields.
const cleanParams = (params = {}) => {
  const out = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') {
      out[key] = value;
    }
  }
  return out;
};

// One JSON request; answers the parsed body. Non-2xx answers throw (see explainErrors).
const callApi = async (z, bundle, { method = 'GET', path, params, body, headers }) => {
  const response = await z.request({
    url: apiUrl(bundle, path),
    method,
    params: cleanParams(params),
    body,
    headers,
  });
  return response.data;
};

// beforeRequest: the credential of either authentication, and JSON.
const addAuthorization = (request, z, bundle) => {
  const token = bundle.authData && (bundle.authData.access_token || bundle.authData.api_key);
  request.headers = request.headers || {};
  if (token && !request.headers.Authorization && !request.headers.authorization) {
    request.headers.Authorization = `Bearer ${token}`;
  }
  if (!request.headers.Accept && !request.headers.accept) {
    request.headers.Accept = 'application/json';
  }
  return request;
};

// "email: must be a valid e-mail address; name: is required" from the API's per-field errors.
const describeFieldErrors = (errors) => {
  if (!errors || typeof errors !== 'object') {
    return '';
  }
  return Object.entries(errors)
    .map(([field, messages]) => `${field}: ${[].concat(messages).join(', ')}`)
    .join('; ');
};

// afterResponse: Worktop's error body ({message, code, errors, request_id}) as the Zap's error
// message, so the user sees which field was refused. 429 is handled by the platform (it retries
// after Retry-After) and, with OAuth, 401 by the token refresh, before this runs.
const explainErrors = (response, z) => {
  const skip = response.skipThrowForStatus || (response.request && response.request.skipThrowForStatus);
  if (response.status < 400 || skip) {
    return response;
  }
  let body = {};
  try {
    body = JSON.parse(response.content);
  } catch {
    body = {};
  }
  const fields = describeFieldErrors(body.errors);
  const base = body.message || body.error_description || `Worktop answered HTTP ${response.status}`;
  const message = fields ? `${base} (${fields})` : base;
  const requestId = body.request_id ? ` [request ${body.request_id}]` : '';
  const code = body.code || body.error || `http_${response.status}`;
  if (response.status === 401) {
    // A revoked or expired API key: Zapier asks the user to reconnect.
    throw new z.errors.ExpiredAuthError(`${message}${requestId}`);
  }
  throw new z.errors.Error(`${message}${requestId}`, code, response.status);
};

// How each list is read; the polling fallbacks, dropdowns, custom-field inputs and searches ask
// through listRecords only. A list's query string is strict (a parameter it does not document is
// refused with 422), so this table says what each one takes, as docs/openapi.json documents it:
// - `sorts`: the time sorts it takes (each also descending, `-created_at`); every GET list takes
//   `created_at` and `updated_at` (`updated_at` moves on every write);
// - `since`: whether it takes `created_since` and `updated_since`;
// - `cursor`: whether it pages by `cursor` (else by `page` only).
// Without a sort, every list is oldest first.
const TIME_SORTS = ['created_at', 'updated_at'];
const getList = (path) => ({ path, sorts: TIME_SORTS, since: true, cursor: true });
const LISTS = {
  contacts: getList('/api/v1/contacts'),
  customers: getList('/api/v1/customers'),
  leads: getList('/api/leads'),
  deals: getList('/api/deals'),
  invoices: getList('/api/v1/invoices'),
  projects: getList('/api/projects'),
  // The one list of tasks across projects is a POST that takes its query in the body: its body
  // (TaskListIn) documents `sort` by either time, no `created_since` or `updated_since`, and
  // `page` but no `cursor`.
  tasks: { path: '/api/lite/task-list', method: 'POST', sorts: TIME_SORTS, since: false, cursor: false },
  tickets: getList('/api/support-ticket/tickets'),
  pipelines: getList('/api/pipelines'),
  leadStages: getList('/api/lead-stages'),
  dealStages: getList('/api/deal-stages'),
  taskStages: getList('/api/project/task-stages'),
  users: getList('/api/users'),
  products: getList('/api/products'),
  ticketCategories: getList('/api/support-ticket/categories'),
  warehouses: getList('/api/warehouse'),
  customFields: getList('/api/custom-fields'),
  webhooks: getList('/api/v1/webhooks'),
};

// The field `newest` ('created' or 'updated') sorts by, newest first.
const NEWEST = { created: 'created_at', updated: 'updated_at' };

// The sort for "newest first" by `newest`; `sort` given explicitly wins.
const sortFor = (name, list, newest, sort) => {
  if (sort) {
    return sort;
  }
  if (!newest) {
    return undefined;
  }
  const field = NEWEST[newest];
  if (!list.sorts.includes(field)) {
    throw new Error(`The ${name} list cannot be sorted by ${field}`);
  }
  return `-${field}`;
};

// A time as the API's `created_since` / `updated_since` take it: RFC 3339 in UTC, to the second
// (the API compares to the second). Takes a Date, milliseconds or any date-time text Date parses.
const toRfc3339 = (value) => {
  const date = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value).trim());
  if (Number.isNaN(date.getTime())) {
    throw new Error(`"${value}" is not a date and time`);
  }
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
};

// One page of a list: {records, nextCursor}. Options:
// - `newest`: 'created' or 'updated', newest first (the list must take that sort); or `sort`;
// - `filters`: the list's own query filters (or body fields, for a POST list);
// - `createdSince`, `updatedSince`: only records made / changed at or after that time;
// - `perPage`, `page` (1-based), `cursor`, `search`.
const listRecords = async (z, bundle, name, options = {}) => {
  const list = LISTS[name];
  if (!list) {
    throw new Error(`No list named ${name}`);
  }
  const { newest, sort, filters = {}, perPage = 25, page, cursor, search, createdSince, updatedSince } = options;
  if ((createdSince || updatedSince) && !list.since) {
    throw new Error(`The ${name} list takes no created_since or updated_since`);
  }
  if (cursor && !list.cursor) {
    throw new Error(`The ${name} list pages by page, not by cursor`);
  }
  const query = cleanParams({
    ...filters,
    search,
    sort: sortFor(name, list, newest, sort),
    created_since: createdSince ? toRfc3339(createdSince) : undefined,
    updated_since: updatedSince ? toRfc3339(updatedSince) : undefined,
    per_page: perPage,
    page: cursor ? undefined : page,
    cursor,
  });
  const answer =
    list.method === 'POST'
      ? await callApi(z, bundle, { method: 'POST', path: list.path, body: query })
      : await callApi(z, bundle, { path: list.path, params: query });
  const meta = answer.meta || {};
  return {
    records: answer.data || [],
    // A list that pages by page only answers a cursor it cannot take back.
    nextCursor: (list.cursor && meta.next_cursor) || null,
  };
};

// The first record of a list for which `matches` holds, reading at most `maxPages` pages: the
// API's `search` matches word prefixes, so exact matches (an e-mail, a number) are picked here.
const findFirst = async (z, bundle, name, options, matches, maxPages = 5) => {
  let cursor;
  for (let read = 0; read < maxPages; read += 1) {
    const { records, nextCursor } = await listRecords(z, bundle, name, {
      ...options,
      perPage: 100,
      cursor,
    });
    const found = records.find(matches);
    if (found) {
      return found;
    }
    if (!nextCursor) {
      return undefined;
    }
    cursor = nextCursor;
  }
  return undefined;
};

module.exports = {
  LISTS,
  addAuthorization,
  apiUrl,
  baseUrlOf,
  callApi,
  explainErrors,
  findFirst,
  listRecords,
  normalizeBaseUrl,
  toRfc3339,
};
