// Sandbox: the workspace's sample-data twin. Its keys are API keys made with `mode: "test"`
// (`wt_test_...`); POST /api/v1/sandbox/reset replaces it with a freshly seeded one (test keys
// keep working: they find the sandbox through the live workspace).

import { api } from '../api.js';
import { add, h, pageTitle, messageSlot, confirmDialog, busy, notice, can } from '../ui.js';
import { keyManager } from './keys.js';

export async function render(root, ctx) {
  const resetSlot = messageSlot();
  const resetButton = h('button', { type: 'button', class: 'button danger', text: 'Reset the sandbox' });
  resetButton.addEventListener('click', async () => {
    const yes = await confirmDialog('Every record in the sandbox is replaced by fresh sample data. Your sandbox keys keep working. Live data is not touched.', {
      confirmLabel: 'Reset the sandbox',
      title: 'Reset the sandbox?',
    });
    if (!yes) return;
    await busy(resetButton, resetSlot, async () => {
      const answer = await api('POST', '/api/v1/sandbox/reset');
      const seeded = answer.sandbox?.seeded ?? [];
      resetSlot.show(
        notice(
          'success',
          h('p', { text: answer.message ?? 'The sandbox is reset.' }),
          seeded.length ? h('p', { text: `Seeded with sample data: ${seeded.join(', ')}.` }) : null,
        ),
      );
    });
  });

  add(
    root,
    pageTitle('Sandbox'),
    h(
      'p',
      { class: 'lead' },
      'The sandbox answers on the same endpoints as your live workspace, with realistic sample data. Sandbox keys (',
      h('code', { text: 'wt_test_…' }),
      ') reach only the sandbox, so you can build and test an integration without touching real records.',
    ),
    can(ctx.user, 'users.write') &&
      h(
        'section',
        { class: 'card', 'aria-labelledby': 'reset-title' },
        h('h2', { id: 'reset-title', text: 'Start over' }),
        h('p', { text: 'Reset puts the sandbox back to its seed: everything you created or changed there is gone.' }),
        resetSlot,
        h('p', {}, resetButton),
      ),
    keyManager(ctx, { mode: 'test' }),
  );
}
