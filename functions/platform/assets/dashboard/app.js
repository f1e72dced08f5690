// The dashboard's shell: the session, the header and the navigation, the read-only banner (while
// GET /api/workspace has `read_only`: the trial or the subscription ended), and the hash router
// (`#/keys`, `#/webhooks/12`, `#/verify?token=...`), so the server only ever serves `/`.

import { api, getToken, setToken, onUnauthorized, onPaymentRequired } from './api.js';
import { h, clear, notice, errorNotice, loading, can } from './ui.js';

import * as signup from './pages/signup.js';
import * as verify from './pages/verify.js';
import * as login from './pages/login.js';
import * as forgot from './pages/forgot.js';
import * as reset from './pages/reset.js';
import * as accept from './pages/accept.js';
import * as overview from './pages/overview.js';
import * as keys from './pages/keys.js';
import * as sandbox from './pages/sandbox.js';
import * as webhooks from './pages/webhooks.js';
import * as webhook from './pages/webhook.js';
import * as oauthApps from './pages/oauth.js';
import * as consent from './pages/consent.js';
import * as users from './pages/users.js';
import * as billing from './pages/billing.js';

// `nav`: the label in the side navigation; `needs`: the permission without which the navigation
// leaves it out (the page itself still shows the API's refusal); `public`: no session needed.
const ROUTES = [
  { path: '/', page: overview, title: 'Overview', nav: 'Overview' },
  { path: '/keys', page: keys, title: 'API keys', nav: 'API keys' },
  { path: '/sandbox', page: sandbox, title: 'Sandbox', nav: 'Sandbox' },
  { path: '/webhooks', page: webhooks, title: 'Webhooks', nav: 'Webhooks', needs: 'webhooks.read' },
  { path: '/webhooks/:id', page: webhook, title: 'Webhook', section: '/webhooks' },
  { path: '/oauth', page: oauthApps, title: 'OAuth applications', nav: 'OAuth apps', needs: 'users.read' },
  { path: '/oauth/authorize', page: consent, title: 'Authorize an application', section: null },
  { path: '/users', page: users, title: 'Users', nav: 'Users', needs: 'users.read' },
  { path: '/billing', page: billing, title: 'Billing', nav: 'Billing', needs: 'users.read' },
  { path: '/login', page: login, title: 'Log in', public: true, guestOnly: true },
  { path: '/signup', page: signup, title: 'Sign up', public: true, guestOnly: true },
  { path: '/verify', page: verify, title: 'Verify your e-mail', public: true },
  { path: '/forgot-password', page: forgot, title: 'Forgot password', public: true, guestOnly: true },
  { path: '/reset-password', page: reset, title: 'Reset your password', public: true },
  { path: '/accept-invitation', page: accept, title: 'Accept your invitation', public: true },
];

const state = {
  user: null, // GET /api/user
  workspace: null, // GET /api/workspace, read again on every page drawn (its `read_only` draws the banner)
  flash: null, // a message for the next page drawn
  firstRender: true,
};

const els = {
  account: document.getElementById('header-account'),
  nav: document.getElementById('nav'),
  main: document.getElementById('main'),
  // A polite live region that stays in place above the page, so a change of its text is announced.
  banner: h('div', { id: 'app-banner', class: 'app-banner', role: 'status' }),
};

/** The current location's route, its `:id` parameters and its query. */
function currentLocation() {
  const raw = window.location.hash.replace(/^#/, '') || '/';
  const [pathPart, queryPart = ''] = raw.split(/\?(.*)/s);
  const path = pathPart.replace(/\/+$/, '') || '/';
  const query = new URLSearchParams(queryPart);
  for (const route of ROUTES) {
    const params = match(route.path, path);
    if (params) return { route, params, query, path, raw };
  }
  return { route: null, params: {}, query, path, raw };
}

function match(pattern, path) {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params = {};
  for (let i = 0; i < want.length; i += 1) {
    if (want[i].startsWith(':')) {
      if (!/^\d+$/.test(got[i])) return null;
      params[want[i].slice(1)] = got[i];
    } else if (want[i] !== got[i]) {
      return null;
    }
  }
  return params;
}

/** Goes to a dashboard route (`/keys`, `/login?next=...`). */
export function navigate(path) {
  const target = `#${path}`;
  if (window.location.hash === target) render();
  else window.location.hash = target;
}

/** A `next` value is only ever a dashboard route: a path of this page's hash. */
function safeNext(next) {
  return typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

async function loadUser() {
  state.user = await api('GET', '/api/user');
  drawChrome();
  return state.user;
}

let workspaceTicket = 0;

/**
 * Reads GET /api/workspace again and redraws the banner from it; answers the workspace (a page
 * may use the same answer). Rejects as the call does: a caller that does not need the answer
 * catches it, the pages show their own errors.
 */
function refreshWorkspace() {
  const ticket = ++workspaceTicket;
  return api('GET', '/api/workspace').then((workspace) => {
    if (ticket === workspaceTicket && state.user) {
      state.workspace = workspace;
      drawBanner();
    }
    return workspace;
  });
}

let bannerShown = '';

/** The read-only banner: the API's message and the way to the billing page, on every page. */
function drawBanner() {
  const readOnly = state.user ? state.workspace?.read_only : null;
  const shown = readOnly ? `${readOnly.code}\n${readOnly.message}` : '';
  if (shown === bannerShown) return;
  bannerShown = shown;
  if (!readOnly) {
    els.banner.replaceChildren();
    return;
  }
  const title = readOnly.code === 'trial_ended' ? 'Your trial has ended.' : readOnly.code === 'subscription_ended' ? 'Your subscription has ended.' : 'This workspace is read-only.';
  els.banner.replaceChildren(
    h(
      'div',
      { class: 'notice notice-warning read-only-banner', dataset: { code: readOnly.code ?? '' } },
      h('p', {}, h('strong', { text: title }), ' ', readOnly.message ?? 'Changes are refused until the workspace has a plan again; reading and exporting still work.'),
      h(
        'p',
        {},
        can(state.user, 'users.read')
          ? [h('a', { href: '#/billing', text: 'Choose a plan on the billing page' }), ' to make changes again.']
          : 'Ask an owner or admin of the workspace to choose a plan on its billing page.',
      ),
    ),
  );
}

// A write refused with 402: the workspace has just become read-only; the banner says so at once.
onPaymentRequired(() => {
  refreshWorkspace().catch(() => {});
});

/** Starts a session with a token the API answered (log in, sign up). */
async function startSession(token) {
  setToken(token);
  return loadUser();
}

async function endSession() {
  if (getToken()) {
    try {
      await api('POST', '/api/logout');
    } catch {
      // the token is dropped whatever the server says
    }
  }
  setToken(null);
  state.user = null;
  state.workspace = null;
  state.flash = { kind: 'success', text: 'You are logged out.' };
  drawChrome();
  navigate('/login');
}

onUnauthorized(() => {
  const { route, raw } = currentLocation();
  state.user = null;
  state.workspace = null;
  drawChrome();
  if (route?.public) return;
  state.flash = { kind: 'warning', text: 'Your session has ended. Log in again.' };
  navigate(`/login?next=${encodeURIComponent(raw)}`);
});

function drawChrome() {
  const user = state.user;
  clear(els.account);
  if (user) {
    els.account.append(
      h(
        'div',
        { class: 'account' },
        h('p', { class: 'workspace-name' }, h('span', { class: 'visually-hidden', text: 'Workspace: ' }), user.workspace?.name ?? 'No workspace'),
        h('p', { class: 'user-name' }, h('span', { class: 'visually-hidden', text: 'Logged in as ' }), user.name, ' ', h('span', { class: 'muted', text: `(${user.email})` })),
        h('button', { type: 'button', class: 'button secondary small', text: 'Log out', onClick: endSession }),
      ),
    );
  } else {
    els.account.append(
      h('div', { class: 'account' }, h('a', { href: '#/login', text: 'Log in' }), h('a', { href: '#/signup', class: 'button small', text: 'Sign up' })),
    );
  }
  drawNav();
  drawBanner();
}

function drawNav() {
  const { route } = currentLocation();
  const section = route ? (route.section !== undefined ? route.section : route.path) : null;
  clear(els.nav);
  els.nav.hidden = !state.user;
  if (!state.user) return;
  els.nav.append(
    h(
      'ul',
      {},
      ROUTES.filter((r) => r.nav && (!r.needs || can(state.user, r.needs))).map((r) =>
        h('li', {}, h('a', { href: `#${r.path}`, 'aria-current': r.path === section ? 'page' : null, text: r.nav })),
      ),
      h('li', { class: 'nav-separator' }, h('a', { href: '/docs', text: 'API reference' })),
    ),
  );
}

async function render() {
  const location = currentLocation();
  const { route, params, query, path } = location;
  const view = h('div', { class: 'view' });
  showView(view);

  if (!route) {
    document.title = 'Not found · Worktop';
    view.append(h('h1', { tabindex: '-1', text: 'Page not found' }), h('p', {}, 'No page here. ', h('a', { href: '#/', text: 'Go to the overview' }), '.'));
    drawNav();
    return;
  }
  if (!route.public && !getToken()) {
    navigate(`/login?next=${encodeURIComponent(location.raw)}`);
    return;
  }
  if (route.guestOnly && getToken()) {
    navigate(safeNext(query.get('next')));
    return;
  }
  if (getToken() && !state.user) {
    view.append(loading());
    try {
      await loadUser();
    } catch (error) {
      if (error.status === 401) return; // onUnauthorized has moved on to the log-in page
      view.replaceChildren(errorNotice(error));
      return;
    }
    if (!view.isConnected) return;
    view.replaceChildren();
  }
  drawNav();
  document.title = `${route.title} · Worktop`;
  // The banner's state, read again for every page; the overview waits on the same answer.
  const workspace = state.user ? refreshWorkspace() : Promise.reject(new Error('Not logged in.'));
  workspace.catch(() => {});

  if (state.flash) {
    view.append(notice(state.flash.kind, h('p', { text: state.flash.text })));
    state.flash = null;
  }
  const ctx = {
    params,
    query,
    path,
    user: state.user,
    navigate,
    safeNext,
    startSession,
    reloadUser: loadUser,
    workspace: () => workspace,
    refreshWorkspace,
    flash: (kind, text) => (state.flash = { kind, text }),
  };
  const body = h('div', { class: 'page' });
  view.append(body);
  try {
    await route.page.render(body, ctx);
  } catch (error) {
    if (body.isConnected) body.append(errorNotice(error));
  }
  if (!state.firstRender && view.isConnected) {
    (view.querySelector('h1') ?? els.main).focus();
  }
  state.firstRender = false;
}

/** Puts a page's view in <main>, under the banner (which stays where it is). */
function showView(view) {
  for (const child of [...els.main.childNodes]) if (child !== els.banner) child.remove();
  if (els.banner.parentNode !== els.main) els.main.prepend(els.banner);
  els.main.append(view);
}

// The skip link moves focus to the page without changing the route.
document.getElementById('skip-link')?.addEventListener('click', (event) => {
  event.preventDefault();
  (els.main.querySelector('h1') ?? els.main).focus();
});

window.addEventListener('hashchange', render);
drawChrome();
render();
