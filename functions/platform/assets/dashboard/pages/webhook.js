// One webhook (#/webhooks/ID): GET /api/v1/webhooks/{id}; edit with PATCH (url, events, enabled,
// `version`); send a test (POST .../test); rotate its secret (POST .../rotate-secret, the new
// secret shown once); delete. Below, its delivery log, GET .../deliveries (newest first): each
// delivery's event and status and every attempt's time, status code, latency and answer excerpt,
// with "Resend" (POST /api/v1/webhooks/deliveries/{id}/retry). While a delivery is pending the
// log refreshes itself.

import { api } from '../api.js';
import {
  add, h, pageTitle, field, input, messageSlot, onSubmit, secretPanel, revealSecret, confirmDialog, badge, time, loading, busy,
  notice, errorNotice, select, uid, alive, can,
} from '../ui.js';
import { eventTypes, eventChooser, webhookStatus } from './webhooks.js';

const POLL_MS = 2000;
const POLL_LIMIT = 30;
const STATUS_KINDS = { delivered: 'success', pending: 'info', failed: 'danger' };

export async function render(root, ctx) {
  const id = ctx.params.id;
  const status = loading();
  add(root, pageTitle('Webhook'), status);
  let hook;
  let types;
  try {
    [hook, types] = await Promise.all([api('GET', `/api/v1/webhooks/${id}`), eventTypes().catch(() => [])]);
  } catch (error) {
    status.replaceWith(errorNotice(error));
    add(root, h('p', {}, h('a', { href: '#/webhooks', text: 'Back to the webhooks' })));
    return;
  }
  status.remove();

  const heading = root.querySelector('h1');
  const summary = h('div', {});
  const actionSlot = messageSlot();
  const writer = can(ctx.user, 'webhooks.write');
  const log = deliveryLog(id, writer);

  const drawSummary = () => {
    heading.textContent = `Webhook to ${hostOf(hook.url)}`;
    summary.replaceChildren(
      h(
        'dl',
        { class: 'facts' },
        h('div', { class: 'wide' }, h('dt', { text: 'URL' }), h('dd', { class: 'mono break', text: hook.url })),
        h('div', {}, h('dt', { text: 'Status' }), h('dd', {}, webhookStatus(hook))),
        h('div', {}, h('dt', { text: 'Created' }), h('dd', {}, time(hook.created_at))),
      ),
    );
  };
  drawSummary();

  const testButton = h('button', { type: 'button', class: 'button', text: 'Send test' });
  testButton.addEventListener('click', () =>
    busy(testButton, actionSlot, async () => {
      const answer = await api('POST', `/api/v1/webhooks/${id}/test`);
      actionSlot.success(`${answer.message ?? 'Test event queued.'} It appears in the delivery log below.`);
      log.refresh({ poll: true });
    }),
  );
  const rotateButton = h('button', { type: 'button', class: 'button secondary', text: 'Rotate the secret' });
  rotateButton.addEventListener('click', async () => {
    const yes = await confirmDialog('A new signing secret is made. The old one keeps signing for a while, so you can deploy the new one.', {
      confirmLabel: 'Rotate',
      danger: false,
      title: 'Rotate the signing secret?',
    });
    if (!yes) return;
    await busy(rotateButton, actionSlot, async () => {
      const rotated = await api('POST', `/api/v1/webhooks/${id}/rotate-secret`);
      hook = { ...hook, ...rotated };
      const until = rotated.previous_secret_valid_until ? new Date(rotated.previous_secret_valid_until).toLocaleString() : null;
      revealSecret(
        actionSlot,
        secretPanel('The new signing secret', [['Signing secret', rotated.secret]], until ? `The previous secret also signs until ${until}.` : null, () => actionSlot.clear()),
      );
    });
  });
  const deleteButton = h('button', { type: 'button', class: 'button danger', text: 'Delete' });
  deleteButton.addEventListener('click', async () => {
    const yes = await confirmDialog(`Delete the webhook to ${hook.url}? Nothing more is sent to it, and its delivery log goes with it.`, {
      confirmLabel: 'Delete the webhook',
      title: 'Delete this webhook?',
    });
    if (!yes) return;
    await busy(deleteButton, actionSlot, async () => {
      await api('DELETE', `/api/v1/webhooks/${id}`);
      ctx.flash('success', 'The webhook is deleted.');
      ctx.navigate('/webhooks');
    });
  });

  add(
    root,
    h('p', { class: 'breadcrumb' }, h('a', { href: '#/webhooks', text: 'All webhooks' })),
    summary,
    writer && h('div', { class: 'actions' }, testButton, rotateButton, deleteButton),
    actionSlot,
    writer &&
      h(
        'details',
        { class: 'card' },
        h('summary', {}, h('h2', { class: 'inline-heading', text: 'Edit the endpoint' })),
        editForm(hook, types, (updated) => {
          hook = updated;
          drawSummary();
        }),
      ),
    log.element,
  );
  log.refresh({ poll: true });
}

function editForm(hook, types, onSaved) {
  const slot = messageSlot();
  const url = input('url', { type: 'url', required: true, value: hook.url, autocomplete: 'url' });
  const enabledId = uid('enabled');
  const enabled = h('input', { type: 'checkbox', id: enabledId, name: 'enabled', checked: hook.enabled });
  const chooser = eventChooser(types, hook.events);
  let version = hook.version;
  const form = h(
    'form',
    { class: 'form', novalidate: true },
    slot,
    field('Endpoint URL', url),
    h(
      'div',
      { class: 'checkbox', dataset: { field: 'enabled' } },
      enabled,
      h('label', { for: enabledId, text: 'Enabled (ticking it re-enables an endpoint the service turned off)' }),
      h('p', { class: 'field-error', hidden: true }),
    ),
    chooser,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'button', text: 'Save' })),
  );
  onSubmit(form, slot, async () => {
    const updated = await api('PATCH', `/api/v1/webhooks/${hook.id}`, {
      body: { url: url.value.trim(), events: chooser.value(), enabled: enabled.checked, version },
    });
    version = updated.version;
    slot.success('Saved.');
    onSaved(updated);
  });
  return form;
}

/** The delivery log: a status filter, refresh, "load more", and polling while one is pending. */
function deliveryLog(webhookId, writer) {
  const slot = messageSlot(); // what a resend or "load more" did
  const loadSlot = messageSlot(); // why the log could not be read
  const list = h('div', { class: 'deliveries' }, loading());
  const more = h('button', { type: 'button', class: 'button secondary', text: 'Load older deliveries', hidden: true });
  const filter = select('status', [['', 'All'], ['pending', 'Pending'], ['delivered', 'Delivered'], ['failed', 'Failed']], { id: uid('status') });
  const refreshButton = h('button', { type: 'button', class: 'button secondary small', text: 'Refresh' });
  const updated = h('p', { class: 'muted small', 'aria-live': 'polite' });
  let cursor = null;
  let polls = 0;
  let timer = null;

  const element = h(
    'section',
    { class: 'delivery-log', 'aria-labelledby': 'log-title' },
    h('div', { class: 'section-head' }, h('h2', { id: 'log-title', text: 'Delivery log' }), h('div', { class: 'toolbar' }, field('Status', filter), refreshButton)),
    updated,
    slot,
    loadSlot,
    list,
    more,
  );

  async function load(append) {
    const answer = await api('GET', `/api/v1/webhooks/${webhookId}/deliveries`, {
      query: { sort: '-created_at', per_page: 25, status: filter.value, cursor: append ? cursor : null },
    });
    cursor = answer.meta?.next_cursor ?? null;
    more.hidden = !cursor;
    const rows = (answer.data ?? []).map((d) => deliveryCard(d, writer ? resend : null));
    if (append) list.append(...rows);
    else {
      const empty = filter.value ? `No ${filter.value} deliveries.` : 'No deliveries yet. Send a test to see one here.';
      list.replaceChildren(...(rows.length ? rows : [h('p', { class: 'empty', text: empty })]));
    }
    updated.textContent = `Updated ${new Date().toLocaleTimeString()}.`;
    return answer.data ?? [];
  }

  async function refresh({ poll = false } = {}) {
    clearTimeout(timer);
    if (poll) polls = 0;
    try {
      const shown = await load(false);
      // Poll while a delivery is on its way (a test just sent, a retry), for a minute at most.
      const pending = shown.some((d) => d.status === 'pending') || (poll && shown.length === 0);
      if (pending && polls < POLL_LIMIT && alive(element)) {
        polls += 1;
        timer = setTimeout(() => alive(element) && refresh(), POLL_MS);
      }
      loadSlot.clear();
    } catch (error) {
      loadSlot.error(error);
    }
  }

  async function resend(delivery, button) {
    await busy(button, slot, async () => {
      await api('POST', `/api/v1/webhooks/deliveries/${delivery.id}/retry`);
      slot.success(`Delivery ${delivery.id} is queued again.`);
      refresh({ poll: true });
    });
  }

  filter.addEventListener('change', () => refresh());
  refreshButton.addEventListener('click', () => refresh({ poll: true }));
  more.addEventListener('click', () => busy(more, slot, () => load(true)));
  return { element, refresh };
}

function deliveryCard(delivery, resend) {
  const titleId = uid('delivery');
  const attempts = delivery.attempts ?? [];
  return h(
    'article',
    { class: 'delivery', 'aria-labelledby': titleId, dataset: { deliveryId: String(delivery.id), status: delivery.status } },
    h(
      'div',
      { class: 'delivery-head' },
      h('h3', { id: titleId }, h('code', { text: delivery.event?.type ?? 'event' }), ' ', badge(capitalize(delivery.status), STATUS_KINDS[delivery.status] ?? 'neutral')),
      resend &&
        h('button', {
          type: 'button',
          class: 'button secondary small',
          text: 'Resend',
          'aria-label': `Resend delivery ${delivery.id}`,
          onClick: (e) => resend(delivery, e.currentTarget),
        }),
    ),
    h(
      'p',
      { class: 'muted small' },
      `Delivery ${delivery.id} · event `,
      h('code', { text: delivery.event?.id ?? '' }),
      ' · created ',
      time(delivery.created_at, '—', { seconds: true }),
      delivery.next_attempt_at ? h('span', {}, ' · next attempt ', time(delivery.next_attempt_at, '—', { seconds: true })) : null,
    ),
    delivery.failure ? notice('error', h('p', { text: `Failed for good: ${delivery.failure}` })) : null,
    attempts.length
      ? h(
          'div',
          { class: 'table-wrap' },
          h(
            'table',
            { class: 'attempts' },
            h('caption', { class: 'visually-hidden', text: `Attempts of delivery ${delivery.id}` }),
            h('thead', {}, h('tr', {}, ['Attempt', 'Time', 'Status code', 'Latency', 'Answer'].map((t) => h('th', { scope: 'col', text: t })))),
            h('tbody', {}, attempts.map(attemptRow)),
          ),
        )
      : h('p', { class: 'muted', text: 'Not attempted yet.' }),
  );
}

function attemptRow(a) {
  const ok = a.status_code >= 200 && a.status_code < 300;
  return h(
    'tr',
    { dataset: { statusCode: a.status_code == null ? '' : String(a.status_code) } },
    h('td', { class: 'number', text: String(a.attempt) }),
    h('td', { class: 'nowrap' }, time(a.at, '—', { seconds: true })),
    h('td', {}, a.status_code == null ? badge('No answer', 'danger') : badge(String(a.status_code), ok ? 'success' : 'danger')),
    h('td', { class: 'number', text: `${a.latency_ms} ms` }),
    h(
      'td',
      {},
      a.error ? h('p', { class: 'error-text', text: a.error }) : null,
      a.response_excerpt
        ? h('pre', { class: 'excerpt', tabindex: '0', text: a.response_excerpt })
        : a.error
          ? null
          : h('span', { class: 'muted', text: '(empty)' }),
    ),
  );
}

function hostOf(url) {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function capitalize(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : '';
}
