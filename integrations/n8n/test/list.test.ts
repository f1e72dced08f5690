// What every "Get Many" takes besides its own filters (shared/list.ts): Created Since, Updated
// Since (sent as RFC 3339) and a Sort with "Last Updated First" (-updated_at), run by n8n against
// the server, and checked against what docs/openapi.json documents for each list.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { before, describe, it } from 'node:test';

import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { Worktop } from '../nodes/Worktop/Worktop.node';
import { runTag } from './support/env';
import { expectStatus } from './support/http';
import { n8nRest, runNode, runSteps, type Json } from './support/n8n';
import { worktopOk } from './support/worktop';

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
// The API keeps times to the second: records made a second apart sort apart.
const nextSecond = () => pause(1100);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An instant as the wall-clock time of `timeZone`, without an offset (as n8n's date picker gives it). */
function wallClock(instant: string, timeZone: string): string {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-CA', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		})
			.formatToParts(new Date(instant))
			.map((part) => [part.type, part.value]),
	);
	return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Each resource's "Get Many": the operation's routing URL and its Filters collection. */
function getManyOperations(): { resource: string; url: string; filters: INodeProperties }[] {
	const properties = new Worktop().description.properties;
	const resources = (properties.find((p) => p.name === 'resource')!.options as INodePropertyOptions[]).map(
		(option) => String(option.value),
	);
	return resources.map((resource) => {
		const operation = properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
		)!;
		const getMany = (operation.options as INodePropertyOptions[]).find((option) => option.value === 'getAll')!;
		const filters = properties.find(
			(p) => p.name === 'filters' && p.displayOptions?.show?.resource?.includes(resource),
		)!;
		return { resource, url: String(getMany.routing!.request!.url), filters };
	});
}

describe('list options: Created Since, Updated Since, Last Updated First', () => {
	const tag = `${runTag}s`;
	let older: Json;
	let newer: Json;
	let changed: Json;
	let project: Json;

	const contacts = async (filters: Json) =>
		(await runNode({ resource: 'contact', operation: 'getAll', returnAll: true, filters: { tag, ...filters } })).map(
			(c) => c.id,
		);

	before(async () => {
		older = await worktopOk('POST', '/api/v1/contacts', { name: `Older ${runTag}`, tags: [tag] });
		await nextSecond();
		newer = await worktopOk('POST', '/api/v1/contacts', { name: `Newer ${runTag}`, tags: [tag] });
		await nextSecond();
		// The older contact changes after the newer one was made.
		changed = await worktopOk('PATCH', `/api/v1/contacts/${older.id}`, { phone: '+1 555 0177' });
		assert.ok(changed.updated_at > newer.updated_at, 'the change is a second after the newer contact');
		project = await worktopOk('POST', '/api/v1/projects', { name: `Sorted ${runTag}` });
	});

	it('every Get Many offers Created Since, Updated Since and Sort with Last Updated First', () => {
		for (const { resource, filters } of getManyOperations()) {
			const options = filters.options as INodeProperties[];
			const byName = (name: string) => options.find((option) => option.name === name);
			for (const [name, property] of [
				['createdSince', 'created_since'],
				['updatedSince', 'updated_since'],
			]) {
				const field = byName(name);
				assert.ok(field, `${resource}: ${name}`);
				assert.equal(field.type, 'dateTime');
				assert.equal(field.routing?.send?.type, 'query');
				assert.equal(field.routing?.send?.property, property);
			}
			const sorts = byName('sort')!.options as INodePropertyOptions[];
			assert.deepEqual(
				sorts.find((option) => option.value === '-updated_at'),
				{ name: 'Last Updated First', value: '-updated_at' },
				`${resource}: Last Updated First`,
			);
			assert.ok(sorts.some((option) => option.value === '-created_at' && option.name === 'Newest First'));
		}
	});

	it('each Get Many sends only sorts and parameters docs/openapi.json documents for its list', (t) => {
		const file = resolve(__dirname, '../../../../docs/openapi.json');
		if (!existsSync(file)) {
			t.skip(`${file} is not here`);
			return;
		}
		const doc = JSON.parse(readFileSync(file, 'utf8'));
		const deref = (node: Json): Json =>
			node?.$ref ? deref(node.$ref.split('/').slice(1).reduce((at: Json, key: string) => at[key], doc)) : node;
		for (const { resource, url, filters } of getManyOperations()) {
			// `=/api/lite/projects/{{...}}/tasks` is the documented `/api/lite/projects/{project}/tasks`.
			const parts = url.replace(/^=/, '').split(/\{\{.*?\}\}/).map(escapeRegExp);
			const pattern = new RegExp(`^${parts.join('\\{[^/}]+\\}')}$`);
			const path = Object.keys(doc.paths).find((p) => pattern.test(p) && doc.paths[p].get);
			assert.ok(path, `${resource}: ${url} is a documented GET`);
			const parameters: Json[] = (doc.paths[path].get.parameters ?? []).map(deref);
			const documented = (name: string) => parameters.find((parameter) => parameter.name === name);
			for (const option of filters.options as INodeProperties[]) {
				const property = option.routing?.send?.property;
				if (property === undefined) continue;
				assert.ok(documented(String(property)), `${resource}: ${path} takes ${property}`);
			}
			const enumValues: string[] = documented('sort')!.schema.enum;
			const sorts = (filters.options as INodeProperties[]).find((option) => option.name === 'sort')!
				.options as INodePropertyOptions[];
			for (const option of sorts) {
				assert.ok(enumValues.includes(String(option.value)), `${resource}: ${path} takes sort=${option.value}`);
			}
			for (const value of enumValues) {
				assert.ok(
					sorts.some((option) => option.value === value),
					`${resource}: the Sort offers ${value}, which ${path} takes`,
				);
			}
		}
	});

	it('Last Updated First lists the contact changed last first; Newest First the one made last', async () => {
		assert.deepEqual(await contacts({ sort: '-updated_at' }), [older.id, newer.id]);
		assert.deepEqual(await contacts({ sort: 'updated_at' }), [newer.id, older.id]);
		assert.deepEqual(await contacts({ sort: '-created_at' }), [newer.id, older.id]);
		// Without a sort a list is oldest first.
		assert.deepEqual(await contacts({}), [older.id, newer.id]);
	});

	it('Updated Since lists the records changed at or after the time; Created Since those made', async () => {
		assert.deepEqual(await contacts({ updatedSince: changed.updated_at }), [older.id]);
		assert.deepEqual(await contacts({ createdSince: newer.created_at }), [newer.id]);
		assert.deepEqual(await contacts({ updatedSince: older.created_at, sort: '-updated_at' }), [older.id, newer.id]);
		assert.deepEqual(await contacts({ createdSince: newer.created_at, updatedSince: changed.updated_at }), []);
	});

	it('reads a time with an offset, a Luxon DateTime, and a picked time in the workflow time zone', async () => {
		// The same instant two hours east of UTC.
		const east = new Date(Date.parse(newer.created_at) + 2 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+02:00');
		assert.deepEqual(await contacts({ createdSince: east }), [newer.id]);
		assert.deepEqual(await contacts({ updatedSince: `={{ DateTime.fromISO("${changed.updated_at}") }}` }), [older.id]);
		// n8n's date picker gives a wall-clock time without an offset: the instance's time zone
		// (a workflow made without one has it).
		const settings = expectStatus(await n8nRest('GET', '/settings'), 200, 'n8n settings');
		const timeZone = String(settings.data.timezone);
		assert.deepEqual(await contacts({ updatedSince: wallClock(changed.updated_at, timeZone) }), [older.id]);
	});

	it('sends a value that is no time as it is: the API refuses it by name', async () => {
		const run = await runSteps([
			{ parameters: { resource: 'contact', operation: 'getAll', filters: { tag, updatedSince: 'last tuesday' } } },
		]);
		assert.notEqual(run.status, 200);
		assert.match(String(run.error), /422|updated_since/);
	});

	it('every Get Many takes the options at once: the server refuses no parameter', async () => {
		for (const { resource } of getManyOperations()) {
			const run = await runSteps([
				{
					parameters: {
						resource,
						operation: 'getAll',
						limit: 1,
						...(resource === 'task' ? { projectId: String(project.id) } : {}),
						filters: {
							sort: '-updated_at',
							createdSince: '2000-01-01T00:00:00Z',
							updatedSince: '2000-01-01T00:00:00Z',
						},
					},
				},
			]);
			assert.equal(run.status, 200, `${resource}: ${run.error}`);
		}
	});

	it('Return All keeps the sort and the times on every page it follows', async () => {
		// 101 contacts of a second tag, made in one second or a few, then listed past one page.
		const pageTag = `${runTag}sp`;
		const made: number[] = [];
		for (const count of [100, 1]) {
			const items = Array.from({ length: count }, (_, i) => ({ name: `Since ${made.length + i}`, tags: [pageTag] }));
			const answer = await worktopOk('POST', '/api/v1/contacts/batch/create', { items });
			for (const result of answer.results) made.push(result.data.id);
		}
		const first: Json = await worktopOk('GET', `/api/v1/contacts/${made[0]}`);
		const items = await runNode({
			resource: 'contact',
			operation: 'getAll',
			returnAll: true,
			filters: { tag: pageTag, sort: '-updated_at', updatedSince: first.updated_at },
		});
		assert.equal(items.length, 101);
		assert.deepEqual(
			items.map((c) => c.id).sort((a, b) => a - b),
			[...made].sort((a, b) => a - b),
		);
		const times = items.map((c) => c.updated_at);
		assert.deepEqual(times, [...times].sort().reverse(), 'most recently changed first, across pages');
	});
});
