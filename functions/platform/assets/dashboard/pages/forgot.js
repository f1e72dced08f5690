// Forgot password: POST /api/forgot-password {email} answers 202 with the same message whether
// or not the address has an account; the mail links to `/#/reset-password?token=...`.

import { api } from '../api.js';
import { add, h, pageTitle, field, input, messageSlot, onSubmit, notice } from '../ui.js';

export async function render(root) {
  const slot = messageSlot();
  const email = input('email', { type: 'email', autocomplete: 'email', required: true });
  const form = h(
    'form',
    { class: 'form narrow', novalidate: true },
    field('E-mail', email, 'We will send a link to reset your password to this address.'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'button', text: 'Send the link' })),
  );
  onSubmit(form, slot, async () => {
    const answer = await api('POST', '/api/forgot-password', { body: { email: email.value.trim() }, auth: false });
    form.replaceWith(notice('success', h('p', { text: answer.message ?? 'If an account uses this address, a link to reset its password is on its way.' })));
  });
  add(root, pageTitle('Forgot your password?'), slot, form, h('p', { class: 'form-links' }, h('a', { href: '#/login', text: 'Back to log in' })));
}
