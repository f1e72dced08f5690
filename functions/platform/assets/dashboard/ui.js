// Small DOM helpers. Everything is built with createElement and textContent: no HTML string ever
// holds data from the API, so a record's name cannot inject markup.

let nextId = 0;
/** A document-unique id for tying labels, hints and errors to their inputs. */
export function uid(prefix = 'f') {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/**
 * `h('p', {class: 'hint'}, 'text', child)`. Attributes: `class`, `text`, `on<Event>` listeners,
 * `dataset`, booleans (set when true, left out when false), anything else as an attribute.
 * Children: nodes, strings (as text), arrays, and null/false/undefined (skipped).
 */
export function h(tag, attrs = {}, ...children) {
  const svg = tag.startsWith('svg:');
  const el = svg
    ? document.createElementNS('http://www.w3.org/2000/svg', tag.slice(4))
    : document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') el.setAttribute('class', Array.isArray(value) ? value.filter(Boolean).join(' ') : value);
    else if (name === 'text') el.textContent = value;
    else if (name === 'dataset') Object.assign(el.dataset, value);
    else if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) el.setAttribute(name, '');
    else if (!svg && (name === 'value' || name === 'checked')) el[name] = value;
    else el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Appends children as `h` takes them (null, false and undefined skipped, arrays flattened). */
export function add(parent, ...children) {
  append(parent, children);
  return parent;
}

export function clear(el) {
  el.replaceChildren();
  return el;
}

/** A page's heading, focusable so the router can move focus to it after a navigation. */
export function pageTitle(text, ...extra) {
  return h('div', { class: 'page-head' }, h('h1', { tabindex: '-1', text }), ...extra);
}

/** A message box. kind: `error` (role=alert), `success`, `info`, `warning` (role=status). */
export function notice(kind, ...content) {
  return h('div', { class: ['notice', `notice-${kind}`], role: kind === 'error' ? 'alert' : 'status' }, ...content);
}

/**
 * A box that shows an error's message (the API's own) and the field errors no input of the form
 * claimed; a 402 (the workspace is read-only) also links to the billing page.
 */
export function errorNotice(error, unclaimed = null) {
  const fields = unclaimed ?? Object.entries(error?.errors ?? {});
  const extra = [];
  if (error?.status === 402) {
    extra.push(h('p', {}, h('a', { href: '#/billing', text: 'Choose a plan on the billing page' }), ' to make changes again.'));
  }
  if (error?.requestId && (error.status >= 500 || error.status === 0)) {
    extra.push(h('p', { class: 'small' }, `Request id: ${error.requestId}`));
  }
  return notice(
    'error',
    h('p', { text: error?.message ?? String(error) }),
    fields.length
      ? h('ul', {}, fields.map(([field, messages]) => h('li', {}, h('code', { text: field }), ': ', [].concat(messages).join(' '))))
      : null,
    extra,
  );
}

/** A slot that holds one message at a time (polite live region). */
export function messageSlot() {
  const slot = h('div', { class: 'message-slot', 'aria-live': 'polite' });
  slot.show = (node) => slot.replaceChildren(...(node ? [node] : []));
  slot.error = (error) => slot.show(errorNotice(error));
  slot.success = (text) => slot.show(notice('success', h('p', { text })));
  slot.clear = () => slot.replaceChildren();
  return slot;
}

/**
 * A labelled form control. `control` is an <input>, <select> or <textarea>; its `name` is the API
 * field whose errors `showFieldErrors` writes under it.
 */
export function field(labelText, control, hint = null) {
  const id = control.id || uid(control.name || 'f');
  control.id = id;
  const hintId = hint ? `${id}-hint` : null;
  const errorId = `${id}-error`;
  control.setAttribute('aria-describedby', [hintId, errorId].filter(Boolean).join(' '));
  const wrapper = h(
    'div',
    { class: 'field', dataset: { field: control.name || '' } },
    h('label', { for: id, text: labelText }),
    hint ? h('p', { class: 'hint', id: hintId, text: hint }) : null,
    control,
    h('p', { class: 'field-error', id: errorId, hidden: true }),
  );
  return wrapper;
}

export function input(name, attrs = {}) {
  return h('input', { name, type: 'text', ...attrs });
}

export function select(name, options, attrs = {}) {
  return h(
    'select',
    { name, ...attrs },
    options.map(([value, label]) => h('option', { value, text: label, selected: String(value) === String(attrs.value ?? '') })),
  );
}

/** A group of checkboxes in a fieldset: `options` are [value, label, description?]. */
export function checkboxGroup(legend, name, options, checked = [], { hint = null, columns = false } = {}) {
  const hintId = hint ? uid('hint') : null;
  const errorId = uid('err');
  return h(
    'fieldset',
    { class: ['checkbox-group', columns && 'columns'], dataset: { field: name }, 'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') },
    h('legend', { text: legend }),
    hint ? h('p', { class: 'hint', id: hintId, text: hint }) : null,
    h(
      'div',
      { class: 'checkbox-list' },
      options.map(([value, label, description]) => {
        const id = uid(name);
        return h(
          'div',
          { class: 'checkbox' },
          h('input', { type: 'checkbox', id, name, value, checked: checked.includes(value) }),
          h('label', { for: id }, label, description ? h('span', { class: 'hint', text: ` ${description}` }) : null),
        );
      }),
    ),
    h('p', { class: 'field-error', id: errorId, hidden: true }),
  );
}

/** The values of the checked boxes named `name` inside `root`. */
export function checkedValues(root, name) {
  return [...root.querySelectorAll(`input[type="checkbox"][name="${name}"]`)].filter((c) => c.checked).map((c) => c.value);
}

/**
 * Writes an ApiError's per-field errors under the form's fields (matched by `data-field`, and by
 * the field's prefix for `events.0`-style names) and answers the errors no field claimed.
 */
export function showFieldErrors(form, error) {
  clearFieldErrors(form);
  const unclaimed = [];
  for (const [name, messages] of Object.entries(error?.errors ?? {})) {
    const base = name.split(/[.[]/)[0];
    const holder = form.querySelector(`[data-field="${CSS.escape(name)}"]`) ?? form.querySelector(`[data-field="${CSS.escape(base)}"]`);
    const slot = holder?.querySelector(':scope > .field-error');
    if (!slot) {
      unclaimed.push([name, messages]);
      continue;
    }
    slot.textContent = [].concat(messages).join(' ');
    slot.hidden = false;
    for (const control of holder.querySelectorAll('input, select, textarea')) control.setAttribute('aria-invalid', 'true');
  }
  const first = form.querySelector('[aria-invalid="true"]');
  if (first) first.focus();
  return unclaimed;
}

export function clearFieldErrors(form) {
  for (const slot of form.querySelectorAll('.field-error')) {
    slot.textContent = '';
    slot.hidden = true;
  }
  for (const control of form.querySelectorAll('[aria-invalid]')) control.removeAttribute('aria-invalid');
}

/**
 * Wires a form: on submit, disables its buttons, runs `action(form)`, and shows an error (the
 * API's message above the form, field errors under their fields) in `slot`.
 */
export function onSubmit(form, slot, action) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const buttons = [...form.querySelectorAll('button')];
    buttons.forEach((b) => (b.disabled = true));
    form.setAttribute('aria-busy', 'true');
    slot.clear();
    clearFieldErrors(form);
    try {
      await action(form);
    } catch (error) {
      const unclaimed = showFieldErrors(form, error);
      slot.show(errorNotice(error, unclaimed));
      if (!form.querySelector('[aria-invalid="true"]')) slot.firstElementChild?.focus?.();
    } finally {
      buttons.forEach((b) => (b.disabled = false));
      form.removeAttribute('aria-busy');
    }
  });
  return form;
}

/**
 * The form a mailed link opens to choose a password (a reset, an invitation): the password twice,
 * checked alike before `choose(password)` runs; errors go to `slot`.
 */
export function newPasswordForm(slot, submitLabel, choose) {
  const password = input('password', { type: 'password', autocomplete: 'new-password', required: true, minlength: '8', maxlength: '128' });
  const again = input('password_confirmation', { type: 'password', autocomplete: 'new-password', required: true });
  const form = h(
    'form',
    { class: 'form narrow', novalidate: true },
    field('New password', password, '8 to 128 characters; not a common password, and not your name or e-mail.'),
    field('New password again', again),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'button', text: submitLabel })),
  );
  return onSubmit(form, slot, async () => {
    if (password.value !== again.value) {
      const error = new Error('The two passwords differ.');
      error.errors = { password_confirmation: ['Type the same password twice.'] };
      throw error;
    }
    await choose(password.value);
  });
}

/** Runs `action` from a button, disabling it meanwhile; errors go to `slot`. */
export async function busy(button, slot, action) {
  button.disabled = true;
  slot?.clear();
  try {
    return await action();
  } catch (error) {
    if (slot) slot.error(error);
    else throw error;
    return undefined;
  } finally {
    button.disabled = false;
  }
}

/** Copies text to the clipboard; says so in a live region beside the button. */
export function copyButton(text, label = 'Copy', accessibleName = null) {
  const status = h('span', { class: 'copy-status', 'aria-live': 'polite' });
  const button = h('button', {
    type: 'button',
    class: 'button secondary small',
    text: label,
    'aria-label': accessibleName,
    onClick: async () => {
      try {
        await navigator.clipboard.writeText(text);
        status.textContent = 'Copied.';
      } catch {
        status.textContent = 'Copying is not allowed here: select the text and copy it by hand.';
      }
      setTimeout(() => (status.textContent = ''), 4000);
    },
  });
  return h('span', { class: 'copy' }, button, status);
}

/**
 * A secret shown once (an API key, a webhook's signing secret, a client secret, a generated
 * password), read-only and selectable, with a copy button and the warning.
 */
export function secretPanel(title, items, note = null, onDone = null) {
  const titleId = uid('secret-title');
  const panel = h(
    'section',
    { class: 'secret-panel', 'aria-labelledby': titleId },
    h('h2', { id: titleId, tabindex: '-1', text: title }),
    h('p', { class: 'warning-text' }, h('strong', { text: 'Copy it now: you will not see it again.' }), ' Keep it somewhere safe, such as a password manager or your secrets store.'),
    items.map(([label, value]) => {
      const id = uid('secret-value');
      return h(
        'div',
        { class: 'secret-row' },
        h('label', { for: id, text: label }),
        h(
          'div',
          { class: 'secret-value' },
          h('input', { id, type: 'text', readonly: true, value, class: 'mono', spellcheck: 'false', autocomplete: 'off', dataset: { secret: label } }),
          copyButton(value, 'Copy', `Copy the ${label}`),
        ),
      );
    }),
    note ? h('p', {}, note) : null,
    onDone
      ? h('button', { type: 'button', class: 'button', text: 'I have saved it', onClick: () => { panel.remove(); onDone(); } })
      : null,
  );
  return panel;
}

/** Shows a secret panel at the top of `slot` and moves focus to its heading. */
export function revealSecret(slot, panel) {
  slot.show(panel);
  panel.querySelector('h2')?.focus();
  return panel;
}

/** Asks for confirmation in a modal <dialog>; answers true when confirmed. */
export function confirmDialog(message, { confirmLabel = 'Confirm', cancelLabel = 'Cancel', danger = true, title = 'Are you sure?' } = {}) {
  return new Promise((resolve) => {
    const titleId = uid('dialog-title');
    const textId = uid('dialog-text');
    const cancel = h('button', { type: 'button', class: 'button secondary', text: cancelLabel, value: 'cancel' });
    const confirm = h('button', { type: 'button', class: ['button', danger && 'danger'], text: confirmLabel, value: 'confirm' });
    const dialog = h(
      'dialog',
      { class: 'confirm', 'aria-labelledby': titleId, 'aria-describedby': textId },
      h('h2', { id: titleId, text: title }),
      h('p', { id: textId, text: message }),
      h('div', { class: 'actions' }, cancel, confirm),
    );
    let answer = false;
    cancel.addEventListener('click', () => dialog.close());
    confirm.addEventListener('click', () => {
      answer = true;
      dialog.close();
    });
    const opener = document.activeElement;
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (opener && opener.isConnected) opener.focus();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}

/** A table; `columns` are [heading, (row) => cell content]. */
export function table(caption, columns, rows, { empty = 'Nothing here yet.', rowAttrs = null } = {}) {
  if (rows.length === 0) return h('p', { class: 'empty', text: empty });
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      {},
      h('caption', { class: caption.visible ? null : 'visually-hidden', text: caption.text ?? caption }),
      h('thead', {}, h('tr', {}, columns.map(([heading]) => h('th', { scope: 'col', text: heading })))),
      h('tbody', {}, rows.map((row) => h('tr', rowAttrs ? rowAttrs(row) : {}, columns.map(([, cell]) => h('td', {}, cell(row)))))),
    ),
  );
}

export function badge(text, kind = 'neutral') {
  return h('span', { class: ['badge', `badge-${kind}`], text });
}

export function loading(text = 'Loading…') {
  return h('p', { class: 'loading', role: 'status', text });
}

/** A visually hidden text for screen readers. */
export function srOnly(text) {
  return h('span', { class: 'visually-hidden', text });
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const secondsFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * A <time> for an RFC 3339 string or a Unix time in ms; `fallback` when there is none.
 * `dateOnly` drops the time of day, `seconds` keeps the seconds.
 */
export function time(value, fallback = '—', { dateOnly = false, seconds = false } = {}) {
  if (value === null || value === undefined || value === '') return fallback;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const format = dateOnly ? dayFormat : seconds ? secondsFormat : dateFormat;
  return h('time', { datetime: date.toISOString(), text: format.format(date) });
}

export function formatMoney(amount, currency) {
  const value = Number(amount);
  if (!Number.isFinite(value)) return String(amount ?? '');
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency || 'USD' }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency ?? ''}`.trim();
  }
}

/**
 * An amount in the currency's minor units (cents, as Stripe counts them) as money: 2900 USD is
 * $29.00, 500 JPY is ¥500.
 */
export function formatMinorUnits(amount, currency) {
  const code = String(currency || 'USD').toUpperCase();
  let digits = 2;
  try {
    digits = new Intl.NumberFormat(undefined, { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits;
  } catch {
    // an unknown code: cents
  }
  return formatMoney(Number(amount) / 10 ** digits, code);
}

/** An http(s) URL from the API as a link, or plain text when it is anything else. */
export function safeLink(url, text, attrs = {}) {
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.protocol === 'https:' || parsed.protocol === 'http:') {
      return h('a', { href: parsed.href, rel: 'noopener noreferrer', ...attrs, text: text ?? url });
    }
  } catch {
    // not a URL: shown as text
  }
  return document.createTextNode(text ?? String(url ?? ''));
}

/** Whether `node` is still in the document (a page that was navigated away from stops updating). */
export function alive(node) {
  return node.isConnected;
}

const MODULE_LABELS = {
  account: 'Your account',
  users: 'Users',
  crm: 'CRM',
  sales: 'Sales',
  accounting: 'Accounting',
  inventory: 'Inventory',
  projects: 'Projects',
  pos: 'Point of sale',
  support: 'Support',
  hr: 'HR',
  webhooks: 'Webhooks',
  platform: 'Platform',
};

/** A module's name as people read it (`crm` as "CRM"). */
export function moduleLabel(name) {
  return MODULE_LABELS[name] ?? String(name);
}

/** `crm.read` or `crm:read` as "CRM: read". */
export function permissionLabel(name) {
  const [module, access] = String(name).split(/[.:]/);
  return `${MODULE_LABELS[module] ?? module}: ${access ?? ''}`.trim();
}

/** Sends the browser to a URL the API answered (a checkout page, an OAuth redirect), never to a script. */
export function goTo(url) {
  const parsed = new URL(url, window.location.origin);
  if (['javascript:', 'data:', 'vbscript:', 'blob:'].includes(parsed.protocol)) {
    throw new Error(`Refusing to open a ${parsed.protocol} address.`);
  }
  window.location.assign(parsed.href);
}

/** Whether the logged-in user holds a permission (`users.write`), as GET /api/user lists them. */
export function can(user, permission) {
  return Boolean(user?.permissions?.includes(permission));
}
