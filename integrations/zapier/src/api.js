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

// How each list is read. The polling fallbacks and dropdowns ask for "the newest records" through
// listRecords only, so when the server gains `sort=-updated_at` everywhere (and `updated_since`),
// this table and listRecords are all that change. `sorts` are the time sorts a list takes today.
const LISTS = {
  contacts: { path: '/api/v1/contacts', sorts: ['created_at'] },
  customers: { path: '/api/v1/customers', sorts: ['created_at'] },
  leads: { path: '/api/leads', sorts: ['created_at'] },
  deals: { path: '/api/deals', sorts: ['created_at', 'updated_at'] },
  invoices: { path: '/api/v1/invoices', sorts: ['created_at'] },
  projects: { path: '/api/projects', sorts: ['created_at'] },
  // The one list of tasks across projects is a POST that takes its query in the body.
  tasks: { path: '/api/lite/task-list', method: 'POST', sorts: ['created_at'] },
  tickets: { path: '/api/support-ticket/tickets', sorts: ['created_at'] },
  pipelines: { path: '/api/pipelines', sorts: ['created_at'] },
  leadStages: { path: '/api/lead-stages', sorts: ['created_at'] },
  dealStages: { path: '/api/deal-stages', sorts: ['created_at'] },
  taskStages: { path: '/api/project/task-stages', sorts: ['created_at'] },
  users: { path: '/api/users', sorts: ['created_at'] },
  products: { path: '/api/products', sorts: ['created_at'] },
  ticketCategories: { path: '/api/support-ticket/categories', sorts: ['created_at'] },
  warehouses: { path: '/api/warehouse', sorts: ['created_at'] },
  customFields: { path: '/api/custom-fields', sorts: ['created_at'] },
  webhooks: { path: '/api/v1/webhooks', sorts: [] },
};

// The sort for "newest first" by `newest` ('created' or 'updated'): a list without an
// updated_at sort falls back to its newest created records; `sort` given explicitly wins.
const sortFor = (list, newest, sort) => {
  if (sort) {
    return sort;
  }
  if (newest === 'updated' && list.sorts.includes('updated_at')) {
    return '-updated_at';
  }
  if (newest && list.sorts.includes('created_at')) {
    return '-created_at';
  }
  return undefined;
};

// One page of a list: {records, nextCursor}. `page` is 1-based; `filters` are the list's own
// query filters (or body fields, for a POST list).
const listRecords = async (z, bundle, name, options = {}) => {
  const list = LISTS[name];
  if (!list) {
    throw new Error(`No list named ${name}`);
  }
  const { newest, sort, filters = {}, perPage = 25, page, cursor, search } = options;
  const query = cleanParams({
    ...filters,
    search,
    sort: sortFor(list, newest, sort),
    per_page: perPage,
    page: cursor ? undefined : page,
    cursor,
  });
  const answer =
    list.method === 'POST'
      ? await callApi(z, bundle, { method: 'POST', path: list.path, body: query })
      : await callApi(z, bundle, { path: list.path, params: query });
  // The cursor is in `meta` today; a top-level `next_cursor` is read too.
  const meta = answer.meta || {};
  return {
    records: answer.data || [],
    nextCursor: meta.next_cursor || answer.next_cursor || null,
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
  addAuthorization,
  apiUrl,
  baseUrlOf,
  callApi,
  explainErrors,
  findFirst,
  listRecords,
  normalizeBaseUrl,
};
