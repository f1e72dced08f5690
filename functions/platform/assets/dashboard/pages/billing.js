// Billing: GET /api/billing {plan, plan_state, trial_ends_at, read_only, subscription,
// configured}; the plans of GET /api/public/plans, each with "Subscribe" while there is no live
// subscription: POST /api/billing/checkout {plan_id} answers Stripe's `checkout_url`, where the
// browser goes, and Stripe sends it back to #/billing?checkout=success (or ?checkout=canceled).
// The subscription is applied when Stripe's webhook reaches the API, so on `checkout=success` the
// page reads GET /api/billing every second, for up to 20 seconds, until `subscription` is set.
// POST /api/billing/cancel (ends at the period's end) and /resume (undoes that before it ends);
// GET /api/billing/invoices. `configured: false`: the deployment has no payment provider, and the
// page offers nothing to buy.

import { api } from '../api.js';
import {
  add, h, pageTitle, notice, errorNotice, loading, badge, time, busy, messageSlot, confirmDialog, table, can, formatMinorUnits,
  safeLink, goTo, alive, moduleLabel,
} from '../ui.js';
import { STATE_LABELS, daysUntil, daysLeftText } from './overview.js';

const ACTIVATION_POLL_MS = 1000;
const ACTIVATION_WAIT_MS = 20_000;
// Stripe's statuses of a subscription that keeps the workspace writable (a failed payment is
// retried for a while: `past_due` still counts), as the API counts them: while the workspace has
// one, it cannot buy another (409 `already_subscribed`) but may cancel or resume it.
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

const INVOICE_STATUS = {
  paid: ['Paid', 'success'],
  open: ['Open', 'warning'],
  draft: ['Draft', 'neutral'],
  void: ['Void', 'neutral'],
  uncollectible: ['Uncollectible', 'danger'],
};

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** An RFC 3339 time as a date in words, for sentences ("6 December 2026"). */
function dateText(iso) {
  const at = Date.parse(iso ?? '');
  return Number.isNaN(at) ? 'an unknown date' : dayFormat.format(new Date(at));
}

/** Whether the billing answer holds a live subscription. */
function subscribed(billing) {
  return LIVE_STATUSES.has(billing?.subscription?.status);
}

function planName(billing) {
  return billing?.plan?.name ?? billing?.plan?.id ?? 'your plan';
}

export async function render(root, ctx) {
  const writer = can(ctx.user, 'users.write');
  const returnSlot = messageSlot(); // what the return from Stripe's checkout page says
  const slot = messageSlot(); // the outcome of subscribe, cancel and resume
  const summary = h('div', { class: 'billing-summary' }, loading());
  const plansHolder = h('div', { class: 'billing-plans' });
  const invoicesHolder = h('div', { class: 'billing-invoices' });
  add(
    root,
    pageTitle('Billing'),
    h('p', { class: 'lead', text: 'Your plan, your subscription (paid through Stripe) and your invoices.' }),
    returnSlot,
    slot,
    summary,
    plansHolder,
    invoicesHolder,
  );

  let billing;
  try {
    billing = await api('GET', '/api/billing');
  } catch (error) {
    summary.replaceChildren(errorNotice(error));
    return;
  }

  let plans = null; // GET /api/public/plans, read once, when there is something to choose

  function draw() {
    summary.replaceChildren(summaryCard(billing, { writer, cancel, resume }));
    drawPlans();
  }

  async function drawPlans() {
    if (!billing.configured || subscribed(billing) || billing.plan_state === 'unbilled') {
      plansHolder.replaceChildren();
      return;
    }
    if (!plans) {
      plansHolder.replaceChildren(loading('Loading the plans…'));
      try {
        plans = (await api('GET', '/api/public/plans', { auth: false, query: { per_page: 100 } })).data ?? [];
      } catch (error) {
        plansHolder.replaceChildren(errorNotice(error));
        return;
      }
    }
    if (!alive(plansHolder) || subscribed(billing)) return;
    plansHolder.replaceChildren(planChoice(plans, billing, writer, subscribe));
  }

  async function loadInvoices() {
    if (!billing.configured) {
      invoicesHolder.replaceChildren();
      return;
    }
    const listSlot = messageSlot();
    const list = h('div', { class: 'list-holder' }, loading());
    invoicesHolder.replaceChildren(
      h('section', { 'aria-labelledby': 'invoices-title' }, h('h2', { id: 'invoices-title', text: 'Invoices' }), listSlot, list),
    );
    try {
      const answer = await api('GET', '/api/billing/invoices');
      list.replaceChildren(invoiceTable(answer.data ?? []));
    } catch (error) {
      list.replaceChildren();
      listSlot.error(error);
    }
  }

  async function subscribe(plan, button) {
    const buttons = [...plansHolder.querySelectorAll('button[data-plan-id]')];
    buttons.forEach((b) => (b.disabled = true));
    slot.clear();
    try {
      const answer = await api('POST', '/api/billing/checkout', { body: { plan_id: plan.id } });
      if (!answer.checkout_url) throw new Error('The API answered no checkout address.');
      slot.show(notice('info', h('p', { text: `Taking you to Stripe to pay for ${plan.name}…` })));
      goTo(answer.checkout_url);
    } catch (error) {
      buttons.forEach((b) => (b.disabled = false));
      slot.error(error);
      if (error.status === 409) reread();
      button.focus();
    }
  }

  async function cancel(button) {
    const ends = dateText(billing.subscription?.current_period_end);
    const yes = await confirmDialog(
      `Your ${planName(billing)} subscription stays active until ${ends}; after that the workspace is read-only (you can still read and export your data) until you subscribe again.`,
      { title: 'Cancel the subscription?', confirmLabel: 'Cancel the subscription', cancelLabel: 'Keep it' },
    );
    if (!yes) return;
    await busy(button, slot, async () => {
      billing = await api('POST', '/api/billing/cancel');
      draw();
      slot.success(`Your subscription is canceled. It ends on ${dateText(billing.subscription?.current_period_end)}; until then everything works as before.`);
      summary.querySelector('button[data-action="resume"]')?.focus();
      ctx.refreshWorkspace?.().catch(() => {});
    });
  }

  async function resume(button) {
    await busy(button, slot, async () => {
      billing = await api('POST', '/api/billing/resume');
      draw();
      slot.success(`Your subscription continues. It renews on ${dateText(billing.subscription?.current_period_end)}.`);
      summary.querySelector('button[data-action="cancel"]')?.focus();
      ctx.refreshWorkspace?.().catch(() => {});
    });
  }

  /** Reads the billing state again (after a 409: the page was out of date). */
  async function reread() {
    try {
      billing = await api('GET', '/api/billing');
      if (alive(summary)) draw();
    } catch {
      // the error already shown is the one that matters
    }
  }

  /** After Stripe's success page: waits for the webhook to make the subscription the workspace's. */
  async function awaitActivation() {
    returnSlot.show(notice('info', h('p', { class: 'activating', text: 'Payment received; activating…' })));
    const deadline = Date.now() + ACTIVATION_WAIT_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, ACTIVATION_POLL_MS));
      if (!alive(returnSlot)) return;
      try {
        const next = await api('GET', '/api/billing');
        if (!alive(returnSlot)) return;
        if (subscribed(next)) {
          billing = next;
          draw();
          loadInvoices();
          ctx.refreshWorkspace?.().catch(() => {});
          returnSlot.success(`Payment received: your ${planName(billing)} subscription is active.`);
          return;
        }
      } catch (error) {
        // A refusal will not change by asking again; a network blip or a busy server may.
        if (error.status !== 0 && error.status !== 429 && error.status < 500) {
          returnSlot.error(error);
          return;
        }
      }
    }
    returnSlot.show(
      notice(
        'warning',
        h(
          'p',
          { text: 'Stripe has taken the payment, but its confirmation has not reached Worktop yet. It usually takes a few seconds: reload this page in a minute. You will not be charged twice.' },
        ),
      ),
    );
  }

  draw();
  loadInvoices();
  const checkout = ctx.query.get('checkout');
  if (checkout === 'success') {
    if (subscribed(billing)) returnSlot.success(`Payment received: your ${planName(billing)} subscription is active.`);
    else awaitActivation();
  } else if (checkout === 'canceled') {
    returnSlot.show(notice('info', h('p', { text: 'Checkout canceled: nothing was charged. Choose a plan whenever you are ready.' })));
  }
}

/** The plan, its state in words, and the subscription's own buttons. */
function summaryCard(billing, { writer, cancel, resume }) {
  const state = billing.plan_state ?? null;
  const [label, kind] = STATE_LABELS[state] ?? [state ?? 'Unknown', 'neutral'];
  const subscription = billing.subscription ?? null;
  const live = subscribed(billing);
  const actions = [];
  if (billing.configured && writer && live) {
    if (subscription.cancel_at_period_end) {
      actions.push(h('button', { type: 'button', class: 'button', dataset: { action: 'resume' }, text: 'Resume subscription', onClick: (event) => resume(event.currentTarget) }));
    } else {
      actions.push(h('button', { type: 'button', class: 'button danger', dataset: { action: 'cancel' }, text: 'Cancel subscription', onClick: (event) => cancel(event.currentTarget) }));
    }
  }
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'plan-title', dataset: { planState: state ?? '', subscriptionStatus: subscription?.status ?? '' } },
    h('h2', { id: 'plan-title', text: 'Your plan' }),
    h(
      'dl',
      { class: 'facts' },
      fact('Plan', planName(billing)),
      fact('State', badge(label, kind)),
      subscription && live
        ? fact(subscription.cancel_at_period_end ? 'Ends on' : 'Renews on', time(subscription.current_period_end, '—', { dateOnly: true }))
        : null,
    ),
    h('p', { class: 'plan-state-text' }, stateText(billing)),
    billing.configured
      ? null
      : notice('info', h('p', { text: 'Billing is not configured on this deployment: it has no payment provider, so plans cannot be bought or changed here.' })),
    billing.configured && live && !writer ? h('p', { class: 'muted', text: 'Only an owner or admin can cancel or resume the subscription.' }) : null,
    actions.length ? h('div', { class: 'actions' }, actions) : null,
  );
}

/** The plan's state as a sentence. */
function stateText(billing) {
  const name = planName(billing);
  const subscription = billing.subscription ?? null;
  const periodEnd = subscription?.current_period_end;
  switch (billing.plan_state) {
    case 'trialing': {
      const left = daysLeftText(daysUntil(billing.trial_ends_at));
      return `Your free trial of ${name} ends on ${dateText(billing.trial_ends_at)}${left ? ` (${left})` : ''}. Subscribe before then to keep making changes; reading and exporting your data always work.`;
    }
    case 'trial_ended':
      return `Your free trial ended on ${dateText(billing.trial_ends_at ?? billing.read_only?.since)}. The workspace is read-only: you can read and export your data, and changes work again as soon as you subscribe.`;
    case 'active':
      return `Your ${name} subscription is active. It renews on ${dateText(periodEnd)}.`;
    case 'past_due':
      return `Your last payment for ${name} did not go through. Stripe tries again; pay the open invoice below to keep the subscription.`;
    case 'canceling':
      return `Your ${name} subscription is canceled and ends on ${dateText(periodEnd)}. Until then everything works as before; resume it to keep it.`;
    case 'canceled':
      return `Your subscription ended${billing.read_only?.since ? ` on ${dateText(billing.read_only.since)}` : ''}. The workspace is read-only: you can read and export your data, and changes work again as soon as you subscribe.`;
    case 'unbilled':
      return 'This workspace is billed outside Worktop, by the operator or platform that opened it: there is nothing to pay here.';
    default:
      return billing.read_only?.message ?? '';
  }
}

/** The plans, each with its monthly price and, for an owner or admin, "Subscribe". */
function planChoice(plans, billing, writer, subscribe) {
  return h(
    'section',
    { 'aria-labelledby': 'plans-title' },
    h('h2', { id: 'plans-title', text: 'Choose a plan' }),
    h(
      'p',
      { class: 'hint' },
      writer
        ? 'Billed monthly. Subscribe takes you to Stripe’s page to pay, and back here once it is done.'
        : 'Only an owner or admin of the workspace can subscribe.',
    ),
    h(
      'ul',
      { class: 'plan-list' },
      plans.map((plan) => {
        const current = plan.id === billing.plan?.id;
        return h(
          'li',
          { class: ['plan', current && 'current'], dataset: { planId: plan.id } },
          h('h3', {}, plan.name, current ? [' ', badge('Your plan', 'info')] : null),
          h('p', { class: 'price' }, h('strong', { text: monthlyPrice(plan.price_monthly, plan.currency) }), ' a month'),
          plan.description ? h('p', { text: plan.description }) : null,
          plan.modules?.length ? h('ul', {}, plan.modules.map((m) => h('li', { text: moduleLabel(m) }))) : null,
          writer
            ? h(
                'p',
                {},
                h('button', {
                  type: 'button',
                  class: 'button',
                  dataset: { planId: plan.id },
                  'aria-label': `Subscribe to ${plan.name}`,
                  text: 'Subscribe',
                  onClick: (event) => subscribe(plan, event.currentTarget),
                }),
              )
            : null,
        );
      }),
    ),
  );
}

/** A plan's monthly price, in whole units of its currency ("$29", "$29.50"). */
function monthlyPrice(amount, currency) {
  const value = Number(amount);
  const code = String(currency || 'USD').toUpperCase();
  try {
    return new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: Number.isInteger(value) ? 0 : undefined,
    }).format(value);
  } catch {
    return `${amount} ${code}`;
  }
}

function invoiceTable(invoices) {
  return table(
    'Invoices, newest first',
    [
      ['Number', (i) => i.number ?? i.id],
      ['Date', (i) => time(i.created_at, '—', { dateOnly: true })],
      ['Status', (i) => badge(...(INVOICE_STATUS[i.status] ?? [i.status ?? 'Unknown', 'neutral']))],
      ['Amount due', (i) => h('span', { class: 'number', text: formatMinorUnits(i.amount_due, i.currency) })],
      ['Paid', (i) => h('span', { class: 'number', text: formatMinorUnits(i.amount_paid, i.currency) })],
      [
        'Invoice',
        (i) =>
          i.hosted_invoice_url
            ? safeLink(i.hosted_invoice_url, 'View', { 'aria-label': `View invoice ${i.number ?? i.id} on Stripe` })
            : '—',
      ],
    ],
    invoices,
    { empty: 'No invoices yet.', rowAttrs: (i) => ({ dataset: { invoiceId: String(i.id) } }) },
  );
}

function fact(term, value) {
  return h('div', {}, h('dt', { text: term }), h('dd', {}, value));
}
