// Drives the browser dashboard (GET /, its files under /dashboard/) in Debian's Chromium, headless,
// as a person would, against a running server, and checks that it proves the API:
//
// - the page comes with its Content-Security-Policy and draws under it;
// - sign up through the form and see the sandbox key once; follow the verification mail's link
//   from the server's mail folder (MAIL_DIR: its DATA_DIR/mail); log out;
// - log in with ADMIN_EMAIL / ADMIN_PASSWORD through the form;
// - create an API key, read its one-time secret from the page, call GET /api/user with it from
//   Node (200, the same user);
// - register a webhook to WEBHOOK_URL choosing an event type, read its one-time signing secret,
//   send a test from its page and see the delivery (and an attempt) in its delivery log, resend it;
// - revoke the key through the confirm dialog, and see the key now get 401 from Node;
// - delete the webhook, log out;
// - a white-label platform provisions a sub-tenant (the operator's workspace, on the Business
//   plan, has the platform module): POST /api/wl/tenants from Node as the operator; the owner's
//   invitation mail in MAIL_DIR links to #/accept-invitation with the token the API answered; in a
//   browser context of its own (no session) the owner opens it, sets a password, follows the
//   "Log in" link, logs in and sees the overview; the link opened again is refused (it works once);
// - the trial, as the signed-up owner: the overview and the billing page say how many days are
//   left; the server's trial clock is moved 15 days on (CLOCK_FILE, the server's
//   CLOCK_OFFSET_FILE) and the workspace turns read-only: a write with a live key answers 402
//   `trial_ended` and a read 200, every page shows the banner, and a write from a page shows the
//   API's message;
// - subscribe to Starter on the billing page, pay on localstripe's hosted checkout page, come back
//   to #/billing?checkout=success and see the subscription active once Stripe's webhook lands;
//   the key writes again (201); cancel (through the confirm dialog), resume, cancel again: writes
//   go on while it is "canceling"; end the subscription in localstripe as Stripe does at the
//   period's end (DELETE /v1/subscriptions/{id}): the workspace is read-only again, 402
//   `subscription_ended`;
// - no console error, no uncaught page error, no request to another origin than the server's
//   (and, for the checkout, STRIPE_API_BASE's), no failed request; a refusal a step provokes on
//   purpose (the 402 of a write from a page, the 404 of an invitation used already) is the only
//   console error let through;
// - axe-core (infra/package.json pins it) on every page visited: a serious or critical violation
//   fails the check, lesser ones are printed;
// - screenshots of the main pages at 1280x800 under stable names in SCREENSHOT_DIR (login, signup,
//   welcome, overview, overview-trial, keys, webhooks, webhook-deliveries, billing (on trial),
//   read-only, billing-active, billing-canceling, billing-canceled, sandbox, oauth, users,
//   accept-invitation), as kept in docs/screenshots/.
//
// Each step is a named function taking the shared `run` state; STEPS below lists them in order.
// DASH_ONLY=invitation runs only the white-label invitation step (then CLOCK_FILE and
// STRIPE_API_BASE are not needed). DASH_ONLY=consent runs only the OAuth consent, for
// infra/oauth_flow.py (whose stock client library makes the request): the browser opens
// AUTHORIZE_URL (GET /api/oauth/authorize), is sent to log in and then to the consent page, which
// names the application and the scopes; Allow sends it to the app's REDIRECT_URI (answered here,
// never reached), whose full URL, code and state included, is printed as `redirected to <url>`.
// MAIL_DIR is not needed then.
//
// Usage: node infra/dashboard_check.mjs BASE_URL [SCREENSHOT_DIR]
//   e.g. ADMIN_EMAIL=admin@example.com ADMIN_PASSWORD=... MAIL_DIR=data/mail \
//        CLOCK_FILE=/tmp/clock STRIPE_API_BASE=http://127.0.0.1:8420 \
//        node infra/dashboard_check.mjs http://127.0.0.1:8080 /tmp/dashboard-shots
// Environment: BASE_URL (when not an argument), ADMIN_EMAIL, ADMIN_PASSWORD, MAIL_DIR (the
// server's DATA_DIR/mail, or the new/ folder of the maildir its SMTP server writes), CLOCK_FILE (the file the server reads as CLOCK_OFFSET_FILE: seconds its
// trial clock runs ahead), STRIPE_API_BASE (the localstripe the server bills through, its
// webhooks registered to the server's /api/wl/webhook-callback), STRIPE_SECRET_KEY (default
// sk_test_worktop), WEBHOOK_URL (optional: else a receiver of this script's own, which needs
// WEBHOOK_ALLOW_PRIVATE=true on the server), CHROMIUM (default /usr/bin/chromium, which
// infra/ensure_chromium.sh installs), AXE_CORE (optional path to another axe.min.js), DASH_ONLY
// (optional: `invitation`, see above).
// Needs `npm ci --ignore-scripts` in infra/ (playwright-core and axe-core).

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const STEP_TIMEOUT_MS = 30_000;
const DELIVERY_TIMEOUT_MS = 90_000;
// The trial job runs every 10 s locally; a webhook from localstripe comes a second after its event.
const TRIAL_END_TIMEOUT_MS = 60_000;
const BILLING_TIMEOUT_MS = 60_000;
// Provisioning a sub-tenant seeds its sandbox.
const PROVISION_TIMEOUT_MS = 60_000;
// How long a change on the billing page is given for the Stripe webhook it causes to come back.
const WEBHOOK_SETTLE_MS = 2_500;
const AXE_FAILING_IMPACTS = new Set(['serious', 'critical']);
const VIEWPORT = { width: 1280, height: 800 };
const SIGNUP_PASSWORD = 'a long passphrase of hers';

const baseArg = process.argv[2] ?? process.env.BASE_URL;
const screenshotDir = process.argv[3] ?? process.env.SCREENSHOT_DIR ?? null;
const { ADMIN_EMAIL, ADMIN_PASSWORD, MAIL_DIR, CLOCK_FILE, STRIPE_API_BASE } = process.env;
const STRIPE_SECRET_KEY = process.env.STRIPE_SECRET_KEY ?? 'sk_test_worktop';
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// DASH_ONLY=invitation: only the white-label invitation step, which needs no clock and no Stripe.
const ONLY = process.env.DASH_ONLY || null;
const allSteps = ONLY === null;
const { AUTHORIZE_URL, REDIRECT_URI, CONSENT_APP_NAME } = process.env;
const consentOnly = ONLY === 'consent';
if (
  !baseArg || !ADMIN_EMAIL || !ADMIN_PASSWORD || (!MAIL_DIR && !consentOnly) ||
  (allSteps && (!CLOCK_FILE || !STRIPE_API_BASE)) || (ONLY !== null && !['invitation', 'consent'].includes(ONLY)) ||
  (consentOnly && (!AUTHORIZE_URL || !REDIRECT_URI || !CONSENT_APP_NAME))
) {
  console.error(
    'usage: ADMIN_EMAIL=.. ADMIN_PASSWORD=.. MAIL_DIR=.. CLOCK_FILE=.. STRIPE_API_BASE=.. [STRIPE_SECRET_KEY=..] [WEBHOOK_URL=..] ' +
      '[DASH_ONLY=invitation (then no CLOCK_FILE, STRIPE_API_BASE)] ' +
      '[DASH_ONLY=consent AUTHORIZE_URL=.. REDIRECT_URI=.. CONSENT_APP_NAME=.. (then no MAIL_DIR either)] ' +
      'node infra/dashboard_check.mjs BASE_URL [SCREENSHOT_DIR]',
  );
  process.exit(2);
}
// The webhook receiver: WEBHOOK_URL, or one this script runs on a free local port (the server
// then needs WEBHOOK_ALLOW_PRIVATE=true), answering 204 to every delivery.
let receiver = null;
let WEBHOOK_URL = process.env.WEBHOOK_URL;
if (!WEBHOOK_URL) {
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  WEBHOOK_URL = `http://127.0.0.1:${receiver.address().port}/hook`;
}
const base = new URL(baseArg);
const origin = base.origin;
const url = (path) => new URL(path, base).href;
const stripeBase = STRIPE_API_BASE ? new URL(STRIPE_API_BASE) : null;
// The only origins the browser may reach: the server's, and Stripe's hosted checkout page.
const allowedOrigins = new Set([origin, stripeBase?.origin].filter(Boolean));
// The app the consent sends the browser back to: answered by the browser context itself.
const appRedirect = consentOnly ? new URL(REDIRECT_URI) : null;
if (appRedirect) allowedOrigins.add(appRedirect.origin);

const problems = [];
const problem = (text) => {
  problems.push(text);
  console.error(`dashboard_check: ${text}`);
};
const say = (text) => console.log(`dashboard_check: ${text}`);
class StepFailed extends Error {}
/** Fails the current step (the steps after it that need its result are skipped). */
function fail(text) {
  throw new StepFailed(text);
}

/** axe-core's browser bundle: AXE_CORE, else `axe-core` as infra/node_modules resolves it. */
function axeSource() {
  const path = process.env.AXE_CORE ?? join(createRequire(new URL('./package.json', import.meta.url)).resolve('axe-core'), '..', 'axe.min.js');
  return readFileSync(path, 'utf8');
}

/**
 * Runs axe-core on the page as it stands; serious and critical violations are problems, printed
 * with their rule, help and nodes.
 */
async function checkAccessibility(run, what) {
  // The page's policy refuses inline scripts, so page.addScriptTag cannot add axe; a script
  // evaluated through the DevTools protocol is not governed by script-src.
  if (!(await run.page.evaluate(() => typeof window.axe === 'object'))) await run.page.evaluate(run.axe);
  const result = await run.page.evaluate(async () => {
    const answer = await window.axe.run(document, { resultTypes: ['violations'] });
    return answer.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 200), summary: n.failureSummary ?? '' })),
    }));
  });
  for (const v of result) {
    const nodes = v.nodes
      .slice(0, 10)
      .map((n) => `\n    ${n.target}: ${n.html}${n.summary ? `\n      ${n.summary.replace(/\s+/g, ' ')}` : ''}`)
      .join('');
    const text = `axe on ${what}: ${v.impact} ${v.id}: ${v.help} (${v.helpUrl}), ${v.nodes.length} node(s):${nodes}`;
    if (AXE_FAILING_IMPACTS.has(v.impact)) problem(text);
    else say(text);
  }
  run.axeRuns += 1;
}

/** The viewport (1280x800) as a PNG named `name` in the screenshot folder. */
async function screenshot(run, name, { fullPage = false } = {}) {
  if (!screenshotDir) return;
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await run.page.screenshot({ path, fullPage });
  say(`screenshot ${path}`);
}

/**
 * Runs `action` while the page may get `status` from paths under `path` (a refusal the step
 * provokes on purpose): Chromium logs each such answer as a console error, which would otherwise
 * be a problem.
 */
async function expectingRefusal(run, status, path, action) {
  const expected = { status, path };
  run.expectedRefusals.push(expected);
  try {
    return await action();
  } finally {
    run.expectedRefusals.splice(run.expectedRefusals.indexOf(expected), 1);
  }
}

/**
 * A console error that is a refusal a step expects (see expectingRefusal), or the browser's own
 * request for the checkout page's /favicon.ico, which localstripe does not serve (Stripe does).
 */
function isExpectedRefusal(run, message) {
  const status = message.text().match(/^Failed to load resource: the server responded with a status of (\d{3})\b/)?.[1];
  if (!status) return false;
  let where;
  try {
    where = new URL(message.location()?.url ?? '');
  } catch {
    return false;
  }
  if (where.origin === stripeBase?.origin && where.pathname === '/favicon.ico') return true;
  if (where.origin !== origin) return false;
  return run.expectedRefusals.some((e) => e.status === Number(status) && where.pathname.startsWith(e.path));
}

/**
 * Calls the API from Node with a bearer token (none when `token` is null): {status, body}; a call
 * given `timeoutMs` that takes longer fails the step.
 */
async function callApi(token, method, path, body, { timeoutMs = null } = {}) {
  const headers = { Accept: 'application/json' };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetch(url(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: timeoutMs === null ? undefined : AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (error?.name === 'TimeoutError') fail(`${method} ${path} did not answer within ${timeoutMs / 1000} s`);
    throw error;
  }
  const text = await response.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed };
}

/** Calls localstripe (the Stripe API) from Node with the secret key: the parsed answer. */
async function callStripe(method, path) {
  const response = await fetch(new URL(path, stripeBase).href, {
    method,
    headers: { Authorization: `Basic ${Buffer.from(`${STRIPE_SECRET_KEY}:`).toString('base64')}` },
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) fail(`${method} ${path} on localstripe answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `probe` every half second until it answers something truthy; fails with `what` after `timeoutMs`. */
async function waitFor(what, timeoutMs, probe) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    last = await probe();
    if (last) return last;
    await sleep(500);
  }
  return fail(`${what}: not within ${timeoutMs / 1000} s`);
}

/** GET /api/workspace with the owner's key until its plan_state is `state`: the workspace. */
async function waitForPlanState(run, state, timeoutMs) {
  let seen = null;
  try {
    return await waitFor(`the workspace's plan_state to become "${state}"`, timeoutMs, async () => {
      const answer = await callApi(run.ownerKey, 'GET', '/api/workspace');
      if (answer.status !== 200) fail(`GET /api/workspace answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      seen = answer.body.plan_state;
      return seen === state ? answer.body : null;
    });
  } catch (error) {
    if (error instanceof StepFailed && seen !== null) fail(`${error.message} (it is "${seen}")`);
    throw error;
  }
}

/** A write with the owner's key (POST /api/v1/contacts): {status, body}. */
function writeWithKey(run, what) {
  return callApi(run.ownerKey, 'POST', '/api/v1/contacts', { name: `${what} ${Date.now()}` });
}

/** The write answers 402 with `code` (and the workspace's read-only message); a read answers 200. */
async function expectReadOnly(run, code, workspace) {
  const write = await writeWithKey(run, 'Refused');
  if (write.status !== 402 || write.body?.code !== code) {
    fail(`POST /api/v1/contacts answered ${write.status} ${JSON.stringify(write.body)}, not 402 ${code}`);
  }
  if (workspace.read_only?.message && write.body.message !== workspace.read_only.message) {
    problem(`the 402 says "${write.body.message}", GET /api/workspace's read_only says "${workspace.read_only.message}"`);
  }
  const read = await callApi(run.ownerKey, 'GET', '/api/v1/contacts');
  if (read.status !== 200) fail(`GET /api/v1/contacts answered ${read.status} while read-only, not 200`);
  say(`a write answers 402 ${code}, a read 200`);
}

/** A write with the owner's key answers 201. */
async function expectWritable(run, when) {
  const write = await writeWithKey(run, when);
  if (write.status !== 201) fail(`POST /api/v1/contacts ${when} answered ${write.status} ${JSON.stringify(write.body)}, not 201`);
  say(`a write ${when} answers 201`);
}

/**
 * Waits for `locator`, or fails with what the page's error box says (the API's message) when one
 * shows first.
 */
async function expectOrError(run, locator, what) {
  const error = run.page.locator('.notice-error').first();
  const first = await Promise.race([
    locator.waitFor({ timeout: STEP_TIMEOUT_MS }).then(() => 'ok', () => 'timeout'),
    error.waitFor({ timeout: STEP_TIMEOUT_MS }).then(() => 'error', () => 'timeout'),
  ]);
  if (first === 'ok') return;
  if (first === 'error') fail(`${what}: the page says "${(await error.innerText()).replace(/\s+/g, ' ').trim()}"`);
  await locator.waitFor({ timeout: 1 }).catch(() => fail(`${what}: nothing came within ${STEP_TIMEOUT_MS / 1000} s`));
}

/** Goes to a dashboard route (drawn afresh, also when the page is on it already) and waits for its heading. */
async function openRoute(run, route, heading) {
  // Going to the URL the page is at changes no hash: the router would not draw the page again.
  if (run.page.url() === url(`/#${route}`)) await run.page.reload();
  else await run.page.goto(url(`/#${route}`));
  await run.page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await run.page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS }).catch(() => {});
}

// ---- Mail in MAIL_DIR ----

/** A MIME body decoded by its Content-Transfer-Encoding (the file read as latin1: a char a byte), as UTF-8. */
function decodeBody(body, encoding = '8bit') {
  const kind = encoding.trim().toLowerCase();
  let bytes;
  if (kind === 'base64') bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  else if (kind === 'quoted-printable') {
    const raw = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    bytes = Buffer.from(raw, 'latin1');
  } else bytes = Buffer.from(body, 'latin1');
  return bytes.toString('utf8');
}

/**
 * A MIME entity: its headers (names in lower case, lines unfolded), its leaf parts ({type, text}
 * decoded), and whether it is complete (a multipart one has its closing delimiter: the server may
 * be writing the file still).
 */
function parseMime(raw) {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    // The preamble before the first delimiter and the epilogue after the closing one (`--` on) go.
    const parts = body.split(`--${boundary}`).slice(1).filter((part) => !part.startsWith('--'));
    const inner = parts.map((part) => parseMime(part.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
    return { headers, parts: inner.flatMap((e) => e.parts), complete: body.includes(`--${boundary}--`) && inner.every((e) => e.complete) };
  }
  const part = { type: type.split(';')[0].trim().toLowerCase(), text: decodeBody(body, headers['content-transfer-encoding']) };
  return { headers, parts: [part], complete: true };
}

/** The mails the server wrote to MAIL_DIR so far, parsed: {name, headers, parts, complete}. */
function readMails() {
  return readdirSync(MAIL_DIR, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => ({ name: entry.name, ...parseMime(readFileSync(join(MAIL_DIR, entry.name), 'latin1')) }));
}

/** HTML's character references for `&`, `<`, `>` and quotes, read back. */
function unescapeHtml(text) {
  const named = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name) => {
    if (name[0] !== '#') return named[name.toLowerCase()] ?? whole;
    return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
  });
}

// ---- The steps ----

/** GET / answers the page with a Content-Security-Policy, and its log-in form draws under it. */
async function openDashboard(run) {
  const response = await run.page.goto(url('/'), { waitUntil: 'load' });
  if (response?.status() !== 200) fail(`GET / answered ${response?.status()}`);
  const policy = response.headers()['content-security-policy'] ?? '';
  if (!policy.includes("script-src 'self'") || !policy.includes("default-src 'none'")) {
    problem(`GET / has no Content-Security-Policy limiting scripts to its own origin (it has "${policy}")`);
  }
  await run.page.getByRole('heading', { level: 1, name: 'Log in to Worktop' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await checkAccessibility(run, 'the log-in page');
  await screenshot(run, 'login');
  say('the dashboard draws its log-in page');
}

/** Signs up through the form: the welcome page shows the sandbox key once. */
async function signUp(run) {
  const { page } = run;
  run.signupEmail = `signup-${Date.now()}@example.com`;
  await openRoute(run, '/signup', 'Create your Worktop account');
  await page.getByRole('option', { name: /^Starter: / }).waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });
  await checkAccessibility(run, 'the sign-up page');
  await screenshot(run, 'signup');
  await page.getByLabel('Your name').fill('Ana Costa');
  await page.getByLabel('Work e-mail').fill(run.signupEmail);
  await page.getByLabel('Password').fill(SIGNUP_PASSWORD);
  await page.getByLabel('Workspace name').fill('Acme Dental');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expectOrError(run, page.getByRole('heading', { level: 1, name: 'Welcome to Worktop' }), 'signing up');
  const shown = await page.getByRole('textbox', { name: 'Sandbox key' }).inputValue();
  if (!/^wt_test_[A-Za-z0-9_]+$/.test(shown)) fail(`the welcome page shows no sandbox key (it shows "${shown}")`);
  await checkAccessibility(run, 'the welcome page');
  await screenshot(run, 'welcome');
  say(`signed up as ${run.signupEmail}`);
}

/** Reads the verification mail from the server's mail folder and follows its link. */
async function verifyFromMail(run) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  let link = null;
  while (!link && Date.now() < deadline) {
    for (const name of readdirSync(MAIL_DIR, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name)) {
      const mail = readFileSync(join(MAIL_DIR, name), 'utf8');
      if (mail.includes(`To: ${run.signupEmail}`)) link = mail.match(/https?:\/\/\S+#\/verify\?token=[A-Za-z0-9_-]+/)?.[0];
    }
    if (!link) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!link) fail(`no verification mail to ${run.signupEmail} in ${MAIL_DIR}`);
  // The link names the server's configured address; the check follows it on the server it drives.
  await run.page.goto(url(`/${link.slice(link.indexOf('#'))}`));
  await expectOrError(run, run.page.getByText('Your address is verified'), 'following the verification link');
  await screenshot(run, 'verified');
  say('followed the verification link from the mail');
}

/** Logs in with ADMIN_EMAIL / ADMIN_PASSWORD; the overview and the header's user show. */
async function logIn(run) {
  const { page } = run;
  await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectOrError(run, page.getByRole('heading', { level: 1, name: 'Overview' }), 'logging in');
  await page.locator('header').getByText(ADMIN_EMAIL, { exact: false }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS }).catch(() => {});
  await checkAccessibility(run, 'the overview');
  await screenshot(run, 'overview');
  say(`logged in as ${ADMIN_EMAIL}`);
}

/** Creates a live key named `name` on the keys page: the one-time secret the page shows. */
async function createKeyOnPage(run, name) {
  const { page } = run;
  await openRoute(run, '/keys', 'API keys');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create the key' }).click();
  const secret = page.locator('input[data-secret="API key"]');
  await expectOrError(run, secret, 'creating a key');
  const key = await secret.inputValue();
  if (!/^wt_live_\S+$/.test(key)) fail(`the page shows "${key}" as the new key`);
  await page.getByText('you will not see it again', { exact: false }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.locator(`tr[data-key-name="${name}"]`).waitFor({ timeout: STEP_TIMEOUT_MS });
  return key;
}

/** Creates a live API key on the keys page and reads its one-time secret from the page. */
async function createApiKey(run) {
  run.keyName = `dashboard-check-${Date.now()}`;
  run.key = await createKeyOnPage(run, run.keyName);
  await checkAccessibility(run, 'the API keys page, with a new key shown');
  await screenshot(run, 'keys');
  say(`created the key "${run.keyName}" (${run.key.slice(0, 12)}…) and read it from the page`);
}

/** The key the page showed works: GET /api/user with it from Node answers 200, the same user. */
async function useKeyFromNode(run) {
  if (!run.key) fail('no key to use');
  const response = await fetch(url('/api/user'), { headers: { Authorization: `Bearer ${run.key}`, Accept: 'application/json' } });
  if (response.status !== 200) fail(`GET /api/user with the new key answered ${response.status}`);
  const user = await response.json();
  if (user.email !== ADMIN_EMAIL.toLowerCase()) fail(`GET /api/user with the new key answered ${user.email}`);
  say('GET /api/user with the key from the page answered 200');
}

/** Registers a webhook to WEBHOOK_URL for one event type and reads its one-time signing secret. */
async function registerWebhook(run) {
  const { page } = run;
  await openRoute(run, '/webhooks', 'Webhooks');
  await page.getByLabel('Endpoint URL').fill(WEBHOOK_URL);
  await page.getByLabel('Filter event types').fill('contact.created');
  await page.getByRole('checkbox', { name: /contact\.created/ }).check();
  await page.getByRole('button', { name: 'Add the endpoint' }).click();
  const secret = page.locator('input[data-secret="Signing secret"]');
  await expectOrError(run, secret, 'registering a webhook');
  if (!(await secret.inputValue()).startsWith('whsec_')) fail('the page shows no whsec_ signing secret');
  const link = page.getByRole('link', { name: `Open the webhook to ${WEBHOOK_URL}` });
  const href = await link.getAttribute('href');
  run.webhookId = href?.match(/^#\/webhooks\/(\d+)$/)?.[1];
  if (!run.webhookId) fail(`the link to the new webhook is "${href}"`);
  await page.locator(`tr[data-webhook-id="${run.webhookId}"]`).waitFor({ timeout: STEP_TIMEOUT_MS });
  await checkAccessibility(run, 'the webhooks page, with a new secret shown');
  await screenshot(run, 'webhooks');
  say(`registered webhook ${run.webhookId} to ${WEBHOOK_URL}`);
}

/** Sends a test from the webhook's page and sees it in the delivery log, with an attempt; resends it. */
async function sendTestAndSeeDelivery(run) {
  const { page } = run;
  if (!run.webhookId) fail('no webhook to test');
  await openRoute(run, `/webhooks/${run.webhookId}`, /^Webhook to /);
  await page.getByRole('button', { name: 'Send test' }).click();
  await expectOrError(run, page.getByText('It appears in the delivery log below', { exact: false }), 'sending a test');
  const delivery = page.locator('article.delivery', { hasText: 'webhook.test' }).first();
  await delivery.waitFor({ timeout: DELIVERY_TIMEOUT_MS });
  // The log refreshes itself while the delivery is pending; wait for its first attempt.
  const attempt = delivery.locator('table.attempts tbody tr').first();
  await attempt.waitFor({ timeout: DELIVERY_TIMEOUT_MS });
  const status = await delivery.getAttribute('data-status');
  const code = await attempt.getAttribute('data-status-code');
  say(`the delivery log shows the test: ${status}, first attempt answered ${code || 'nothing'}`);
  const deliveryId = await delivery.getAttribute('data-delivery-id');
  await delivery.getByRole('button', { name: `Resend delivery ${deliveryId}` }).click();
  await page.getByText(`Delivery ${deliveryId} is queued again.`).waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS }).catch(() => {});
  await checkAccessibility(run, "the webhook's page and delivery log");
  // The screenshot is of the log: its heading at the top of the viewport.
  await page.getByRole('heading', { level: 2, name: 'Delivery log' }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
  await screenshot(run, 'webhook-deliveries');
  say(`resent delivery ${deliveryId}`);
}

/** Revokes the key through the confirm dialog; it leaves the list. */
async function revokeKey(run) {
  const { page } = run;
  if (!run.keyName) fail('no key to revoke');
  await openRoute(run, '/keys', 'API keys');
  const row = page.locator(`tr[data-key-name="${run.keyName}"]`);
  await row.getByRole('button', { name: `Revoke ${run.keyName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
  await dialog.waitFor({ timeout: STEP_TIMEOUT_MS });
  await checkAccessibility(run, 'the confirm dialog');
  await dialog.getByRole('button', { name: 'Revoke the key' }).click();
  await page.getByText(`The key "${run.keyName}" is revoked.`).waitFor({ timeout: STEP_TIMEOUT_MS });
  await row.waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
  say(`revoked the key "${run.keyName}" from the page`);
}

/** The revoked key is refused: GET /api/user with it answers 401. */
async function keyIsRefused(run) {
  const response = await fetch(url('/api/user'), { headers: { Authorization: `Bearer ${run.key}`, Accept: 'application/json' } });
  if (response.status !== 401) fail(`GET /api/user with the revoked key answered ${response.status}, not 401`);
  say('the revoked key gets 401');
}

/** The other pages draw without error (and pass axe); the operator's workspace is billed outside Worktop. */
async function visitOtherPages(run) {
  for (const [route, heading, name, shot] of [
    ['/sandbox', 'Sandbox', 'sandbox', 'sandbox'],
    ['/oauth', 'OAuth applications', 'oauth', 'oauth'],
    ['/users', 'Users', 'users', 'users'],
    ['/billing', 'Billing', 'billing', null],
  ]) {
    await openRoute(run, route, heading);
    if (route === '/billing') {
      await expectOrError(run, run.page.locator('section[data-plan-state]'), 'the billing page');
      say(`the operator's workspace's billing page says "${await run.page.locator('.plan-state-text').innerText()}"`);
    }
    await checkAccessibility(run, `the ${name} page`);
    if (shot) await screenshot(run, shot);
  }
  say('the sandbox, OAuth, users and billing pages draw');
}

/** Deletes the check's webhook from its page, through the confirm dialog. */
async function deleteWebhook(run) {
  const { page } = run;
  if (!run.webhookId) fail('no webhook to delete');
  await openRoute(run, `/webhooks/${run.webhookId}`, /^Webhook to /);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete this webhook?' }).getByRole('button', { name: 'Delete the webhook' }).click();
  await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.getByText('The webhook is deleted.').waitFor({ timeout: STEP_TIMEOUT_MS });
  say(`deleted webhook ${run.webhookId}`);
}

/** Logs out from the header; the log-in page comes back. */
async function logOut(run) {
  const { page } = run;
  await page.locator('header').getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('heading', { level: 1, name: 'Log in to Worktop' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  say('logged out');
}

// ---- A white-label platform's sub-tenant ----

/**
 * A page in a browser of its own, with a fresh context (no session, no storage), watched as the
 * main page is: {page, close}.
 */
async function guestPage(run) {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    watchContext(context);
    const page = await context.newPage();
    watchPage(run, page);
    return { page, close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/**
 * The operator's platform provisions a sub-tenant (POST /api/wl/tenants from Node); its owner
 * gets the invitation by mail, opens the link in a browser with no session, sets a password, logs
 * in and sees the overview; the link opened again is refused.
 */
async function whiteLabelInvitation(run) {
  const login = await callApi(null, 'POST', '/api/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (login.status !== 200 || typeof login.body?.token !== 'string') fail(`POST /api/login as ${ADMIN_EMAIL} answered ${login.status} ${JSON.stringify(login.body)}`);
  const operator = login.body.token;
  const ownerEmail = `wl-owner-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
  const workspaceName = 'Acme Dental';
  let provisioned;
  try {
    provisioned = await callApi(
      operator,
      'POST',
      '/api/wl/tenants',
      { name: workspaceName, owner_email: ownerEmail, owner_name: 'Ana Costa' },
      { timeoutMs: PROVISION_TIMEOUT_MS },
    );
  } finally {
    await callApi(operator, 'POST', '/api/logout').catch(() => {});
  }
  if (provisioned.status !== 201) fail(`POST /api/wl/tenants answered ${provisioned.status} ${JSON.stringify(provisioned.body)}, not 201`);
  const invitation = provisioned.body?.invitation?.token;
  if (typeof invitation !== 'string' || !invitation) fail(`POST /api/wl/tenants answered no invitation token: ${JSON.stringify(provisioned.body)}`);
  say(`the operator's platform provisioned sub-tenant ${provisioned.body.tenant?.id} "${workspaceName}" for ${ownerEmail}`);

  // The invitation mail: the text part holds the link as it is (the HTML part encodes it).
  const subject = `Your workspace ${workspaceName} is ready`;
  const mails = await waitFor(`the invitation mail to ${ownerEmail} in ${MAIL_DIR}`, STEP_TIMEOUT_MS, () => {
    const found = readMails().filter((m) => m.complete && (m.headers.to ?? '').toLowerCase().includes(ownerEmail));
    return found.length ? found : null;
  });
  if (mails.length !== 1) problem(`${mails.length} mails to ${ownerEmail} (${mails.map((m) => m.name).join(', ')}), not one`);
  const mail = mails[0];
  if (mail.headers.subject !== subject) fail(`the mail to ${ownerEmail} (${mail.name}) is "${mail.headers.subject}", not "${subject}"`);
  const text = mail.parts.find((part) => part.type === 'text/plain')?.text ?? '';
  const link = text.match(/https?:\/\/[^\s<>"]+#\/accept-invitation\?token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) fail(`the invitation mail (${mail.name}) has no #/accept-invitation?token= link in its text part`);
  const hash = link.slice(link.indexOf('#'));
  const mailed = new URLSearchParams(hash.slice(hash.indexOf('?') + 1)).get('token');
  if (mailed !== invitation) fail(`the mailed link's token (${mailed}) is not the invitation the API answered (${invitation})`);
  const html = mail.parts.find((part) => part.type === 'text/html')?.text ?? '';
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => unescapeHtml(m[1]));
  if (!hrefs.includes(link)) problem(`the invitation mail's HTML part does not link to ${link} (it links to ${JSON.stringify(hrefs)})`);
  say(`the invitation mail (${mail.name}, "${subject}") links to the invitation the API answered`);

  // The owner, in a browser with no session: the link as it would open on the server this check drives.
  const guest = await guestPage(run);
  const main = run.page;
  run.page = guest.page;
  const { page } = run;
  try {
    const password = randomBytes(24).toString('base64url');
    const openLink = async () => {
      await page.goto(url(`/${hash}`));
      await page.getByRole('heading', { level: 1, name: 'Accept your invitation' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.getByLabel('New password', { exact: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS }).catch(() => {});
    };
    const submit = async () => {
      await page.getByLabel('New password', { exact: true }).fill(password);
      await page.getByLabel('New password again', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Set the password' }).click();
    };

    await openLink();
    await checkAccessibility(run, 'the accept-invitation page');
    await submit();
    const ready = page.getByRole('status').filter({ hasText: 'Your account is ready.' });
    await expectOrError(run, ready, 'accepting the invitation');
    if (!(await ready.innerText()).includes(ownerEmail)) problem(`the accept page's notice does not name the login ${ownerEmail}: "${await ready.innerText()}"`);
    const logInLink = ready.getByRole('link', { name: 'Log in', exact: true });
    await logInLink.waitFor({ timeout: STEP_TIMEOUT_MS });
    await checkAccessibility(run, 'the accept-invitation page, accepted');
    await screenshot(run, 'accept-invitation');
    say(`accepted the invitation in the browser as ${ownerEmail}`);

    await logInLink.click();
    await page.getByRole('heading', { level: 1, name: 'Log in to Worktop' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    const emailField = page.getByLabel('E-mail');
    if ((await emailField.inputValue()) !== ownerEmail) await emailField.fill(ownerEmail);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectOrError(run, page.getByRole('heading', { level: 1, name: 'Overview' }), `logging in as ${ownerEmail}`);
    await page.locator('header').getByText(ownerEmail, { exact: false }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.locator('header').getByText(workspaceName, { exact: false }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS }).catch(() => {});
    say(`logged in as ${ownerEmail}: the overview of "${workspaceName}"`);

    // The link works once: logged out, the owner opens it again and is refused.
    await page.locator('header').getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Log in to Worktop' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await expectingRefusal(run, 404, '/api/wl/invitations/accept', async () => {
      await openLink();
      await submit();
      await page.locator('.notice-error', { hasText: 'no longer valid' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    });
    if (await page.getByText('Your account is ready.').count()) fail('the invitation link, opened again, set the password again');
    await checkAccessibility(run, 'the accept-invitation page, the invitation used');
    say('the invitation link, opened again, is no longer valid');
  } catch (error) {
    await screenshot(run, 'failed-whiteLabelInvitation-owner', { fullPage: true }).catch(() => {});
    throw error;
  } finally {
    run.page = main;
    await guest.close().catch(() => {});
  }
}

// ---- The trial and the subscription, as the signed-up owner ----

/** Logs in as the owner who signed up: the overview says how many days of the trial are left. */
async function logInOnTrial(run) {
  const { page } = run;
  if (!run.signupEmail) fail('no signed-up account');
  await page.getByRole('heading', { level: 1, name: 'Log in to Worktop' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.getByLabel('E-mail').fill(run.signupEmail);
  await page.getByLabel('Password').fill(SIGNUP_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectOrError(run, page.getByRole('heading', { level: 1, name: 'Overview' }), 'logging in as the signed-up owner');
  const trial = page.getByText(/^Trial: (\d+ days? left|ends today)\.$/);
  await expectOrError(run, trial, "the overview's trial state");
  await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS }).catch(() => {});
  await checkAccessibility(run, 'the overview, on trial');
  await screenshot(run, 'overview-trial');
  say(`logged in as ${run.signupEmail}; the overview says "${await trial.innerText()}"`);
}

/** The billing page on trial: the days left in words and a "Subscribe" for each plan. */
async function billingOnTrial(run) {
  const { page } = run;
  await openRoute(run, '/billing', 'Billing');
  const summary = page.locator('section[data-plan-state]');
  await expectOrError(run, summary, 'the billing page');
  const state = await summary.getAttribute('data-plan-state');
  if (state !== 'trialing') fail(`the billing page shows the plan state "${state}", not trialing`);
  const text = await page.locator('.plan-state-text').innerText();
  if (!/\d+ days? left|ends today/.test(text)) fail(`the billing page does not say how long the trial lasts: "${text}"`);
  await expectOrError(run, page.getByRole('button', { name: 'Subscribe to Starter' }), 'the plans on the billing page');
  await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS }).catch(() => {});
  await checkAccessibility(run, 'the billing page, on trial');
  await screenshot(run, 'billing');
  say(`the billing page says "${text}"`);
}

/**
 * The trial ends: a live key of the owner's (made on the keys page), the server's trial clock 15
 * days on, then the workspace is read-only: 402 `trial_ended` for a write, 200 for a read, the
 * banner on the pages, and a write from a page shows the API's message.
 */
async function trialEnds(run) {
  const { page } = run;
  run.ownerKey = await createKeyOnPage(run, `trial-check-${Date.now()}`);
  const before = await callApi(run.ownerKey, 'GET', '/api/workspace');
  if (before.status !== 200) fail(`GET /api/workspace with the owner's key answered ${before.status}`);
  if (before.body.plan_state !== 'trialing') fail(`the signed-up workspace is "${before.body.plan_state}", not trialing`);
  run.workspaceId = before.body.id;
  await expectWritable(run, 'on trial');

  writeFileSync(CLOCK_FILE, String(15 * 86_400));
  say(`moved the server's trial clock 15 days on (${CLOCK_FILE})`);
  const workspace = await waitForPlanState(run, 'trial_ended', TRIAL_END_TIMEOUT_MS);
  if (workspace.read_only?.code !== 'trial_ended') fail(`read_only is ${JSON.stringify(workspace.read_only)}, not trial_ended`);
  await expectReadOnly(run, 'trial_ended', workspace);

  // Every page has the banner: the overview's is the screenshot.
  await openRoute(run, '/', 'Overview');
  const banner = page.getByRole('status').filter({ has: page.locator('.read-only-banner') });
  await expectOrError(run, banner.getByText('Your trial has ended.'), 'the read-only banner');
  if (!(await banner.innerText()).includes(workspace.read_only.message)) fail(`the banner does not say the API's message: "${await banner.innerText()}"`);
  await banner.getByRole('link', { name: 'Choose a plan on the billing page' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await checkAccessibility(run, 'the overview, read-only');
  await screenshot(run, 'read-only');

  // A write from a page: the form shows the API's 402 message and the way to the billing page.
  await expectingRefusal(run, 402, '/api/v1/webhooks', async () => {
    await openRoute(run, '/webhooks', 'Webhooks');
    await page.getByRole('status').getByText('Your trial has ended.').waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByLabel('Endpoint URL').fill(WEBHOOK_URL);
    await page.getByLabel('Filter event types').fill('contact.created');
    await page.getByRole('checkbox', { name: /contact\.created/ }).check();
    await page.getByRole('button', { name: 'Add the endpoint' }).click();
    const refusal = page.locator('.notice-error', { hasText: workspace.read_only.message });
    await refusal.waitFor({ timeout: STEP_TIMEOUT_MS });
    await refusal.getByRole('link', { name: 'Choose a plan on the billing page' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  });
  await checkAccessibility(run, 'the webhooks page, a write refused');
  say('the trial ended: the banner is on the pages, and a write from a page shows the 402 message');
}

/**
 * Subscribes to Starter: the billing page sends the browser to localstripe's hosted checkout,
 * which comes back to #/billing?checkout=success; the page says the payment is activating and
 * shows the subscription once Stripe's webhook made it the workspace's. Writes work again.
 */
async function subscribe(run) {
  const { page } = run;
  await openRoute(run, '/billing', 'Billing');
  const button = page.getByRole('button', { name: 'Subscribe to Starter' });
  await expectOrError(run, button, 'the plans on the billing page');
  await button.click();
  await expectOrError(run, page.locator('#submit'), "going to Stripe's checkout page");
  if (new URL(page.url()).origin !== stripeBase.origin) fail(`the checkout page is ${page.url()}, not on ${stripeBase.origin}`);
  say(`on the checkout page ${page.url()}`);
  await page.locator('#submit').click();
  await page.waitForURL((u) => u.origin === origin && u.hash.startsWith('#/billing?checkout=success'), { timeout: STEP_TIMEOUT_MS });
  await page.getByText(/^Payment received/).first().waitFor({ timeout: STEP_TIMEOUT_MS });
  say(`back on ${page.url()}`);
  await expectOrError(run, page.locator('section[data-plan-state="active"]'), 'the subscription after the checkout');
  await page.getByText(/^Payment received: your .* subscription is active\.$/).waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.locator('.read-only-banner').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
  // Stripe billed the first month: its invoice is listed.
  await expectOrError(run, page.locator('tr[data-invoice-id]').first(), 'the invoices');

  const workspace = await waitForPlanState(run, 'active', STEP_TIMEOUT_MS);
  if (workspace.plan?.id !== 'starter') fail(`the workspace's plan is ${JSON.stringify(workspace.plan)} after subscribing to Starter`);
  if (workspace.read_only) fail(`the workspace is still read-only: ${JSON.stringify(workspace.read_only)}`);
  await expectWritable(run, 'once subscribed');
  await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS }).catch(() => {});
  await checkAccessibility(run, 'the billing page, subscribed');
  await screenshot(run, 'billing-active');
  say('subscribed to Starter through the checkout page');
}

/** Clicks "Cancel subscription" and confirms in the dialog: the page says it is canceling. */
async function cancelOnPage(run, { axe = false } = {}) {
  const { page } = run;
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the subscription?' });
  await dialog.waitFor({ timeout: STEP_TIMEOUT_MS });
  if (axe) await checkAccessibility(run, "the billing page's confirm dialog");
  await dialog.getByRole('button', { name: 'Cancel the subscription' }).click();
  await expectOrError(run, page.locator('section[data-plan-state="canceling"]'), 'canceling the subscription');
  await page.getByRole('button', { name: 'Resume subscription' }).waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** After Stripe's webhook for the change came back, the billing page read afresh shows `state`. */
async function stateHolds(run, state) {
  await sleep(WEBHOOK_SETTLE_MS);
  await openRoute(run, '/billing', 'Billing');
  const summary = run.page.locator('section[data-plan-state]');
  await expectOrError(run, summary, 'the billing page');
  const shown = await summary.getAttribute('data-plan-state');
  if (shown !== state) fail(`after Stripe's webhook the billing page shows "${shown}", not "${state}"`);
}

/**
 * Cancels at the period's end (writes go on), resumes, and cancels again; each state holds once
 * Stripe's webhook for it has come back.
 */
async function cancelAndResume(run) {
  const { page } = run;
  await openRoute(run, '/billing', 'Billing');
  await cancelOnPage(run, { axe: true });
  await page.getByText(/^Your subscription is canceled\. It ends on /).waitFor({ timeout: STEP_TIMEOUT_MS });
  const canceling = await waitForPlanState(run, 'canceling', STEP_TIMEOUT_MS);
  if (canceling.read_only) fail(`a canceling workspace is read-only: ${JSON.stringify(canceling.read_only)}`);
  await expectWritable(run, 'while canceling');
  await checkAccessibility(run, 'the billing page, canceling');
  await screenshot(run, 'billing-canceling');
  await stateHolds(run, 'canceling');

  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expectOrError(run, page.locator('section[data-plan-state="active"]'), 'resuming the subscription');
  await page.getByText(/^Your subscription continues\. It renews on /).waitFor({ timeout: STEP_TIMEOUT_MS });
  await stateHolds(run, 'active');

  await cancelOnPage(run);
  await stateHolds(run, 'canceling');
  say('canceled, resumed and canceled again from the billing page; writes went on');
}

/** The workspace's live subscription in localstripe: by its customer's address, else by its metadata. */
async function findSubscription(run) {
  const customers = await callStripe('GET', `/v1/customers?email=${encodeURIComponent(run.signupEmail)}&limit=100`);
  for (const customer of customers.data ?? []) {
    const subscriptions = await callStripe('GET', `/v1/subscriptions?customer=${customer.id}&limit=100`);
    const live = (subscriptions.data ?? []).filter((s) => s.status !== 'canceled').sort((a, b) => b.created - a.created);
    if (live.length) return live[0];
  }
  // Every live subscription of the emulator (other phases' too): the one made for this workspace.
  let after = null;
  for (let page = 0; page < 50; page += 1) {
    const list = await callStripe('GET', `/v1/subscriptions?limit=100${after ? `&starting_after=${after}` : ''}`);
    const mine = (list.data ?? []).find((s) => s.metadata?.worktop_workspace === String(run.workspaceId) && s.cancel_at_period_end);
    if (mine) return mine;
    if (!list.has_more || !list.data?.length) break;
    after = list.data[list.data.length - 1].id;
  }
  return fail(`no live subscription of ${run.signupEmail} (workspace ${run.workspaceId}) in localstripe`);
}

/**
 * The period ends as Stripe ends it (DELETE /v1/subscriptions/{id}, then its webhook): the
 * workspace is read-only again, 402 `subscription_ended`, and the billing page offers the plans.
 */
async function subscriptionEnds(run) {
  const { page } = run;
  const subscription = await findSubscription(run);
  await callStripe('DELETE', `/v1/subscriptions/${subscription.id}`);
  say(`ended ${subscription.id} in localstripe`);
  const workspace = await waitForPlanState(run, 'canceled', BILLING_TIMEOUT_MS);
  if (workspace.read_only?.code !== 'subscription_ended') fail(`read_only is ${JSON.stringify(workspace.read_only)}, not subscription_ended`);
  await expectReadOnly(run, 'subscription_ended', workspace);

  await openRoute(run, '/billing', 'Billing');
  await expectOrError(run, page.locator('section[data-plan-state="canceled"]'), 'the billing page after the subscription ended');
  await page.getByRole('status').getByText('Your subscription has ended.').waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.getByRole('button', { name: 'Subscribe to Starter' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS }).catch(() => {});
  await checkAccessibility(run, 'the billing page, the subscription ended');
  await screenshot(run, 'billing-canceled');
  say('the subscription ended: the workspace is read-only again and the plans are offered');
}

/**
 * An app's authorization request (AUTHORIZE_URL): the browser is sent to log in, then to the
 * consent page, which names the app and the scopes; Allow sends it back to the app with a code.
 */
async function oauthConsent(run) {
  const { page } = run;
  // The app's callback: the browser context answers it, so the redirect lands without a network.
  await page.context().route(`${appRedirect.origin}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'the app got the answer' }),
  );
  await page.goto(AUTHORIZE_URL);
  await page.getByRole('heading', { level: 1, name: 'Log in to Worktop' }).waitFor({ timeout: STEP_TIMEOUT_MS });
  if (!page.url().includes('#/login?next=')) problem(`the authorization request did not lead to the log-in page with a way back (${page.url()})`);
  await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  const consent = page.getByRole('heading', { level: 2, name: `${CONSENT_APP_NAME} wants to use your Worktop account` });
  await expectOrError(run, consent, 'the consent page after logging in');
  const scopes = await page.locator('ul.scopes li').allInnerTexts();
  if (scopes.length === 0) problem('the consent page lists no scope');
  await checkAccessibility(run, 'the consent page');
  await screenshot(run, 'consent');
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((target) => target.href.startsWith(REDIRECT_URI), { timeout: STEP_TIMEOUT_MS });
  console.log(`redirected to ${page.url()}`);
  say(`the consent named ${CONSENT_APP_NAME} and ${scopes.length} scope(s); Allow went back to the app`);
}

const STEPS = [
  openDashboard,
  signUp,
  verifyFromMail,
  logOut,
  logIn,
  createApiKey,
  useKeyFromNode,
  registerWebhook,
  sendTestAndSeeDelivery,
  revokeKey,
  keyIsRefused,
  visitOtherPages,
  deleteWebhook,
  logOut,
  whiteLabelInvitation,
  logInOnTrial,
  billingOnTrial,
  trialEnds,
  subscribe,
  cancelAndResume,
  subscriptionEnds,
  logOut,
];

// DASH_ONLY=invitation: the white-label invitation alone; DASH_ONLY=consent: the OAuth consent alone.
const STEPS_TO_RUN = { invitation: [whiteLabelInvitation], consent: [oauthConsent] }[ONLY] ?? STEPS;

/** The checks on every request of a browser context: only allowed origins, none failing. */
function watchContext(context) {
  context.on('request', (request) => {
    const target = new URL(request.url());
    if (target.protocol !== 'data:' && !allowedOrigins.has(target.origin)) problem(`request to another origin: ${request.method()} ${request.url()}`);
  });
  context.on('requestfailed', (request) => {
    // A navigation the page started itself (a hash change) may abort a pending one: not a failure.
    if (request.failure()?.errorText === 'net::ERR_ABORTED' && request.resourceType() === 'document') return;
    problem(`request failed: ${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  });
}

/** The checks on a page: no console error (but the refusals a step expects), no uncaught error. */
function watchPage(run, page) {
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (isExpectedRefusal(run, message)) say(`an expected refusal: ${message.text()} (${message.location()?.url ?? ''})`);
    else problem(`console error: ${message.text()} (${message.location()?.url ?? ''})`);
  });
  page.on('pageerror', (error) => problem(`page error: ${error.message}`));
}

// ---- The run ----

const run = { page: null, axe: null, axeRuns: 0, expectedRefusals: [] };
try {
  run.axe = axeSource();
} catch (error) {
  console.error(`dashboard_check: axe-core is required: run \`npm ci --ignore-scripts\` in infra/ (or name its axe.min.js in AXE_CORE): ${error.message}`);
  process.exit(2);
}

const userDataDir = mkdtempSync(join(tmpdir(), 'dashboard-check-'));
let context;
try {
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: VIEWPORT,
  });
  watchContext(context);
  run.page = context.pages()[0] ?? (await context.newPage());
  watchPage(run, run.page);

  for (const step of STEPS_TO_RUN) {
    const started = Date.now();
    try {
      await step(run);
    } catch (error) {
      problem(`step ${step.name} failed: ${error instanceof StepFailed ? error.message : error.stack ?? error}`);
      await screenshot(run, `failed-${step.name}`, { fullPage: true }).catch(() => {});
      // Later steps build on earlier ones: stop at the first failure.
      break;
    }
    say(`step ${step.name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  say(`axe-core ran on ${run.axeRuns} page states`);
} finally {
  await context?.close();
  receiver?.close();
  rmSync(userDataDir, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`dashboard_check: FAILED, ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`dashboard_check: ${url('/')} OK`);
