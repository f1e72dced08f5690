// Users: GET /api/users, POST /api/user/store (a generated password, when none was given, is in
// that answer only), POST /api/user/update/{id} {role, version} to change a role,
// DELETE /api/user/delete/{id}. Roles and what each may do: GET /api/roles.

import { api, listAll } from '../api.js';
import {
  add, h, pageTitle, field, input, select, messageSlot, onSubmit, secretPanel, revealSecret, confirmDialog, table, time, loading,
  busy, badge, uid, can,
} from '../ui.js';

const FALLBACK_ROLES = ['owner', 'admin', 'staff', 'client', 'vendor'].map((name) => ({ name, description: '' }));

export async function render(root, ctx) {
  const secretSlot = messageSlot();
  const listSlot = messageSlot();
  const listHolder = h('div', { class: 'list-holder' }, loading());
  const formHolder = h('div', {}, loading());
  const writer = can(ctx.user, 'users.write');

  add(
    root,
    pageTitle('Users'),
    h('p', { class: 'lead', text: 'Everyone who logs in to this workspace, and their role. A role decides what a user, and every key they make, may do.' }),
    secretSlot,
    writer && h('section', { class: 'card', 'aria-labelledby': 'new-user-title' }, h('h2', { id: 'new-user-title', text: 'Add a user' }), formHolder),
    h('section', { 'aria-labelledby': 'users-title' }, h('h2', { id: 'users-title', text: 'People' }), listSlot, listHolder),
  );

  let roles = FALLBACK_ROLES;
  try {
    const answer = await api('GET', '/api/roles', { query: { per_page: 100 } });
    if (answer.data?.length) roles = answer.data;
  } catch {
    // the built-in five
  }

  async function reload() {
    try {
      const users = await listAll('/api/users', { sort: 'name' });
      listHolder.replaceChildren(userTable(users, roles, ctx.user, writer, { changeRole, remove }));
    } catch (error) {
      listHolder.replaceChildren();
      listSlot.error(error);
    }
  }

  async function changeRole(user, control) {
    const previous = user.role;
    control.disabled = true;
    listSlot.clear();
    try {
      const updated = await api('POST', `/api/user/update/${user.id}`, { body: { role: control.value, version: user.version } });
      Object.assign(user, updated);
      listSlot.success(`${user.name} is now ${updated.role}.`);
    } catch (error) {
      control.value = previous;
      listSlot.error(error);
    } finally {
      control.disabled = false;
    }
  }

  async function remove(user, button) {
    const yes = await confirmDialog(`Delete ${user.name} (${user.email})? They can no longer log in, and their API keys stop working.`, {
      confirmLabel: 'Delete the user',
      title: 'Delete this user?',
    });
    if (!yes) return;
    await busy(button, listSlot, async () => {
      await api('DELETE', `/api/user/delete/${user.id}`);
      await reload();
      listSlot.success(`${user.name} is deleted.`);
    });
  }

  formHolder.replaceChildren(
    createForm(roles, (created) => {
      if (created.generated_password) {
        revealSecret(
          secretSlot,
          secretPanel(
            `${created.name} can log in now`,
            [['Password', created.generated_password]],
            `Give it to ${created.email} by a safe channel; they can change it after logging in.`,
            () => secretSlot.clear(),
          ),
        );
      } else {
        secretSlot.success(`${created.name} is added and can log in with the password you chose.`);
      }
      reload();
    }),
  );
  reload();
}

function roleOptions(roles) {
  return roles.map((r) => [r.name, r.name[0].toUpperCase() + r.name.slice(1)]);
}

function createForm(roles, onCreated) {
  const slot = messageSlot();
  const name = input('name', { required: true, autocomplete: 'off' });
  const email = input('email', { type: 'email', required: true, autocomplete: 'off' });
  const role = select('role', roleOptions(roles), { value: 'staff' });
  const password = input('password', { type: 'password', autocomplete: 'new-password' });
  const described = roles.filter((r) => r.description);
  const form = h(
    'form',
    { class: 'form', novalidate: true },
    slot,
    h('div', { class: 'grid-2' }, field('Name', name), field('E-mail', email)),
    field('Role', role),
    described.length ? h('ul', { class: 'hint role-help' }, described.map((r) => h('li', {}, h('strong', { text: r.name }), `: ${r.description}`))) : null,
    field('Password (optional)', password, 'Leave it empty and a password is made for them and shown once.'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'button', text: 'Add the user' })),
  );
  onSubmit(form, slot, async () => {
    const body = { name: name.value.trim(), email: email.value.trim(), role: role.value };
    if (password.value) body.password = password.value;
    const created = await api('POST', '/api/user/store', { body });
    form.reset();
    role.value = 'staff';
    onCreated(created);
  });
  return form;
}

function userTable(users, roles, me, writer, { changeRole, remove }) {
  return table(
    'Users',
    [
      ['Name', (u) => h('span', {}, u.name, u.id === me?.id ? h('span', { class: 'muted', text: ' (you)' }) : null)],
      ['E-mail', (u) => u.email],
      [
        'Role',
        (u) => {
          if (!writer) return u.role;
          const id = uid('role');
          const control = select('role', roleOptions(roles), { id, value: u.role });
          control.addEventListener('change', () => changeRole(u, control));
          return h('span', {}, h('label', { for: id, class: 'visually-hidden', text: `Role of ${u.name}` }), control);
        },
      ],
      ['E-mail verified', (u) => (u.email_verified_at ? badge('Yes', 'success') : badge('No', 'neutral'))],
      ['Created', (u) => time(u.created_at, '—', { dateOnly: true })],
      [
        'Actions',
        (u) =>
          u.id === me?.id || !writer
            ? h('span', { class: 'muted', text: '—' })
            : h('button', { type: 'button', class: 'button danger small', text: 'Delete', 'aria-label': `Delete ${u.name}`, onClick: (e) => remove(u, e.currentTarget) }),
      ],
    ],
    users,
    { empty: 'No users.', rowAttrs: (u) => ({ dataset: { userId: String(u.id) } }) },
  );
}
