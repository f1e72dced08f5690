// Sign up: POST /api/signup {name, email, password, workspace_name, plan_id?} answers 201 with a
// session token and the workspace's first sandbox key (`sandbox_key.key`, shown here once).
// The plans come from GET /api/public/plans; `#/signup?plan=pro` picks one.

import { api } from '../api.js';
import { add, h, pageTitle, field, input, select, messageSlot, onSubmit, secretPanel, notice, errorNotice } from '../ui.js';

export async function render(root, ctx) {
  const slot = messageSlot();
  const name = input('name', { autocomplete: 'name', required: true });
  const email = input('email', { type: 'email', autocomplete: 'email', required: true });
  const password = input('password', { type: 'password', autocomplete: 'new-password', required: true, minlength: '8', maxlength: '128' });
  const workspace = input('workspace_name', { autocomplete: 'organization', required: true });
  const plan = select('plan_id', [['', 'Choose later']], { value: ctx.query.get('plan') ?? '' });
  const planField = field('Plan', plan, 'The plan your workspace starts on; every module it includes is yours to try.');

  const form = h(
    'form',
    { class: 'form narrow', novalidate: true },
    field('Your name', name),
    field('Work e-mail', email),
    field('Password', password, '8 to 128 characters; not a common password, and not your name or e-mail.'),
    field('Workspace name', workspace, 'Your company or team.'),
    planField,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'button', text: 'Create my account' })),
  );

  onSubmit(form, slot, async () => {
    const body = {
      name: name.value.trim(),
      email: email.value.trim(),
      password: password.value,
      workspace_name: workspace.value.trim(),
    };
    if (plan.value) body.plan_id = plan.value;
    const answer = await api('POST', '/api/signup', { body, auth: false });
    await ctx.startSession(answer.token);
    showWelcome(root, answer, body.email);
  });

  add(
    root,
    pageTitle('Create your Worktop account'),
    h('p', { class: 'lead', text: 'One account gives you a workspace, a sandbox seeded with realistic data, and API keys for both.' }),
    slot,
    form,
    h('p', { class: 'form-links' }, 'Already have an account? ', h('a', { href: '#/login', text: 'Log in' })),
  );

  try {
    const plans = await api('GET', '/api/public/plans', { auth: false, query: { per_page: 100 } });
    for (const p of plans.data ?? []) {
      const trial = p.trial_days ? `, ${p.trial_days}-day free trial` : '';
      plan.append(h('option', { value: p.id, text: `${p.name}: ${p.price_monthly} ${p.currency}/month${trial}`, selected: p.id === ctx.query.get('plan') }));
    }
  } catch (error) {
    planField.append(errorNotice(error));
  }
}

function showWelcome(root, answer, address) {
  const key = answer.sandbox_key ?? {};
  const title = h('h1', { tabindex: '-1', text: 'Welcome to Worktop' });
  root.replaceChildren(
    h('div', { class: 'page-head' }, title),
    notice(
      'info',
      h('p', {}, 'We sent a verification e-mail to ', h('strong', { text: address }), '. Live keys need a verified address; your sandbox key works now.'),
    ),
    key.key
      ? secretPanel(
          'Your sandbox API key',
          [['Sandbox key', key.key]],
          h(
            'span',
            {},
            'It reaches only your sandbox (realistic sample data), on every endpoint of the API. Try: ',
            h('code', { text: `curl -H "Authorization: Bearer <key>" ${window.location.origin}/api/user` }),
          ),
        )
      : notice('warning', h('p', { text: 'The sign-up answer held no sandbox key: create one under Sandbox.' })),
    h(
      'p',
      { class: 'actions' },
      h('a', { class: 'button', href: '#/', text: 'Go to the dashboard' }),
      h('a', { class: 'button secondary', href: '/docs', text: 'Read the API reference' }),
    ),
  );
  title.focus();
}
