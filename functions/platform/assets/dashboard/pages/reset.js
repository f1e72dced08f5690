// Reset a password: the mail links to `/#/reset-password?token=...`; POST /api/reset-password
// {token, password}, then back to log in.

import { api } from '../api.js';
import { add, h, pageTitle, field, input, messageSlot, onSubmit, notice } from '../ui.js';

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
  const password = input('password', { type: 'password', autocomplete: 'new-password', required: true, minlength: '8', maxlength: '128' });
  const again = input('password_confirmation', { type: 'password', autocomplete: 'new-password', required: true });
  const form = h(
    'form',
    { class: 'form narrow', novalidate: true },
    field('New password', password, '8 to 128 characters; not a common password, and not your name or e-mail.'),
    field('New password again', again),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'button', text: 'Set the new password' })),
  );
  onSubmit(form, slot, async () => {
    if (password.value !== again.value) {
      const error = new Error('The two passwords differ.');
      error.errors = { password_confirmation: ['Type the same password twice.'] };
      throw error;
    }
    const answer = await api('POST', '/api/reset-password', { body: { token, password: password.value }, auth: false });
    ctx.flash('success', `${answer.message ?? 'Your password is changed.'} Log in with the new password.`);
    ctx.navigate('/login');
  });
  add(root, slot, form);
}
