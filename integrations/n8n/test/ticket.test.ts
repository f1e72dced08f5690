// Support tickets through n8n.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { runTag } from './support/env';
import { runNode, type Json } from './support/n8n';
import { worktopOk } from './support/worktop';

describe('ticket', () => {
	const email = `${runTag}.pat@example.com`;
	let created: Json;

	it('creates a ticket for a requester', async () => {
		[created] = await runNode({
			resource: 'ticket',
			operation: 'create',
			subject: `Printer on fire ${runTag}`,
			additionalFields: { email, name: 'Pat Doe', priority: 'urgent', description: 'Smoke from tray 2' },
		});
		assert.equal(created.subject, `Printer on fire ${runTag}`);
		assert.equal(created.email, email);
		assert.equal(created.name, 'Pat Doe');
		assert.equal(created.priority, 'urgent');
		assert.equal(created.status, 'open');
		assert.match(created.ticket_number, /\d/);
		const stored = await worktopOk('GET', `/api/support-ticket/ticket/show/${created.id}`);
		for (const key of Object.keys(created)) assert.deepEqual(stored[key], created[key], key);
	});

	it('gets it by id, with its replies and notes', async () => {
		const [got] = await runNode({ resource: 'ticket', operation: 'get', ticketId: String(created.id) });
		assert.deepEqual(got, await worktopOk('GET', `/api/support-ticket/ticket/show/${created.id}`));
		assert.deepEqual(got.replies, []);
	});

	it('moves it along: in progress, at the version read', async () => {
		const [updated] = await runNode({
			resource: 'ticket',
			operation: 'update',
			ticketId: String(created.id),
			updateFields: { status: 'in_progress', priority: 'high', version: created.version },
		});
		assert.equal(updated.status, 'in_progress');
		assert.equal(updated.priority, 'high');
		assert.equal(updated.subject, created.subject);
		const stored = await worktopOk('GET', `/api/support-ticket/ticket/show/${created.id}`);
		assert.equal(stored.status, 'in_progress');
		assert.equal(stored.version, updated.version);
	});

	it('finds it by its number and by its requester', async () => {
		const byNumber = await runNode({
			resource: 'ticket',
			operation: 'getAll',
			filters: { search: created.ticket_number },
		});
		assert.deepEqual(
			byNumber.map((t) => t.ticket_number),
			[created.ticket_number],
		);
		const byEmail = await runNode({
			resource: 'ticket',
			operation: 'getAll',
			filters: { search: email, status: 'in_progress' },
		});
		assert.deepEqual(
			byEmail.map((t) => t.id),
			[created.id],
		);
	});
});
