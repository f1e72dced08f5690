// Webhooks: GET /api/v1/webhooks, POST to register one (its `secret` is in that answer only),
// POST /api/v1/webhooks/{id}/test, DELETE /api/v1/webhooks/{id}. Event types to choose from come
// from GET /api/v1/webhooks/event-types. A webhook's own page (#/webhooks/ID) edits it and shows
// its delivery log.

import { api, listAll } from '../api.js';
import {
  add, h, pageTitle, field, input, messageSlot, onSubmit, secretPanel, revealSecret, confirmDialog, table, badge, time,
  loading, busy, uid, notice, can,
} from '../ui.js';

let eventTypesCache = null;

/** The event types (name, description), read once per page load. */
export async function eventTypes() {
  if (!eventTypesCache) {
    eventTypesCache = listAll('/api/v1/webhooks/event-types').then((types) => types.map(({ name, description }) => ({ name, description })));
    eventTypesCache.catch(() => (eventTypesCache = null));
  }
  return eventTypesCache;
}

/**
 * The event type chooser: "every event" (`*`), or checkboxes grouped by resource, with a filter.
 * `chooser.value()` answers the `events` array to send.
 */
export function eventChooser(types, selected = []) {
  const all = selected.includes('*');
  const groups = new Map();
  for (const type of types) {
    const group = type.name.split('.')[0];
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push(type);
  }
  const everyId = uid('every-event');
  const every = h('input', { type: 'checkbox', id: everyId, name: 'events-all', value: '*', checked: all });
  const filter = input('event-filter', { type: 'search', id: uid('event-filter'), autocomplete: 'off' });
  const list = h(
    'div',
    { class: 'event-list' },
    [...groups].map(([group, members]) =>
      h(
        'fieldset',
        { class: 'event-group' },
        h('legend', { text: group.replace(/_/g, ' ') }),
        members.map((type) => {
          const id = uid('event');
          return h(
            'div',
            { class: 'checkbox', dataset: { eventName: type.name } },
            h('input', { type: 'checkbox', id, name: 'events', value: type.name, checked: selected.includes(type.name) }),
            h('label', { for: id }, h('code', { text: type.name }), type.description ? h('span', { class: 'hint', text: ` ${type.description}` }) : null),
          );
        }),
      ),
    ),
  );
  const filterField = field('Filter event types', filter);
  const sync = () => {
    list.hidden = every.checked;
    filterField.hidden = every.checked;
  };
  // The filter only narrows what is shown: a ticked type that it hides stays ticked.
  filter.addEventListener('input', () => {
    const words = filter.value.trim().toLowerCase();
    for (const row of list.querySelectorAll('[data-event-name]')) {
      row.hidden = words !== '' && !row.textContent.toLowerCase().includes(words);
    }
    for (const group of list.querySelectorAll('.event-group')) {
      group.hidden = !group.querySelector('[data-event-name]:not([hidden])');
    }
  });
  every.addEventListener('change', sync);
  const chooser = h(
    'fieldset',
    { class: 'event-chooser', dataset: { field: 'events' } },
    h('legend', { text: 'Events to send' }),
    h('div', { class: 'checkbox' }, every, h('label', { for: everyId }, 'Every event type ', h('span', { class: 'hint', text: '(including types added later)' }))),
    filterField,
    list,
    h('p', { class: 'field-error', hidden: true }),
  );
  chooser.value = () => (every.checked ? ['*'] : [...list.querySelectorAll('input[name="events"]:checked')].map((c) => c.value));
  sync();
  return chooser;
}

export async function render(root, ctx) {
  const secretSlot = messageSlot();
  const listSlot = messageSlot();
  const listHolder = h('div', { class: 'list-holder' }, loading());
  const formHolder = h('div', {}, loading('Loading the event types…'));
  const writer = can(ctx.user, 'webhooks.write');

  async function reload() {
    try {
      const hooks = await listAll('/api/v1/webhooks', { sort: '-created_at' });
      listHolder.replaceChildren(webhookTable(hooks, writer ? { test, remove } : null));
    } catch (error) {
      listHolder.replaceChildren();
      listSlot.error(error);
    }
  }

  async function test(hook, button) {
    await busy(button, listSlot, async () => {
      const answer = await api('POST', `/api/v1/webhooks/${hook.id}/test`);
      listSlot.show(
        notice('success', h('p', {}, `${answer.message ?? 'Test event queued.'} `, h('a', { href: `#/webhooks/${hook.id}`, text: 'See its delivery log' }), '.')),
      );
    });
  }

  async function remove(hook, button) {
    const yes = await confirmDialog(`Delete the webhook to ${hook.url}? Nothing more is sent to it, and its delivery log goes with it.`, {
      confirmLabel: 'Delete the webhook',
      title: 'Delete this webhook?',
    });
    if (!yes) return;
    await busy(button, listSlot, async () => {
      await api('DELETE', `/api/v1/webhooks/${hook.id}`);
      await reload();
      listSlot.success('The webhook is deleted.');
    });
  }

  add(
    root,
    pageTitle('Webhooks'),
    h(
      'p',
      { class: 'lead' },
      'Worktop POSTs each event you choose to your URL, signed the Standard Webhooks way (',
      h('code', { text: 'webhook-signature' }),
      '). Deliveries that fail are retried with backoff.',
    ),
    secretSlot,
    writer && h('section', { class: 'card', 'aria-labelledby': 'new-webhook-title' }, h('h2', { id: 'new-webhook-title', text: 'Add an endpoint' }), formHolder),
    h('section', { 'aria-labelledby': 'webhooks-title' }, h('h2', { id: 'webhooks-title', text: 'Endpoints' }), listSlot, listHolder),
  );
  reload();
  if (!writer) return;

  try {
    const types = await eventTypes();
    formHolder.replaceChildren(
      createForm(types, (created) => {
        revealSecret(
          secretSlot,
          h(
            'div',
            {},
            secretPanel(
              "Your endpoint's signing secret",
              [['Signing secret', created.secret]],
              "Verify each delivery's webhook-signature header with it (any Standard Webhooks library does).",
              () => secretSlot.clear(),
            ),
            h('p', {}, h('a', { href: `#/webhooks/${created.id}`, text: `Open the webhook to ${created.url}` })),
          ),
        );
        reload();
      }),
    );
  } catch (error) {
    formHolder.replaceChildren(notice('error', h('p', { text: `The event types could not be read: ${error.message}` })));
  }
}

function createForm(types, onCreated) {
  const slot = messageSlot();
  const url = input('url', { type: 'url', required: true, placeholder: 'https://example.com/webhooks/worktop', autocomplete: 'url' });
  const chooser = eventChooser(types);
  const form = h(
    'form',
    { class: 'form', novalidate: true },
    slot,
    field('Endpoint URL', url, 'https, on a public address.'),
    chooser,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'button', text: 'Add the endpoint' })),
  );
  onSubmit(form, slot, async () => {
    const created = await api('POST', '/api/v1/webhooks', { body: { url: url.value.trim(), events: chooser.value() } });
    form.replaceWith(createForm(types, onCreated));
    onCreated(created);
  });
  return form;
}

export function webhookStatus(hook) {
  if (hook.enabled) return badge('Enabled', 'success');
  const reason = { gone: 'the endpoint answered 410', failing: 'five days of failed deliveries' }[hook.disabled_reason];
  return h('span', {}, badge('Disabled', 'danger'), reason ? ` (${reason})` : '');
}

export function eventSummary(events) {
  if (events.includes('*')) return 'Every event';
  const parts = [];
  events.slice(0, 3).forEach((e, i) => parts.push(i ? ', ' : '', h('code', { text: e })));
  if (events.length > 3) parts.push(` and ${events.length - 3} more`);
  return h('span', {}, parts);
}

function webhookTable(hooks, actions) {
  return table(
    'Webhook endpoints',
    [
      ['Endpoint', (w) => h('a', { href: `#/webhooks/${w.id}`, class: 'mono break', text: w.url })],
      ['Events', (w) => eventSummary(w.events)],
      ['Status', (w) => webhookStatus(w)],
      ['Created', (w) => time(w.created_at)],
      [
        'Actions',
        (w) =>
          h(
            'div',
            { class: 'row-actions' },
            h('a', { class: 'button secondary small', href: `#/webhooks/${w.id}`, 'aria-label': `Deliveries of ${w.url}`, text: 'Deliveries' }),
            actions &&
              h('button', { type: 'button', class: 'button secondary small', 'aria-label': `Send test to ${w.url}`, text: 'Send test', onClick: (e) => actions.test(w, e.currentTarget) }),
            actions &&
              h('button', { type: 'button', class: 'button danger small', 'aria-label': `Delete ${w.url}`, text: 'Delete', onClick: (e) => actions.remove(w, e.currentTarget) }),
          ),
      ],
    ],
    hooks,
    { empty: 'No endpoints yet.', rowAttrs: (w) => ({ dataset: { webhookId: String(w.id) } }) },
  );
}
