// Leads through n8n (the CRM's own routes: no /api/v1 slice for leads).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { runTag } from './support/env';
import { runNode, type Json } from './support/n8n';
import { worktopOk } from './support/worktop';

describe('lead', () => {
	const email = `${runTag}.lead@example.com`;
	let created: Json;

	it('creates a lead with its fields (a date picked in n8n goes as YYYY-MM-DD)', async () => {
		[created] = await runNode({
			resource: 'lead',
			operation: 'create',
			name: 'Lou Lead',
			email,
			additionalFields: {
				phone: '+44 20 7946 0000',
				subject: 'Website redesign',
				followUpDate: '2027-03-01T00:00:00',
				customFields: '{}',
			},
		});
		assert.equal(created.name, 'Lou Lead');
		assert.equal(created.email, email);
		assert.equal(created.subject, 'Website redesign');
		assert.equal(created.follow_up_date, '2027-03-01');
		assert.deepEqual(await worktopOk('GET', `/api/lead/show/${created.id}`), created);
	});

	it('gets it by id', async () => {
		assert.deepEqual(await runNode({ resource: 'lead', operation: 'get', leadId: String(created.id) }), [created]);
	});

	it('updates the fields given', async () => {
		const [updated] = await runNode({
			resource: 'lead',
			operation: 'update',
			leadId: String(created.id),
			updateFields: { notes: 'Called back', followUpDate: '2027-04-02T00:00:00', version: created.version },
		});
		assert.equal(updated.notes, 'Called back');
		assert.equal(updated.follow_up_date, '2027-04-02');
		assert.equal(updated.subject, 'Website redesign');
		assert.deepEqual(await worktopOk('GET', `/api/lead/show/${created.id}`), updated);
	});

	it('finds it by its e-mail address', async () => {
		const items = await runNode({ resource: 'lead', operation: 'getAll', filters: { search: email } });
		assert.deepEqual(
			items.map((l) => l.email),
			[email],
		);
	});

	it('lists open leads of its pipeline, not converted ones', async () => {
		const open = await runNode({
			resource: 'lead',
			operation: 'getAll',
			returnAll: true,
			filters: { pipelineId: created.pipeline_id, converted: false, search: runTag },
		});
		assert.ok(open.some((l) => l.id === created.id));
		const converted = await runNode({
			resource: 'lead',
			operation: 'getAll',
			returnAll: true,
			filters: { converted: true, search: runTag },
		});
		assert.equal(converted.length, 0);
	});
});
