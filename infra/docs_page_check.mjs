// Opens the API reference page (GET /docs) in Debian's Chromium, headless, and checks it:
//
// - the page comes with its Content-Security-Policy, and Redoc draws the document (the page's
//   status line goes away, the side menu is drawn);
// - no console error (a request the policy refuses is one) and no uncaught page error;
// - no request leaves BASE_URL's origin (the bundle is served by the binary, nothing comes from a
//   CDN, no telemetry), and no request to it fails;
// - every tag of /api/openapi.json and every heading of the guide is a menu item, the guide's
//   headings and its webhook snippet are on the first page;
// - the menu lists every operation of one tag once that tag is opened;
// - the search finds one operation by its summary (as the document states it), and opening the
//   result draws that operation: its summary, path, parameters, the fields of its JSON request body
//   and of its first JSON answer, its answer codes and a sample;
//
// then saves a screenshot of the top of the first page. It reports how long the page took to
// draw, to answer the search and to draw the operation; that is not asserted (a test does not hold
// a timing goal), but a time past TIME_BUDGET_S is pointed out.
//
// Usage: node infra/docs_page_check.mjs BASE_URL SCREENSHOT_PATH ["METHOD /path"]
//   e.g. node infra/docs_page_check.mjs http://127.0.0.1:8080 docs/reference-page.png
// The operation searched for is "GET /api/v1/contacts" unless named; its summary is read from the
// document, so the check holds whatever the summary says.
// Needs `npm install --ignore-scripts` in infra/ (playwright-core, pinned in infra/package.json)
// and /usr/bin/chromium (infra/ensure_chromium.sh installs it).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const GUIDE_HEADINGS = ['Authentication', 'Errors', 'Paging', 'Idempotency', 'Rate limits', 'Webhooks'];
const DEFAULT_OPERATION = 'GET /api/v1/contacts';
const RENDER_TIMEOUT_MS = 180_000;
const STEP_TIMEOUT_MS = 60_000;
// What "draws in seconds" means on a 2-core machine: a figure reported against, not asserted.
const TIME_BUDGET_S = 10;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

const [baseArg, screenshotPath, operationArg = DEFAULT_OPERATION] = process.argv.slice(2);
if (!baseArg || !screenshotPath) {
  console.error('usage: node infra/docs_page_check.mjs BASE_URL SCREENSHOT_PATH ["METHOD /path"]');
  process.exit(2);
}
const base = new URL(baseArg);
const origin = base.origin;
const url = (path) => new URL(path, base).href;

const problems = [];
const problem = (text) => {
  problems.push(text);
  console.error(`docs_page_check: ${text}`);
};
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const seconds = (ms) => (ms / 1000).toFixed(1);
const timings = [];
const timed = (what, ms) => {
  timings.push(`${what} ${seconds(ms)} s`);
  const over = ms / 1000 > TIME_BUDGET_S ? ` (over the ${TIME_BUDGET_S} s budget)` : '';
  console.log(`docs_page_check: ${what} in ${seconds(ms)} s${over}`);
};

/** The origin a request goes to; `null` for one that never reaches the network (`data:`). */
function originOf(requestUrl) {
  const parsed = new URL(requestUrl);
  if (parsed.protocol === 'data:') return null;
  // blob: URLs carry their creator's origin (WHATWG URL), which `origin` gives.
  return parsed.origin;
}

const spec = await fetch(url('/api/openapi.json')).then((r) => {
  if (!r.ok) throw new Error(`GET /api/openapi.json answered ${r.status}`);
  return r.json();
});
const tags = (spec.tags ?? []).map((t) => t.name);
if (tags.length === 0) problem('the OpenAPI document names no tags');

/** The schema a `$ref` names (local references only), or the schema itself. */
function resolve(schema, depth = 0) {
  if (!schema || depth > 20) return schema ?? {};
  if (schema.$ref) {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
    return resolve(target, depth + 1);
  }
  return schema;
}
/** The top-level property names of a schema, through `$ref` and `allOf`. */
function propertyNames(schema, depth = 0) {
  const resolved = resolve(schema);
  if (depth > 20) return [];
  const own = Object.keys(resolved.properties ?? {});
  const inherited = (resolved.allOf ?? []).flatMap((part) => propertyNames(part, depth + 1));
  return [...new Set([...own, ...inherited])];
}

// The operation the search must find, by its summary.
const [wantedMethod, wantedPath] = operationArg.split(' ');
const operation = spec.paths?.[wantedPath]?.[wantedMethod?.toLowerCase()];
if (!operation) {
  console.error(`docs_page_check: the document has no operation ${operationArg}`);
  process.exit(2);
}
const summary = operation.summary ?? '';
if (!summary) problem(`${operationArg} has no summary to search for`);
const operationTag = operation.tags?.[0];
const operationTagCount = Object.values(spec.paths).flatMap((item) =>
  HTTP_METHODS.map((m) => item[m]).filter((op) => op && op.tags?.[0] === operationTag),
).length;
const parameterNames = [...(spec.paths[wantedPath].parameters ?? []), ...(operation.parameters ?? [])]
  .map((p) => resolve(p))
  .filter((p) => p.in !== 'header' && p.in !== 'cookie')
  .map((p) => p.name);
const answerCodes = Object.keys(operation.responses ?? {}).filter((code) => code !== 'default');
const firstJsonAnswer = answerCodes
  .filter((code) => code.startsWith('2'))
  .map((code) => resolve(operation.responses[code]).content?.['application/json']?.schema)
  .find(Boolean);
const answerFields = firstJsonAnswer ? propertyNames(firstJsonAnswer) : [];
const requestSchema = resolve(operation.requestBody)?.content?.['application/json']?.schema;
const requestFields = requestSchema ? propertyNames(requestSchema) : [];

/** The first page: every tag and guide heading in the menu, the guide shown. Answers the menu's size. */
async function checkFirstPage(page) {
  const menuItems = new Set(
    await page.$$eval('[data-testid="menu-item-label"]', (items) => items.map((i) => i.textContent.trim())),
  );
  const text = await page.evaluate(() => document.body.innerText);

  for (const tag of tags) {
    if (!menuItems.has(tag)) problem(`tag "${tag}" is not a menu item`);
  }
  for (const heading of GUIDE_HEADINGS) {
    if (!menuItems.has(heading)) problem(`guide heading "${heading}" is not a menu item`);
    const shown = await page.$$eval(
      'h1, h2',
      (headings, wanted) => headings.some((h) => h.textContent.trim() === wanted),
      heading,
    );
    if (!shown) problem(`guide heading "${heading}" is not a heading of the page`);
  }
  for (const phrase of ['def verify_webhook', 'Idempotency-Key', 'X-RateLimit-Remaining', 'next_cursor']) {
    if (!text.includes(phrase)) problem(`the guide's "${phrase}" is not in the page's text`);
  }
  if (!text.includes(spec.info.title)) problem(`the document's title "${spec.info.title}" is not shown`);

  // Let late requests show up before judging them, and the search box finish indexing (it says
  // "Loading..." until then) before the screenshot.
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
  await page
    .waitForFunction(
      () => !document.querySelector('[data-testid="search-trigger"]')?.textContent.includes('Loading'),
      null,
      { timeout: STEP_TIMEOUT_MS },
    )
    .catch(() => {});
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath });
  console.log(`docs_page_check: screenshot saved to ${screenshotPath}`);
  return menuItems.size;
}

/** The search finds the operation by its summary; its result opens the operation, drawn whole. */
async function checkSearch(page) {
  if (!summary) return;
  const searchStarted = Date.now();
  await page.locator('[data-testid="search-trigger"]').click();
  await page.locator('input[placeholder="Search docs..."]').fill(summary);
  const hit = page.locator('a[data-component-name="Search/SearchItem"]', { hasText: summary }).first();
  const found = await hit
    .waitFor({ timeout: STEP_TIMEOUT_MS })
    .then(() => true)
    .catch(() => false);
  if (!found) {
    problem(`the search finds no result for "${summary}" (${operationArg})`);
    return;
  }
  timed(`the search found "${summary}"`, Date.now() - searchStarted);

  const openStarted = Date.now();
  await hit.click();
  const heading = new RegExp(`^\\s*${escapeRegExp(summary)}\\s*$`);
  const section = page.locator('[data-section-id]', { has: page.locator('h1, h2', { hasText: heading }) }).first();
  const drawn = await section
    .waitFor({ timeout: STEP_TIMEOUT_MS })
    .then(() => true)
    .catch(() => false);
  if (!drawn) {
    problem(`opening the search result draws no section headed "${summary}"`);
    return;
  }
  timed(`${operationArg} was drawn`, Date.now() - openStarted);
  const shown = await section.innerText();
  for (const [what, wanted] of [
    ['path', [wantedPath]],
    ['parameter', parameterNames],
    ['request field', requestFields],
    ['answer code', answerCodes],
    ['answer field', answerFields],
  ]) {
    for (const name of wanted) {
      if (!shown.includes(name)) problem(`${operationArg}: its ${what} "${name}" is not shown`);
    }
  }
  const samples = await section.locator('[data-component-name="JsonViewer/JsonViewer"]').count();
  if (samples === 0) problem(`${operationArg}: no answer sample is shown`);
  console.log(
    `docs_page_check: ${operationArg} shows its ${parameterNames.length} parameters, ${requestFields.length} request fields, ` +
      `${answerCodes.length} answer codes, ${answerFields.length} answer fields and ${samples} sample(s)`,
  );
}

/**
 * The menu lists every operation of the operation's tag (open once one of them is shown; opened
 * by a click otherwise).
 */
async function checkTagMenu(page) {
  if (!operationTag) return;
  const tagHref = await page.$$eval(
    '[data-testid="menu-item-label"]',
    (labels, name) => labels.find((l) => l.textContent.trim() === name)?.closest('a')?.getAttribute('href') ?? null,
    operationTag,
  );
  if (!tagHref) {
    problem(`the menu item of tag "${operationTag}" is not a link`);
    return;
  }
  const operationLinks = `[data-component-name="Menu/MenuItem"] a[href^="${tagHref}/"]`;
  if ((await page.locator(operationLinks).count()) < operationTagCount) {
    await page.locator(`[data-component-name="Menu/MenuItem"] a[href="${tagHref}"]`).first().click();
  }
  const listed = await page
    .waitForFunction(
      ([selector, wanted]) => document.querySelectorAll(selector).length >= wanted,
      [operationLinks, operationTagCount],
      { timeout: STEP_TIMEOUT_MS },
    )
    .then(() => true)
    .catch(() => false);
  const count = await page.locator(operationLinks).count();
  if (!listed) problem(`the menu lists ${count} operations of tag "${operationTag}", the document ${operationTagCount}`);
  else console.log(`docs_page_check: the menu lists the ${count} operations of tag "${operationTag}"`);
}

const userDataDir = mkdtempSync(join(tmpdir(), 'docs-page-check-'));
let context;
try {
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1440, height: 900 },
  });

  context.on('request', (request) => {
    const to = originOf(request.url());
    if (to !== null && to !== origin) problem(`request to another origin: ${request.method()} ${request.url()}`);
  });
  context.on('requestfailed', (request) => {
    problem(`request failed: ${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  });
  context.on('response', (response) => {
    if (response.status() >= 400) problem(`${response.status()} for ${response.request().method()} ${response.url()}`);
  });

  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => {
    if (message.type() === 'error') problem(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problem(`page error: ${error.message}`));

  const started = Date.now();
  const response = await page.goto(url('/docs'), { waitUntil: 'load' });
  if (response?.status() !== 200) problem(`GET /docs answered ${response?.status()}`);
  const headers = response?.headers() ?? {};
  if (headers['content-type'] !== 'text/html; charset=utf-8') problem(`GET /docs content-type: ${headers['content-type']}`);
  const policy = headers['content-security-policy'] ?? '';
  if (!policy.includes("default-src 'none'") || !/script-src 'self' 'sha256-/.test(policy)) {
    problem(`GET /docs has no Content-Security-Policy limiting scripts to its own (it has "${policy}")`);
  }

  // The page hides its status line once Redoc has drawn its menu, and shows an error in it when it
  // could not.
  await page.waitForFunction(
    () => {
      const status = document.getElementById('status');
      return status && (status.hidden || status.className === 'failed');
    },
    null,
    { timeout: RENDER_TIMEOUT_MS },
  );
  const failure = await page.$eval('#status', (s) => (s.hidden ? null : s.textContent));
  if (failure) {
    problem(`the page says: ${failure}`);
  } else {
    await page.waitForSelector('[data-testid="menu-item-label"]', { timeout: RENDER_TIMEOUT_MS });
    timed('Redoc drew the reference', Date.now() - started);
    const menuItemCount = await checkFirstPage(page);
    await checkSearch(page);
    await checkTagMenu(page);
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    console.log(
      `docs_page_check: ${tags.length} tags and ${GUIDE_HEADINGS.length} guide headings checked, ${menuItemCount} menu items`,
    );
  }
  console.log(`docs_page_check: times (reported, not asserted): ${timings.join('; ')}`);
} finally {
  await context?.close();
  rmSync(userDataDir, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`docs_page_check: FAILED, ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`docs_page_check: ${url('/docs')} OK`);
