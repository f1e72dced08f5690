// "Return All" follows the cursor past the first page (100 records); "Limit" stops early.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { runTag } from './support/env';
import { runNode } from './support/n8n';
import { worktopOk } from './support/worktop';

describe('list paging', () => {
	const tag = `${runTag}p`;
	const made: number[] = [];

	before(async () => {
		// 101 contacts carrying one tag, made through the API's batch route (two requests).
		for (const count of [100, 1]) {
			const items = Array.from({ length: count }, (_, i) => ({ name: `Page ${made.length + i}`, tags: [tag] }));
			const answer = await worktopOk('POST', '/api/v1/contacts/batch/create', { items });
			assert.equal(answer.succeeded, count);
			for (const result of answer.results) made.push(result.data.id);
		}
		assert.equal(made.length, 101);
	});

	it('returns all 101 records over two pages', async () => {
		const items = await runNode({ resource: 'contact', operation: 'getAll', returnAll: true, filters: { tag } });
		assert.equal(items.length, 101);
		assert.deepEqual(
			items.map((c) => c.id).sort((a, b) => a - b),
			[...made].sort((a, b) => a - b),
		);
	});

	it('returns only as many as the limit', async () => {
		const items = await runNode({ resource: 'contact', operation: 'getAll', limit: 7, filters: { tag, sort: 'id' } });
		assert.deepEqual(
			items.map((c) => c.id),
			[...made].sort((a, b) => a - b).slice(0, 7),
		);
	});
});
