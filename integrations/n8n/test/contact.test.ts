// Contacts through n8n: each operation a workflow run by n8n, read back from the server.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { runTag } from './support/env';
import { runNode, runSteps, type Json } from './support/n8n';
import { worktopOk } from './support/worktop';

describe('contact', () => {
	const email = `${runTag}.ann@example.com`;
	let created: Json;

	it('creates a contact with its fields', async () => {
		[created] = await runNode({
			resource: 'contact',
			operation: 'create',
			name: 'Ann Lee',
			additionalFields: { email, phone: '+1 555 0100', tags: `${runTag}, vip` },
		});
		assert.equal(created.name, 'Ann Lee');
		assert.equal(created.email, email);
		assert.equal(created.phone, '+1 555 0100');
		assert.deepEqual(created.tags, [runTag, 'vip']);
		assert.deepEqual(await worktopOk('GET', `/api/v1/contacts/${created.id}`), created);
	});

	it('gets it by id', async () => {
		const items = await runNode({ resource: 'contact', operation: 'get', contactId: String(created.id) });
		assert.deepEqual(items, [created]);
	});

	it('updates only the fields given, at the version given', async () => {
		const [updated] = await runNode({
			resource: 'contact',
			operation: 'update',
			contactId: String(created.id),
			updateFields: { phone: '+1 555 0199', version: created.version },
		});
		assert.equal(updated.phone, '+1 555 0199');
		assert.equal(updated.name, 'Ann Lee');
		assert.equal(updated.version, created.version + 1);
		assert.deepEqual(await worktopOk('GET', `/api/v1/contacts/${created.id}`), updated);
	});

	it('refuses an update based on a stale version (409), changing nothing', async () => {
		const run = await runSteps([
			{
				parameters: {
					resource: 'contact',
					operation: 'update',
					contactId: String(created.id),
					updateFields: { name: 'Not Ann', version: created.version },
				},
			},
		]);
		assert.notEqual(run.status, 200);
		assert.match(String(run.error), /409|conflict|version/i);
		assert.equal((await worktopOk('GET', `/api/v1/contacts/${created.id}`)).name, 'Ann Lee');
	});

	it('finds it by e-mail', async () => {
		const items = await runNode({ resource: 'contact', operation: 'getAll', filters: { email } });
		assert.deepEqual(
			items.map((c) => c.id),
			[created.id],
		);
	});

	it('finds it by tag and by words of its name', async () => {
		const byTag = await runNode({ resource: 'contact', operation: 'getAll', filters: { tag: runTag } });
		assert.deepEqual(
			byTag.map((c) => c.id),
			[created.id],
		);
		const bySearch = await runNode({
			resource: 'contact',
			operation: 'getAll',
			filters: { search: runTag },
			returnAll: true,
		});
		assert.ok(bySearch.some((c) => c.id === created.id), 'the search finds the contact by its e-mail');
	});

	it('creates once per idempotency key: running the same create again returns the first contact', async () => {
		const create = {
			resource: 'contact',
			operation: 'create',
			name: `Once ${runTag}`,
			additionalFields: { tags: `${runTag}-once`, idempotencyKey: `check-${runTag}` },
		};
		const [first] = await runNode(create);
		const [second] = await runNode(create);
		assert.equal(second.id, first.id);
		const tagged = await worktopOk('GET', `/api/v1/contacts?tag=${runTag}-once`);
		assert.deepEqual(
			tagged.data.map((c: Json) => c.id),
			[first.id],
		);
	});

	it('passes a created contact on to the next node (create, then get by {{ $json.id }})', async () => {
		const run = await runSteps([
			{ name: 'Create', parameters: { resource: 'contact', operation: 'create', name: `Chain ${runTag}` } },
			{ name: 'Get', parameters: { resource: 'contact', operation: 'get', contactId: '={{ $json.id }}' } },
		]);
		assert.equal(run.status, 200, run.error);
		assert.equal(run.items.length, 1);
		assert.equal(run.items[0].name, `Chain ${runTag}`);
		assert.equal((await worktopOk('GET', `/api/v1/contacts/${run.items[0].id}`)).name, `Chain ${runTag}`);
	});
});
