// Verify an e-mail address: the mail links to `/#/verify?token=...`; the page sends the token to
// POST /api/verify-email {token} and shows what the API answers.

import { api, getToken } from '../api.js';
import { add, h, pageTitle, notice, errorNotice, loading } from '../ui.js';

export async function render(root, ctx) {
  const token = ctx.query.get('token');
  add(root, pageTitle('Verify your e-mail'));
  if (!token) {
    add(root, notice('error', h('p', { text: 'This link has no verification token. Open the link from the e-mail again, or ask for a new one from the overview.' })));
    return;
  }
  const status = loading('Checking your link…');
  add(root, status);
  try {
    const answer = await api('POST', '/api/verify-email', { body: { token }, auth: false });
    status.replaceWith(notice('success', h('p', { text: answer.message ?? 'Your e-mail address is verified.' })));
    if (getToken()) await ctx.reloadUser().catch(() => {});
  } catch (error) {
    status.replaceWith(errorNotice(error));
  }
  add(
    root,
    h('p', { class: 'actions' }, getToken() ? h('a', { class: 'button', href: '#/', text: 'Go to the overview' }) : h('a', { class: 'button', href: '#/login', text: 'Log in' })),
  );
}
