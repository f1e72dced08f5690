// Log in: POST /api/login {email, password, workspace_id?}. When the address and password log in
// to several workspaces the API answers 409 `workspace_required` with `workspaces` ({id, name}):
// the form then asks which one and sends the login again with `workspace_id`.

import { api } from '../api.js';
import { add, h, pageTitle, field, input, messageSlot, onSubmit } from '../ui.js';

export async function render(root, ctx) {
  const slot = messageSlot();
  const chooser = h('div', { class: 'workspace-chooser' });
  const email = input('email', { type: 'email', autocomplete: 'username', required: true, value: ctx.query.get('email') ?? '' });
  const password = input('password', { type: 'password', autocomplete: 'current-password', required: true });
  const form = h(
    'form',
    { class: 'form narrow', novalidate: true },
    field('E-mail', email),
    field('Password', password),
    chooser,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'button', text: 'Log in' })),
  );

  onSubmit(form, slot, async () => {
    const body = { email: email.value.trim(), password: password.value };
    const picked = chooser.querySelector('input[name="workspace_id"]:checked');
    if (picked) body.workspace_id = Number(picked.value);
    let answer;
    try {
      answer = await api('POST', '/api/login', { body, auth: false });
    } catch (error) {
      if (error.status === 409 && error.code === 'workspace_required' && Array.isArray(error.body.workspaces)) {
        showChooser(chooser, error.body.workspaces);
        slot.show(h('div', { class: 'notice notice-info', role: 'status' }, h('p', { text: error.message })));
        chooser.querySelector('input')?.focus();
        return;
      }
      throw error;
    }
    await ctx.startSession(answer.token);
    ctx.navigate(ctx.safeNext(ctx.query.get('next')));
  });

  add(
    root,
    pageTitle('Log in to Worktop'),
    slot,
    form,
    h(
      'p',
      { class: 'form-links' },
      h('a', { href: '#/forgot-password', text: 'Forgot your password?' }),
      ' · ',
      h('a', { href: '#/signup', text: 'Create an account' }),
    ),
  );
}

function showChooser(holder, workspaces) {
  holder.replaceChildren(
    h(
      'fieldset',
      { class: 'radio-group', dataset: { field: 'workspace_id' } },
      h('legend', { text: 'Choose a workspace' }),
      workspaces.map((workspace, index) => {
        const id = `workspace-${workspace.id}`;
        return h(
          'div',
          { class: 'radio' },
          h('input', { type: 'radio', id, name: 'workspace_id', value: String(workspace.id), checked: index === 0 }),
          h('label', { for: id }, workspace.name, h('span', { class: 'muted', text: ` (workspace ${workspace.id})` })),
        );
      }),
      h('p', { class: 'field-error', hidden: true }),
    ),
  );
}
