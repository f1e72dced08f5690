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
// - no console error, no uncaught page error, no request to another origin, no failed request;
// - axe-core on every page visited, when `axe-core` resolves from infra/node_modules (or AXE_CORE
//   names its axe.min.js): a serious or critical violation fails the check, lesser ones are printed.
//
// Each step is a named function taking the shared `run` state, so more steps (sign up, verify the
// e-mail, the trial) slot into STEPS below.
//
// Usage: node infra/dashboard_check.mjs BASE_URL [SCREENSHOT_DIR]
//   e.g. ADMIN_EMAIL=admin@example.com ADMIN_PASSWORD=... MAIL_DIR=data/mail \
//        node infra/dashboard_check.mjs http://127.0.0.1:8080 /tmp/dashboard-shots
// Environment: BASE_URL (when not an argument), ADMIN_EMAIL, ADMIN_PASSWORD, MAIL_DIR (the
// server's DATA_DIR/mail), WEBHOOK_URL (optional: else a receiver of this script's own, which
// needs WEBHOOK_ALLOW_PRIVATE=true on the server), CHROMIUM (default /usr/bin/chromium, which infra/ensure_chromium.sh installs),
// AXE_CORE (optional path to axe.min.js). Needs `npm install --ignore-scripts` in infra/.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const STEP_TIMEOUT_MS = 30_000;
const DELIVERY_TIMEOUT_MS = 90_000;
const AXE_FAILING_IMPACTS = new Set(['serious', 'critical']);

const baseArg = process.argv[2] ?? process.env.BASE_URL;
const screenshotDir = process.argv[3] ?? process.env.SCREENSHOT_DIR ?? null;
const { ADMIN_EMAIL, ADMIN_PASSWORD, MAIL_DIR } = process.env;
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
if (!baseArg || !ADMIN_EMAIL || !ADMIN_PASSWORD || !MAIL_DIR) {
  console.error('usage: ADMIN_EMAIL=.. ADMIN_PASSWORD=.. MAIL_DIR=.. [WEBHOOK_URL=..] node infra/dashboard_check.mjs BASE_URL [SCREENSHOT_DIR]');
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
  try {
    if (process.env.AXE_CORE) return readFileSync(process.env.AXE_CORE, 'utf8');
    const require = createRequire(new URL('./package.json', import.meta.url));
    return readFileSync(join(require.resolve('axe-core'), '..', 'axe.min.js'), 'utf8');
  } catch {
    return null;
  }
}

/** Runs axe-core on the page as it stands; serious and critical violations are problems. */
async function checkAccessibility(run, what) {
  if (!run.axe) return;
  // Evaluated through the DevTools protocol, which the page's script-src does not govern.
  if (!(await run.page.evaluate(() => typeof window.axe === 'object'))) await run.page.evaluate(run.axe);
  const result = await run.page.evaluate(async () => {
    const answer = await window.axe.run(document, { resultTypes: ['violations'] });
    return answer.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  for (const v of result) {
    const text = `axe on ${what}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`;
    if (AXE_FAILING_IMPACTS.has(v.impact)) problem(text);
    else say(text);
  }
  run.axeRuns += 1;
}

async function screenshot(run, name) {
  if (!screenshotDir) return;
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await run.page.screenshot({ path, fullPage: true });
  say(`screenshot ${path}`);
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

/** Goes to a dashboard route and waits for its heading. */
async function openRoute(run, route, heading) {
  await run.page.goto(url(`/#${route}`));
  await run.page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await run.page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS }).catch(() => {});
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
  await page.getByLabel('Your name').fill('Ana Costa');
  await page.getByLabel('Work e-mail').fill(run.signupEmail);
  await page.getByLabel('Password').fill('a long passphrase of hers');
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

/** Creates a live API key on the keys page and reads its one-time secret from the page. */
async function createApiKey(run) {
  const { page } = run;
  await openRoute(run, '/keys', 'API keys');
  run.keyName = `dashboard-check-${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(run.keyName);
  await page.getByRole('button', { name: 'Create the key' }).click();
  const secret = page.locator('input[data-secret="API key"]');
  await expectOrError(run, secret, 'creating a key');
  run.key = await secret.inputValue();
  if (!/^wt_live_\S+$/.test(run.key)) fail(`the page shows "${run.key}" as the new key`);
  await page.getByText('you will not see it again', { exact: false }).waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.locator(`tr[data-key-name="${run.keyName}"]`).waitFor({ timeout: STEP_TIMEOUT_MS });
  await checkAccessibility(run, 'the API keys page, with a new key shown');
  await screenshot(run, 'api-keys');
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

/** The other pages draw without error (and pass axe). */
async function visitOtherPages(run) {
  for (const [route, heading, name] of [
    ['/sandbox', 'Sandbox', 'sandbox'],
    ['/oauth', 'OAuth applications', 'oauth'],
    ['/users', 'Users', 'users'],
  ]) {
    await openRoute(run, route, heading);
    await checkAccessibility(run, `the ${name} page`);
    await screenshot(run, name);
  }
  say('the sandbox, OAuth and users pages draw');
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
];

// ---- The run ----

const run = { page: null, axe: axeSource(), axeRuns: 0 };
if (!run.axe) say('axe-core does not resolve from infra/node_modules (nor AXE_CORE): the accessibility check is skipped');

const userDataDir = mkdtempSync(join(tmpdir(), 'dashboard-check-'));
let context;
try {
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 900 },
  });
  context.on('request', (request) => {
    const target = new URL(request.url());
    if (target.protocol !== 'data:' && target.origin !== origin) problem(`request to another origin: ${request.method()} ${request.url()}`);
  });
  context.on('requestfailed', (request) => {
    // A navigation the page started itself (a hash change) may abort a pending one: not a failure.
    if (request.failure()?.errorText === 'net::ERR_ABORTED' && request.resourceType() === 'document') return;
    problem(`request failed: ${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  });
  run.page = context.pages()[0] ?? (await context.newPage());
  run.page.setDefaultTimeout(STEP_TIMEOUT_MS);
  run.page.on('console', (message) => {
    if (message.type() === 'error') problem(`console error: ${message.text()} (${message.location()?.url ?? ''})`);
  });
  run.page.on('pageerror', (error) => problem(`page error: ${error.message}`));

  for (const step of STEPS) {
    const started = Date.now();
    try {
      await step(run);
    } catch (error) {
      problem(`step ${step.name} failed: ${error instanceof StepFailed ? error.message : error.stack ?? error}`);
      await screenshot(run, `failed-${step.name}`).catch(() => {});
      // Later steps build on earlier ones: stop at the first failure.
      break;
    }
    say(`step ${step.name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (run.axe) say(`axe-core ran on ${run.axeRuns} page states`);
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
