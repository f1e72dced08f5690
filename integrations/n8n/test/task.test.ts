// A project's tasks through n8n.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { runTag } from './support/env';
import { runNode, runSteps, type Json } from './support/n8n';
import { worktopOk } from './support/worktop';

describe('task', () => {
	let project: Json;
	let created: Json;

	before(async () => {
		project = await worktopOk('POST', '/api/v1/projects', { name: `Launch ${runTag}` });
	});

	it('creates a task in a project', async () => {
		[created] = await runNode({
			resource: 'task',
			operation: 'create',
			projectId: String(project.id),
			title: `Draft the sitemap ${runTag}`,
			additionalFields: { priority: 'high', description: 'Pages and links', dueDate: '2027-02-15T00:00:00' },
		});
		assert.equal(created.project_id, project.id);
		assert.equal(created.title, `Draft the sitemap ${runTag}`);
		assert.equal(created.priority, 'high');
		assert.equal(created.due_date, '2027-02-15');
		const stored = await worktopOk('GET', `/api/project/task/show/${created.id}`);
		for (const key of Object.keys(created)) assert.deepEqual(stored[key], created[key], key);
	});

	it('gets it by id, with its subtasks and comments', async () => {
		const [got] = await runNode({ resource: 'task', operation: 'get', taskId: String(created.id) });
		assert.deepEqual(got, await worktopOk('GET', `/api/project/task/show/${created.id}`));
		assert.deepEqual(got.subtasks, []);
		assert.equal(got.title, created.title);
	});

	it('updates the fields given by the task id alone', async () => {
		const [updated] = await runNode({
			resource: 'task',
			operation: 'update',
			taskId: String(created.id),
			updateFields: { priority: 'low', version: created.version },
		});
		assert.equal(updated.priority, 'low');
		assert.equal(updated.title, created.title);
		assert.equal(updated.version, created.version + 1);
		assert.equal((await worktopOk('GET', `/api/project/task/show/${created.id}`)).priority, 'low');
	});

	it('refuses an update based on a stale version', async () => {
		const run = await runSteps([
			{
				parameters: {
					resource: 'task',
					operation: 'update',
					taskId: String(created.id),
					updateFields: { title: 'Stale', version: created.version },
				},
			},
		]);
		assert.notEqual(run.status, 200);
		assert.match(String(run.error), /409/);
		assert.equal((await worktopOk('GET', `/api/project/task/show/${created.id}`)).title, created.title);
	});

	it("finds it among the project's tasks by a word of its title", async () => {
		const items = await runNode({
			resource: 'task',
			operation: 'getAll',
			projectId: String(project.id),
			filters: { search: 'sitemap' },
		});
		assert.deepEqual(
			items.map((t) => t.id),
			[created.id],
		);
	});
});
