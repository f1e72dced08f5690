// Reset a password: the mail links to `/#/reset-password?token=...`; POST /api/reset-password
// {token, password}, then back to log in.

import { api } from '../api.js';
import { add, h, pageTitle, messageSlot, newPasswordForm, notice } from '../ui.js';

export async function render(root, ctx) {
  const token = ctx.query.get('token');
  add(root, pageTitle('Choose a new password'));
  if (!token) {
    add(
      root,
      notice('error', h('p', {}, 'This link has no reset token. Open the link from the e-mail again, or ', h('a', { href: '#/forgot-password', text: 'ask for a new one' }), '.')),
    );
    return;
  }
  const slot = messageSlot();
  const form = newPasswordForm(slot, 'Set the new password', async (password) => {
    const answer = await api('POST', '/api/reset-password', { body: { token, password }, auth: false });
    ctx.flash('success', `${answer.message ?? 'Your password is changed.'} Log in with the new password.`);
    ctx.navigate('/login');
  });
  add(root, slot, form);
}
