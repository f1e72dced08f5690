// OAuth applications: GET /api/oauth/clients, POST to register one (a confidential client's
// `client_secret` is in that answer only), DELETE /api/oauth/clients/{id} (revokes its tokens).
// Scopes are the caller's permission names (`crm.read`), one vocabulary for keys and OAuth.

import { api, listAll } from '../api.js';
import {
  add, h, pageTitle, field, input, messageSlot, onSubmit, secretPanel, revealSecret, confirmDialog, table, time, loading, busy,
  checkboxGroup, checkedValues, permissionLabel, copyButton, uid, badge, can,
} from '../ui.js';

export async function render(root, ctx) {
  const secretSlot = messageSlot();
  const listSlot = messageSlot();
  const listHolder = h('div', { class: 'list-holder' }, loading());
  const writer = can(ctx.user, 'users.write');

  async function reload() {
    try {
      const clients = await listAll('/api/oauth/clients', { sort: '-created_at' });
      listHolder.replaceChildren(clientTable(clients, writer ? remove : null));
    } catch (error) {
      listHolder.replaceChildren();
      listSlot.error(error);
    }
  }

  async function remove(client, button) {
    const yes = await confirmDialog(`Delete "${client.name}"? Every token it was issued stops working at once.`, {
      confirmLabel: 'Delete the application',
      title: 'Delete this application?',
    });
    if (!yes) return;
    await busy(button, listSlot, async () => {
      await api('DELETE', `/api/oauth/clients/${client.id}`);
      await reload();
      listSlot.success(`"${client.name}" is deleted and its tokens are revoked.`);
    });
  }

  const form = registerForm(ctx, (created) => {
    const items = [['Client id', created.client_id]];
    if (created.client_secret) items.push(['Client secret', created.client_secret]);
    revealSecret(
      secretSlot,
      secretPanel(
        `"${created.name}" is registered`,
        items,
        created.client_secret
          ? 'The client id is public and stays listed below; the secret is shown only now.'
          : 'A public client has no secret: it proves itself with PKCE (S256) alone.',
        () => secretSlot.clear(),
      ),
    );
    reload();
  });

  add(
    root,
    pageTitle('OAuth applications'),
    h(
      'p',
      { class: 'lead' },
      'Let other applications act for your users, with their consent: the authorization code flow with PKCE. Send users to ',
      h('code', { text: `${window.location.origin}/#/oauth/authorize?response_type=code&client_id=…` }),
      ' and exchange the code at ',
      h('code', { text: 'POST /api/oauth/token' }),
      '.',
    ),
    secretSlot,
    writer && h('section', { class: 'card', 'aria-labelledby': 'new-client-title' }, h('h2', { id: 'new-client-title', text: 'Register an application' }), form),
    h('section', { 'aria-labelledby': 'clients-title' }, h('h2', { id: 'clients-title', text: 'Applications' }), listSlot, listHolder),
  );
  reload();
}

function registerForm(ctx, onCreated) {
  const slot = messageSlot();
  const name = input('name', { required: true, maxlength: '100' });
  const uris = h('textarea', { name: 'redirect_uris', rows: '3', required: true, spellcheck: 'false', placeholder: 'https://app.example.com/oauth/callback' });
  const typeId = uid('type');
  const type = h(
    'fieldset',
    { class: 'radio-group', dataset: { field: 'type' } },
    h('legend', { text: 'Type' }),
    h(
      'div',
      { class: 'radio' },
      h('input', { type: 'radio', id: `${typeId}-c`, name: 'type', value: 'confidential', checked: true }),
      h('label', { for: `${typeId}-c`, text: 'Confidential: a server that can keep a secret' }),
    ),
    h(
      'div',
      { class: 'radio' },
      h('input', { type: 'radio', id: `${typeId}-p`, name: 'type', value: 'public' }),
      h('label', { for: `${typeId}-p`, text: 'Public: a browser or mobile app (PKCE only, no secret)' }),
    ),
    h('p', { class: 'field-error', hidden: true }),
  );
  const permissions = ctx.user?.permissions ?? [];
  const scopes = checkboxGroup('Scopes it may ask for', 'scopes', permissions.map((p) => [p, permissionLabel(p), `(${p})`]), [], {
    hint: 'Each user still grants only what they can do themselves.',
    columns: true,
  });
  const form = h(
    'form',
    { class: 'form', novalidate: true },
    slot,
    field('Name', name, 'Shown to users on the consent page.'),
    field('Redirect URIs, one per line', uris, 'Absolute https URLs, matched exactly (http only on localhost for development).'),
    type,
    scopes,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'button', text: 'Register' })),
  );
  onSubmit(form, slot, async () => {
    const body = {
      name: name.value.trim(),
      redirect_uris: uris.value.split('\n').map((u) => u.trim()).filter(Boolean),
      scopes: checkedValues(scopes, 'scopes'),
      type: form.querySelector('input[name="type"]:checked').value,
    };
    const created = await api('POST', '/api/oauth/clients', { body });
    form.reset();
    onCreated(created);
  });
  return form;
}

function clientTable(clients, remove) {
  return table(
    'OAuth applications',
    [
      ['Name', (c) => c.name],
      ['Client id', (c) => h('span', { class: 'nowrap' }, h('code', { text: c.client_id }), ' ', copyButton(c.client_id, 'Copy', `Copy the client id of ${c.name}`))],
      ['Type', (c) => badge(c.type === 'public' ? 'Public' : 'Confidential', 'neutral')],
      ['Redirect URIs', (c) => h('ul', { class: 'plain' }, c.redirect_uris.map((u) => h('li', { class: 'mono break', text: u })))],
      ['Scopes', (c) => (c.scopes.length ? h('ul', { class: 'plain' }, c.scopes.map((s) => h('li', {}, h('code', { text: s })))) : 'None')],
      ['Created', (c) => time(c.created_at)],
      remove && [
        'Actions',
        (c) => h('button', { type: 'button', class: 'button danger small', text: 'Delete', 'aria-label': `Delete ${c.name}`, onClick: (e) => remove(c, e.currentTarget) }),
      ],
    ].filter(Boolean),
    clients,
    { empty: 'No applications yet.', rowAttrs: (c) => ({ dataset: { clientId: c.client_id } }) },
  );
}
