// Overview: GET /api/workspace {id, name, plan, plan_state, trial_ends_at, read_only,
// email_verified, usage} (the shell's own read of it, see app.js).
// Shows the plan and its state, the trial's days left, a banner with "resend" while the e-mail
// is not verified (POST /api/verify-email/resend), and the last 24 hours of requests as an SVG bar
// chart with the hourly limit as a line. The read-only banner is the shell's.

import { api } from '../api.js';
import { add, h, pageTitle, notice, errorNotice, loading, badge, time, busy, messageSlot, can } from '../ui.js';

/** `plan_state` as a badge: its words and its colour. */
export const STATE_LABELS = {
  trialing: ['Trial', 'info'],
  trial_ended: ['Trial ended', 'danger'],
  active: ['Active', 'success'],
  past_due: ['Payment past due', 'danger'],
  canceling: ['Canceling', 'warning'],
  canceled: ['Subscription ended', 'danger'],
  unbilled: ['Billed outside Worktop', 'neutral'],
};

/** Whole days from now until an RFC 3339 time, rounded up; 0 once it is past. */
export function daysUntil(iso) {
  const end = Date.parse(iso);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - Date.now()) / 86_400_000));
}

/** "14 days left", "1 day left", "ends today". */
export function daysLeftText(days) {
  if (days === null) return '';
  if (days === 0) return 'ends today';
  return `${days} day${days === 1 ? '' : 's'} left`;
}

export async function render(root, ctx) {
  add(root, pageTitle('Overview'));
  const status = loading();
  add(root, status);
  let workspace;
  try {
    workspace = await (ctx.workspace?.() ?? api('GET', '/api/workspace'));
  } catch (error) {
    status.replaceWith(errorNotice(error));
    // What GET /api/user already told us, so the page is not empty.
    const known = ctx.user?.workspace;
    if (known) {
      add(
        root,
        h(
          'section',
          { class: 'card', 'aria-labelledby': 'ws-fallback' },
          h('h2', { id: 'ws-fallback', text: known.name }),
          h('dl', { class: 'facts' }, fact('Workspace id', String(known.id)), fact('Plan', known.plan ?? 'None'), fact('Data', known.mode === 'test' ? 'Sandbox' : 'Live')),
        ),
      );
    }
    return;
  }
  status.remove();

  if (workspace.email_verified === false) add(root, verifyBanner(ctx));
  const planState = workspace.plan_state ?? workspace.state ?? null;
  if (planState === 'trialing' && workspace.trial_ends_at) add(root, trialNotice(ctx, workspace.trial_ends_at));
  const [stateLabel, stateKind] = STATE_LABELS[planState] ?? [planState, 'neutral'];
  add(
    root,
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'ws-title' },
      h('h2', { id: 'ws-title', text: workspace.name }),
      h(
        'dl',
        { class: 'facts' },
        fact('Plan', workspace.plan ? workspace.plan.name : 'No plan'),
        planState ? fact('State', badge(stateLabel, stateKind)) : null,
        workspace.trial_ends_at && (planState === 'trialing' || planState === 'trial_ended')
          ? fact(planState === 'trialing' ? 'Trial ends' : 'Trial ended', trialEnd(workspace.trial_ends_at, planState))
          : null,
        fact('E-mail', workspace.email_verified ? badge('Verified', 'success') : badge('Not verified', 'warning')),
        fact('Workspace id', String(workspace.id)),
      ),
    ),
  );

  const usage = workspace.usage ?? { limit_per_hour: 0, hours: [] };
  const slots = lastDay(usage.hours ?? []);
  const total = slots.reduce((sum, s) => sum + s.requests, 0);
  add(
    root,
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'usage-title' },
      h('h2', { id: 'usage-title', text: 'Requests in the last 24 hours' }),
      h('p', {}, `${total.toLocaleString()} request${total === 1 ? '' : 's'}. Your workspace may make ${Number(usage.limit_per_hour).toLocaleString()} requests an hour across its tokens, ${Number(usage.token_limit_per_hour).toLocaleString()} per token.`),
      usageChart(slots, Number(usage.limit_per_hour) || 0),
      h(
        'details',
        {},
        h('summary', { text: 'Show the numbers' }),
        h(
          'div',
          { class: 'table-wrap' },
          h(
            'table',
            {},
            h('caption', { class: 'visually-hidden', text: 'Requests per hour' }),
            h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: 'Hour' }), h('th', { scope: 'col', text: 'Requests' }))),
            h('tbody', {}, slots.map((s) => h('tr', {}, h('td', {}, time(s.hour.toISOString())), h('td', { class: 'number', text: s.requests.toLocaleString() })))),
          ),
        ),
      ),
    ),
  );
}

function fact(term, value) {
  return h('div', {}, h('dt', { text: term }), h('dd', {}, value));
}

// The server's `plan_state` says whether the trial is over; this browser's clock only counts the days.
function trialEnd(iso, planState) {
  if (planState !== 'trialing') return time(iso, '—', { dateOnly: true });
  return h('span', {}, time(iso, '—', { dateOnly: true }), ` (${daysLeftText(daysUntil(iso))})`);
}

function trialNotice(ctx, iso) {
  const left = daysLeftText(daysUntil(iso));
  return notice(
    'info',
    h(
      'p',
      { class: 'trial-state' },
      h('strong', { text: `Trial: ${left}.` }),
      ' Your free trial ends on ',
      time(iso, '—', { dateOnly: true }),
      '; after that the workspace is read-only until it has a plan. ',
      can(ctx.user, 'users.read') ? [h('a', { href: '#/billing', text: 'Choose a plan' }), '.'] : null,
    ),
  );
}

function verifyBanner(ctx) {
  const slot = messageSlot();
  const button = h('button', { type: 'button', class: 'button small', text: 'Send the e-mail again' });
  button.addEventListener('click', () =>
    busy(button, slot, async () => {
      const answer = await api('POST', '/api/verify-email/resend');
      slot.success(answer.message ?? 'A new verification e-mail is on its way.');
    }),
  );
  return notice(
    'warning',
    h('p', {}, h('strong', { text: 'Verify your e-mail address.' }), ` We sent a link to ${ctx.user?.email ?? 'your address'}; live API keys need a verified address.`),
    h('p', {}, button),
    slot,
  );
}

/** The 24 clock hours ending with the current one, each with its request count (0 when absent). */
function lastDay(hours) {
  const counts = new Map();
  for (const entry of hours) {
    const at = Date.parse(entry.hour);
    if (Number.isNaN(at)) continue;
    const key = Math.floor(at / 3_600_000);
    counts.set(key, (counts.get(key) ?? 0) + (Number(entry.requests) || 0));
  }
  const current = Math.floor(Date.now() / 3_600_000);
  const slots = [];
  for (let i = 23; i >= 0; i -= 1) {
    const key = current - i;
    slots.push({ hour: new Date(key * 3_600_000), requests: counts.get(key) ?? 0 });
  }
  return slots;
}

const hourFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric' });

/** Bars of requests per hour and a dashed line at the hourly limit; scaled to whichever is higher. */
function usageChart(slots, limit) {
  const width = 720;
  const height = 240;
  // The right margin holds the limit's label ("Limit 20,000/h").
  const pad = { top: 16, right: 128, bottom: 28, left: 56 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const peak = Math.max(limit, ...slots.map((s) => s.requests), 1);
  const top = niceCeiling(peak * 1.1);
  const y = (value) => pad.top + plotH - (value / top) * plotH;
  const step = plotW / slots.length;
  const barW = Math.max(2, step * 0.7);

  const svg = h(
    'svg:svg',
    { class: 'chart', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-labelledby': 'chart-title chart-desc', preserveAspectRatio: 'xMidYMid meet' },
    h('svg:title', { id: 'chart-title', text: 'Requests per hour, last 24 hours' }),
    h('svg:desc', {
      id: 'chart-desc',
      text: `Peak ${Math.max(...slots.map((s) => s.requests)).toLocaleString()} requests in an hour; the limit is ${limit.toLocaleString()} per hour.`,
    }),
  );
  // Grid lines and the y axis's labels.
  for (const value of [0, top / 2, top]) {
    svg.append(
      h('svg:line', { class: 'chart-grid', x1: pad.left, x2: width - pad.right, y1: y(value), y2: y(value) }),
      h('svg:text', { class: 'chart-label', x: pad.left - 8, y: y(value) + 4, 'text-anchor': 'end', text: Number(value.toFixed(1)).toLocaleString() }),
    );
  }
  slots.forEach((slot, i) => {
    const x = pad.left + i * step + (step - barW) / 2;
    const barH = Math.max(0, pad.top + plotH - y(slot.requests));
    svg.append(
      h(
        'svg:rect',
        { class: ['chart-bar', slot.requests > limit && limit > 0 && 'over'], x, y: y(slot.requests), width: barW, height: barH },
        h('svg:title', { text: `${hourFormat.format(slot.hour)}: ${slot.requests.toLocaleString()} requests` }),
      ),
    );
    if (i % 6 === 0 || i === slots.length - 1) {
      svg.append(h('svg:text', { class: 'chart-label', x: x + barW / 2, y: height - 8, 'text-anchor': 'middle', text: hourFormat.format(slot.hour) }));
    }
  });
  if (limit > 0) {
    svg.append(
      h('svg:line', { class: 'chart-limit', x1: pad.left, x2: width - pad.right, y1: y(limit), y2: y(limit) }),
      h('svg:text', { class: 'chart-limit-label', x: width - pad.right + 6, y: y(limit) + 4, 'text-anchor': 'start', text: `Limit ${limit.toLocaleString()}/h` }),
    );
  }
  return h('figure', { class: 'chart-figure' }, svg);
}

/** 1, 2 or 5 times a power of ten, at least `value`. */
function niceCeiling(value) {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const m of [1, 2, 5, 10]) if (m * power >= value) return m * power;
  return 10 * power;
}
