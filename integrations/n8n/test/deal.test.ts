// Deals through n8n: the CRM's routes, and /api/v1's stage change by name.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { runTag } from './support/env';
import { runNode, type Json } from './support/n8n';
import { worktopOk } from './support/worktop';

describe('deal', () => {
	const name = `Fleet renewal ${runTag}`;
	let created: Json;

	it('creates a deal with an amount and a close date', async () => {
		[created] = await runNode({
			resource: 'deal',
			operation: 'create',
			name,
			additionalFields: { amount: 12500.5, closeDate: '2027-06-30T00:00:00', notes: 'Three-year term' },
		});
		assert.equal(created.name, name);
		assert.equal(created.amount, 12500.5);
		assert.equal(created.close_date, '2027-06-30');
		assert.equal(created.status, 'open');
		assert.deepEqual(await worktopOk('GET', `/api/deal/show/${created.id}`), created);
	});

	it('gets it by id', async () => {
		assert.deepEqual(await runNode({ resource: 'deal', operation: 'get', dealId: String(created.id) }), [created]);
	});

	it('updates the fields given', async () => {
		const [updated] = await runNode({
			resource: 'deal',
			operation: 'update',
			dealId: String(created.id),
			updateFields: { amount: 13000, notes: 'Four-year term', version: created.version },
		});
		assert.equal(updated.amount, 13000);
		assert.equal(updated.notes, 'Four-year term');
		assert.equal(updated.close_date, '2027-06-30');
		created = await worktopOk('GET', `/api/deal/show/${created.id}`);
		assert.deepEqual(created, updated);
	});

	it("moves it to another stage of its pipeline by the stage's name", async () => {
		const stages: Json[] = (await worktopOk('GET', `/api/deal-stages?pipeline_id=${created.pipeline_id}&per_page=100`)).data;
		const target = stages.find((s) => s.id !== created.stage_id && s.pipeline_id === created.pipeline_id);
		assert.ok(target, 'the pipeline has a second deal stage');
		const [moved] = await runNode({
			resource: 'deal',
			operation: 'changeStage',
			dealId: String(created.id),
			stage: target.name,
			stageOptions: { status: 'won' },
		});
		assert.equal(moved.stage_id, target.id);
		assert.equal(moved.stage.name, target.name);
		assert.equal(moved.status, 'won');
		const stored = await worktopOk('GET', `/api/deal/show/${created.id}`);
		assert.equal(stored.stage_id, target.id);
		assert.equal(stored.status, 'won');
	});

	it('finds it by words of its name, and by status', async () => {
		const byName = await runNode({ resource: 'deal', operation: 'getAll', filters: { search: runTag } });
		assert.deepEqual(
			byName.map((d) => d.id),
			[created.id],
		);
		const open = await runNode({ resource: 'deal', operation: 'getAll', filters: { search: runTag, status: 'open' } });
		assert.equal(open.length, 0);
		const won = await runNode({ resource: 'deal', operation: 'getAll', filters: { search: runTag, status: 'won' } });
		assert.deepEqual(
			won.map((d) => d.id),
			[created.id],
		);
	});
});
