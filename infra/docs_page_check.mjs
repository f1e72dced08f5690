// Opens the API reference page (GET /docs) in Debian's Chromium, headless, and checks it:
//
// - Redoc renders the document (the page's status line goes away, the menu is drawn);
// - no console error and no uncaught page error;
// - no request leaves BASE_URL's origin (the bundle is served by the binary, nothing comes from a
//   CDN), and no request to it fails;
// - every tag of /api/openapi.json is a menu item and in the page's text;
// - the guide's headings (and its webhook snippet) are there;
//
// then saves a screenshot of the top of the page.
//
// Usage: node infra/docs_page_check.mjs BASE_URL SCREENSHOT_PATH
//   e.g. node infra/docs_page_check.mjs http://127.0.0.1:8080 docs/reference-page.png
// Needs `npm install --ignore-scripts` in infra/ (playwright-core, pinned in infra/package.json)
// and /usr/bin/chromium (infra/ensure_chromium.sh installs it).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const GUIDE_HEADINGS = ['Authentication', 'Errors', 'Paging', 'Idempotency', 'Rate limits', 'Webhooks'];
const RENDER_TIMEOUT_MS = 180_000;

const [baseArg, screenshotPath] = process.argv.slice(2);
if (!baseArg || !screenshotPath) {
  console.error('usage: node infra/docs_page_check.mjs BASE_URL SCREENSHOT_PATH');
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
  const contentType = response?.headers()['content-type'];
  if (contentType !== 'text/html; charset=utf-8') problem(`GET /docs content-type: ${contentType}`);

  // The page hides its status line once Redoc has drawn the document, and shows an error in it
  // when it could not.
  await page.waitForFunction(
    () => {
      const status = document.getElementById('status');
      return status && (status.hidden || status.className === 'failed');
    },
    null,
    { timeout: RENDER_TIMEOUT_MS },
  );
  const failure = await page.$eval('#status', (s) => (s.hidden ? null : s.textContent));
  if (failure) problem(`the page says: ${failure}`);
  await page.waitForSelector('[role="menuitem"]', { timeout: RENDER_TIMEOUT_MS });
  console.log(`docs_page_check: Redoc drew the reference in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const menuItems = new Set(
    await page.$$eval('[role="menuitem"]', (items) => items.map((i) => i.getAttribute('aria-label'))),
  );
  const text = await page.evaluate(() => document.body.innerText);

  for (const tag of tags) {
    if (!menuItems.has(tag)) problem(`tag "${tag}" is not a menu item`);
    if (!text.includes(tag)) problem(`tag "${tag}" is not in the page's text`);
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

  // Let late requests (images, the search worker) show up before judging them.
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath });
  console.log(`docs_page_check: screenshot saved to ${screenshotPath}`);
  console.log(
    `docs_page_check: ${tags.length} tags and ${GUIDE_HEADINGS.length} guide headings checked, ${menuItems.size} menu items`,
  );
} finally {
  await context?.close();
  rmSync(userDataDir, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`docs_page_check: FAILED, ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`docs_page_check: ${url('/docs')} OK`);
