// Accept a white-label invitation: the platform's mail links to `/#/accept-invitation?token=...`;
// POST /api/wl/invitations/accept {token, password} sets the owner's password, then log in.

import { api } from '../api.js';
import { add, h, pageTitle, messageSlot, newPasswordForm, notice } from '../ui.js';

export async function render(root, ctx) {
  const token = ctx.query.get('token');
  add(root, pageTitle('Accept your invitation'));
  if (!token) {
    add(root, notice('error', h('p', { text: 'This link is incomplete: it has no invitation token. Open the link from the e-mail again, or ask whoever invited you for a new invitation.' })));
    return;
  }
  const slot = messageSlot();
  const form = newPasswordForm(slot, 'Set the password', async (password) => {
    let answer;
    try {
      answer = await api('POST', '/api/wl/invitations/accept', { body: { token, password }, auth: false });
    } catch (error) {
      // An unknown, used or expired token is 404; a weak password is 422 with its field errors.
      if (error.status === 404) throw new Error('This invitation is no longer valid: it was used already or it expired. Ask whoever invited you for a new one.');
      throw error;
    }
    const login = h('a', { class: 'button', href: `#/login?email=${encodeURIComponent(answer.email ?? '')}`, text: 'Log in' });
    slot.show(
      notice(
        'success',
        h('p', {}, h('strong', { text: 'Your account is ready.' }), ' ', answer.message ?? 'Your password is set; log in with your e-mail address.'),
        answer.email ? h('p', {}, 'Your login: ', h('strong', { text: answer.email })) : null,
        h('p', { class: 'actions' }, login),
      ),
    );
    form.remove();
    login.focus();
  });
  add(root, slot, form);
}
