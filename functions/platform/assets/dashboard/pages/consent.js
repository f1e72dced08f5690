// The OAuth consent page: #/oauth/authorize?response_type=code&client_id=..&redirect_uri=..
// &scope=..&state=..&code_challenge=..&code_challenge_method=S256, where GET /api/oauth/authorize
// sends an app's user. GET /api/oauth/consent checks the request for the logged-in user and names
// the application and the scopes; Allow and Deny both go through POST /api/oauth/authorize
// (`approve` true or false), which answers `redirect_to`: the registered redirect URI with the code
// (or `error=access_denied`) and the state. The browser is only ever sent where the API says, so
// a forged link cannot turn this page into an open redirect. Reached without a session, the
// router sends the user to log in and back here.

import { api } from '../api.js';
import { add, h, pageTitle, notice, errorNotice, loading, messageSlot, permissionLabel, goTo } from '../ui.js';

const PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'];

export async function render(root, ctx) {
  const request = {};
  for (const name of PARAMS) {
    if (ctx.query.has(name)) request[name] = ctx.query.get(name);
  }
  add(root, pageTitle('Authorize an application'));
  if (!request.client_id || !request.redirect_uri) {
    add(root, notice('error', h('p', { text: 'This authorization link is incomplete: it needs at least a client_id and a redirect_uri. Ask the application for a new link.' })));
    return;
  }

  const status = loading();
  add(root, status);
  // The request as the API checks it for this user: the application's name, the scopes an
  // approval grants, where the answer goes; or what is wrong with it (422 naming the field), in
  // which case there is nothing to approve.
  const query = new URLSearchParams(request).toString();
  let described;
  try {
    described = await api('GET', `/api/oauth/consent?${query}`);
  } catch (error) {
    status.remove();
    add(root, errorNotice(error), h('p', { text: 'Nothing was sent to the application. Ask it for a new link.' }));
    return;
  }
  status.remove();

  const scopes = described.scopes;
  const appName = described.client.name;
  let destination = described.redirect_uri;
  try {
    destination = new URL(described.redirect_uri).origin;
  } catch {
    // shown as registered
  }

  const slot = messageSlot();
  const allow = h('button', { type: 'button', class: 'button', text: 'Allow' });
  const deny = h('button', { type: 'button', class: 'button secondary', text: 'Deny' });
  const answer = async (approve) => {
    allow.disabled = true;
    deny.disabled = true;
    slot.clear();
    try {
      const result = await api('POST', '/api/oauth/authorize', { body: { ...request, approve } });
      slot.show(notice('info', h('p', { text: 'Taking you back to the application…' })));
      goTo(result.redirect_to);
    } catch (error) {
      slot.show(errorNotice(error));
      allow.disabled = false;
      deny.disabled = false;
    }
  };
  allow.addEventListener('click', () => answer(true));
  deny.addEventListener('click', () => answer(false));

  add(
    root,
    h(
      'section',
      { class: 'card consent', 'aria-labelledby': 'consent-title' },
      h('h2', { id: 'consent-title' }, h('strong', { text: appName }), ' wants to use your Worktop account'),
      h('p', {}, `Signed in as ${ctx.user?.name ?? ''} (${ctx.user?.email ?? ''}) in ${ctx.user?.workspace?.name ?? 'your workspace'}.`),
      described.client.registered_itself
        ? notice('warning', h('p', { text: 'This application registered itself: its name is its own claim, not checked by Worktop or your administrators. Allow it only if you started this connection yourself.' }))
        : null,
      scopes.length
        ? h('div', {}, h('p', { text: 'It asks to:' }), h('ul', { class: 'scopes' }, scopes.map((s) => h('li', {}, permissionLabel(s), ' ', h('code', { text: s })))))
        : h('p', { text: 'It asks for every scope it is registered for.' }),
      h('p', { class: 'muted' }, 'It never gets more than you can do yourself. After you answer you go to ', h('code', { text: destination }), '.'),
      slot,
      h('div', { class: 'actions' }, allow, deny),
    ),
  );
}
