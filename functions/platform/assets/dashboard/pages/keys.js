// API keys: GET /api/v1/settings/api-keys (the caller's keys), POST to create one (its `key` is
// in that answer only: shown once), DELETE /api/v1/settings/api-keys/{id} to revoke. The scopes
// offered are the caller's own permissions (GET /api/user `permissions`). The sandbox page uses
// the same manager for its `test` keys.

import { api, listAll } from '../api.js';
import {
  add, h, pageTitle, field, input, messageSlot, onSubmit, secretPanel, revealSecret, confirmDialog, table, badge, time,
  checkboxGroup, checkedValues, permissionLabel, loading, busy, uid,
} from '../ui.js';

export async function render(root, ctx) {
  add(
    root,
    pageTitle('API keys'),
    h(
      'p',
      { class: 'lead' },
      'Send a key as ',
      h('code', { text: 'Authorization: Bearer <key>' }),
      '. Live keys (',
      h('code', { text: 'wt_live_' }),
      ') reach your live data; sandbox keys (',
      h('code', { text: 'wt_test_' }),
      ') reach only the sandbox.',
    ),
    keyManager(ctx, { mode: null }),
  );
}

/**
 * The create form and the list of keys. `mode`: `test` for sandbox keys only, null for both (the
 * form then asks which).
 */
export function keyManager(ctx, { mode }) {
  const secretSlot = messageSlot();
  const listSlot = messageSlot();
  const listHolder = h('div', { class: 'list-holder' }, loading());
  const showRevoked = h('input', { type: 'checkbox', id: uid('show-revoked') });

  async function reload() {
    try {
      const records = await listAll('/api/v1/settings/api-keys', { sort: '-created_at', include_revoked: showRevoked.checked ? 'true' : null });
      const keys = mode ? records.filter((k) => k.mode === mode) : records;
      listHolder.replaceChildren(keyTable(keys, revoke));
    } catch (error) {
      listHolder.replaceChildren();
      listSlot.error(error);
    }
  }

  async function revoke(key, button) {
    const yes = await confirmDialog(`Revoke the key "${key.name}" (${key.prefix}…)? Every program using it gets 401 from now on.`, {
      confirmLabel: 'Revoke the key',
      title: 'Revoke this key?',
    });
    if (!yes) return;
    await busy(button, listSlot, async () => {
      await api('DELETE', `/api/v1/settings/api-keys/${key.id}`);
      await reload();
      listSlot.success(`The key "${key.name}" is revoked.`);
    });
  }

  showRevoked.addEventListener('change', reload);
  const form = createForm(ctx, mode, (created) => {
    revealSecret(
      secretSlot,
      secretPanel(
        `Your new ${created.mode === 'test' ? 'sandbox' : 'live'} key "${created.name}"`,
        [['API key', created.key]],
        h('span', {}, 'Send it as ', h('code', { text: `Authorization: Bearer ${created.prefix}…` }), '.'),
        () => secretSlot.clear(),
      ),
    );
    reload();
  });

  reload();
  return h(
    'div',
    { class: 'key-manager' },
    secretSlot,
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'new-key-title' },
      h('h2', { id: 'new-key-title', text: mode === 'test' ? 'Create a sandbox key' : 'Create a key' }),
      form,
    ),
    h(
      'section',
      { 'aria-labelledby': 'keys-title' },
      h(
        'div',
        { class: 'section-head' },
        h('h2', { id: 'keys-title', text: mode === 'test' ? 'Sandbox keys' : 'Your keys' }),
        h('div', { class: 'checkbox inline' }, showRevoked, h('label', { for: showRevoked.id, text: 'Show revoked keys' })),
      ),
      listSlot,
      listHolder,
    ),
  );
}

function createForm(ctx, mode, onCreated) {
  const slot = messageSlot();
  const name = input('name', { required: true, maxlength: '100', placeholder: 'e.g. Billing sync' });
  const permissions = ctx.user?.permissions ?? [];
  const scopes = checkboxGroup('Scopes', 'scopes', permissions.map((p) => [p, permissionLabel(p), `(${p})`]), [], {
    hint: 'The key can do only what you tick, and never more than you can.',
    columns: true,
  });
  scopes.hidden = true;
  const accessId = uid('access');
  const access = h(
    'fieldset',
    { class: 'radio-group' },
    h('legend', { text: 'Access' }),
    radio(`${accessId}-all`, 'access', 'all', 'Everything you can do', true),
    radio(`${accessId}-some`, 'access', 'some', 'Only the scopes I choose', false),
  );
  access.addEventListener('change', () => {
    scopes.hidden = access.querySelector('input:checked').value !== 'some';
  });
  const modeId = uid('mode');
  const environment = mode
    ? null
    : h(
        'fieldset',
        { class: 'radio-group', dataset: { field: 'mode' } },
        h('legend', { text: 'Environment' }),
        radio(`${modeId}-live`, 'mode', 'live', 'Live: your real data', true),
        radio(`${modeId}-test`, 'mode', 'test', 'Sandbox: sample data only', false),
        h('p', { class: 'field-error', hidden: true }),
      );

  const form = h(
    'form',
    { class: 'form', novalidate: true },
    slot,
    field('Name', name, 'So you can tell your keys apart.'),
    environment,
    access,
    scopes,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'button', text: 'Create the key' })),
  );
  onSubmit(form, slot, async () => {
    const body = { name: name.value.trim(), mode: mode ?? form.querySelector('input[name="mode"]:checked').value };
    if (access.querySelector('input:checked').value === 'some') body.scopes = checkedValues(scopes, 'scopes');
    const created = await api('POST', '/api/v1/settings/api-keys', { body });
    form.reset();
    scopes.hidden = true;
    onCreated(created);
  });
  return form;
}

function radio(id, name, value, label, checked) {
  return h('div', { class: 'radio' }, h('input', { type: 'radio', id, name, value, checked }), h('label', { for: id, text: label }));
}

function keyTable(keys, revoke) {
  return table(
    'API keys',
    [
      ['Name', (k) => k.name],
      ['Key', (k) => h('code', { class: 'nowrap', text: `${k.prefix}…${k.last_four}` })],
      ['Environment', (k) => (k.mode === 'test' ? badge('Sandbox', 'info') : badge('Live', 'success'))],
      [
        'Scopes',
        (k) =>
          k.scopes === null
            ? 'All your permissions'
            : k.scopes.length
              ? h('ul', { class: 'plain' }, k.scopes.map((s) => h('li', {}, h('code', { text: s }))))
              : 'None',
      ],
      ['Created', (k) => time(k.created_at)],
      ['Last used', (k) => time(k.last_used_at, 'Never')],
      [
        'Actions',
        (k) =>
          k.revoked_at
            ? h('span', {}, badge('Revoked', 'neutral'), ' ', time(k.revoked_at))
            : h('button', {
                type: 'button',
                class: 'button danger small',
                'aria-label': `Revoke ${k.name}`,
                text: 'Revoke',
                onClick: (event) => revoke(k, event.currentTarget),
              }),
      ],
    ],
    keys,
    { empty: 'No keys yet.', rowAttrs: (k) => ({ dataset: { keyId: String(k.id), keyName: k.name } }) },
  );
}
