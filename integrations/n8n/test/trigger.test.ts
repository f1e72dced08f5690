// The trigger in a real n8n: activation subscribes through Worktop's webhook API, a delivery from
// the server runs the workflow, forged deliveries are refused, deactivation unsubscribes.
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';

import { n8nUrl, runTag } from './support/env';
import { eventually, expectStatus, request } from './support/http';
import {
	activate,
	createWorkflow,
	deactivate,
	deleteWorkflow,
	executions,
	n8nApi,
	n8nRest,
	WORKTOP_TRIGGER,
	worktopCredential,
	type Json,
} from './support/n8n';
import { worktop, worktopOk } from './support/worktop';

const NODE = 'Worktop Trigger';

describe('trigger', () => {
	const webhookId = randomUUID();
	const url = `${n8nUrl}/webhook/${webhookId}/webhook`;
	let workflowId: string;
	let hook: Json;

	before(async () => {
		const credential = await worktopCredential();
		workflowId = await createWorkflow({
			nodes: [
				{
					id: randomUUID(),
					name: NODE,
					type: WORKTOP_TRIGGER,
					typeVersion: 1,
					position: [0, 0],
					webhookId,
					parameters: { authentication: 'apiKey', events: ['contact.created'] },
					credentials: { worktopApi: credential },
				},
			],
			connections: {},
		});
		await activate(workflowId);
	});

	after(async () => {
		await deleteWorkflow(workflowId);
	});

	it("offers the server's event types in the editor's event picker", async () => {
		const credential = await worktopCredential();
		const answer = await n8nRest('POST', '/dynamic-node-parameters/options', {
			path: 'events',
			methodName: 'getEventTypes',
			nodeTypeAndVersion: { name: WORKTOP_TRIGGER, version: 1 },
			currentNodeParameters: { authentication: 'apiKey', events: [] },
			credentials: { worktopApi: credential },
		});
		const offered: string[] = expectStatus(answer, 200, 'event type options').data.map((o: Json) => o.value);
		const published: string[] = (await worktopOk('GET', '/api/v1/webhooks/event-types?per_page=100')).data.map(
			(t: Json) => t.name,
		);
		assert.ok(published.includes('contact.created') && published.includes('invoice.paid'));
		assert.deepEqual(offered, ['*', ...published]);
	});

	it('subscribes the workflow on activation: its URL is a webhook in Worktop', async () => {
		const hooks: Json[] = (await worktopOk('GET', '/api/v1/webhooks?per_page=100')).data;
		const ours = hooks.filter((h) => h.url === url);
		assert.equal(ours.length, 1, `one webhook for ${url}`);
		hook = ours[0];
		assert.deepEqual(hook.events, ['contact.created']);
		assert.equal(hook.enabled, true);
		// The secret the server showed once is kept in the workflow's static data.
		const stored = await subscription();
		assert.equal(stored.webhookId, hook.id);
		assert.match(String(stored.webhookSecret), /^whsec_/);
	});

	it("runs the workflow on the server's signed delivery, with the event as the item", async () => {
		const contact = await worktopOk('POST', '/api/v1/contacts', { name: `Hooked ${runTag}` });
		const execution = await eventually('an execution of the delivery', async () =>
			(await executions(workflowId)).find((e) => triggerItems(e)[0]?.data?.id === contact.id),
		);
		assert.equal(execution.status, 'success');
		const [event] = triggerItems(execution);
		assert.equal(event.type, 'contact.created');
		assert.equal(event.data.name, `Hooked ${runTag}`);
		assert.deepEqual(event.data, await worktopOk('GET', `/api/v1/contacts/${contact.id}`));
		// The server logged the delivery as delivered: n8n answered it 2xx.
		const deliveries: Json[] = (await worktopOk('GET', `/api/v1/webhooks/${hook.id}/deliveries?per_page=100`)).data;
		const delivery = deliveries.find((d) => d.event?.data?.id === contact.id);
		assert.equal(delivery?.status, 'delivered', JSON.stringify(delivery));
	});

	it('refuses deliveries that are not signed with its secret, and runs nothing for them', async () => {
		const { webhookSecret } = await subscription();
		const before = (await executions(workflowId)).length;
		const body = JSON.stringify({
			type: 'contact.created',
			timestamp: new Date().toISOString(),
			data: { id: 999999, name: `Forged ${runTag}` },
		});
		const now = Math.floor(Date.now() / 1000);
		const forgedSecret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;

		const refusals: Array<[string, Record<string, string>, string]> = [
			['another secret', signed(forgedSecret, 'msg_forged_1', now, body), body],
			['no signature', { 'webhook-id': 'msg_forged_2', 'webhook-timestamp': String(now) }, body],
			['a changed body', signed(String(webhookSecret), 'msg_forged_3', now, body), body.replace('Forged', 'Changed')],
			['an old timestamp', signed(String(webhookSecret), 'msg_forged_4', now - 3600, body), body],
		];
		for (const [what, headers, sent] of refusals) {
			const answer = await request('POST', url, { headers: { ...headers, 'Content-Type': 'application/json' }, raw: sent });
			assert.equal(answer.status, 401, `${what}: ${JSON.stringify(answer.body)}`);
		}
		// The same body signed with the right secret goes through: what was refused was the signature.
		const genuine = await request('POST', url, {
			headers: { ...signed(String(webhookSecret), 'msg_genuine', now, body), 'Content-Type': 'application/json' },
			raw: body,
		});
		expectStatus(genuine, 200, 'a delivery signed with the secret');
		const after = await eventually('the genuine delivery executed', async () => {
			const all = await executions(workflowId);
			return all.length > before ? all : undefined;
		});
		assert.equal(after.length, before + 1, 'only the genuine delivery ran the workflow');
		assert.equal(triggerItems(after[0])[0].data.name, `Forged ${runTag}`);
	});

	it('deletes the subscription when the workflow is deactivated', async () => {
		await deactivate(workflowId);
		expectStatus(await worktop('GET', `/api/v1/webhooks/${hook.id}`), 404, 'the webhook after deactivation');
		const hooks: Json[] = (await worktopOk('GET', '/api/v1/webhooks?per_page=100')).data;
		assert.equal(hooks.filter((h) => h.url === url).length, 0);
		assert.deepEqual(await subscription(), {});
	});

	it('subscribes again on reactivation, and unsubscribes cleanly when the webhook was already deleted in Worktop', async () => {
		await activate(workflowId);
		const again = await subscription();
		assert.notEqual(again.webhookId, hook.id, 'a new webhook, not the deleted one');
		const fresh = await worktopOk('GET', `/api/v1/webhooks/${again.webhookId}`);
		assert.equal(fresh.url, url);
		// Someone deletes it in the dashboard; deactivating must still succeed and forget it.
		await worktopOk('DELETE', `/api/v1/webhooks/${again.webhookId}`);
		await deactivate(workflowId);
		assert.deepEqual(await subscription(), {});
	});

	async function subscription(): Promise<Json> {
		const workflow = expectStatus(await n8nApi('GET', `/workflows/${workflowId}`), 200, 'get workflow');
		return workflow.staticData?.[`node:${NODE}`] ?? {};
	}
});

/** Standard Webhooks headers for `body`, signed with `secret`. */
function signed(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
	const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
	const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
	return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}

/** The items the trigger node emitted in an execution. */
function triggerItems(execution: Json): Json[] {
	const runs = execution?.data?.resultData?.runData?.[NODE] ?? [];
	return (runs[0]?.data?.main?.[0] ?? []).map((item: Json) => item.json);
}
