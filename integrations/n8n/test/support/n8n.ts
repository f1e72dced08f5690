import { randomUUID } from 'crypto';

import { n8nAccess, n8nUrl, worktopKey, worktopUrl } from './env';
import { expectStatus, request, type Answer } from './http';
import { sessionCookie } from './setupN8n';

export const WORKTOP_NODE = 'n8n-nodes-worktop.worktop';
export const WORKTOP_TRIGGER = 'n8n-nodes-worktop.worktopTrigger';

export type Json = Record<string, any>;

/** n8n's public API (`/api/v1`) with the owner's API key. */
export async function n8nApi<T = any>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
	return request<T>(method, `${n8nUrl}/api/v1${path}`, {
		headers: { 'X-N8N-API-KEY': n8nAccess().apiKey },
		body,
	});
}

/** n8n's internal REST API (what its editor calls) as the logged-in owner. */
export async function n8nRest<T = any>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
	return asOwner<T>(method, `/rest${path}`, body);
}

/** Any n8n path (from its root) as the logged-in owner, as the editor's browser asks it. */
export async function asOwner<T = any>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
	return request<T>(method, `${n8nUrl}${path}`, { headers: { cookie: await ownerCookie() }, body });
}

let cookie: string | undefined;
async function ownerCookie(): Promise<string> {
	if (!cookie) {
		const { email, password } = n8nAccess();
		const login = await request('POST', `${n8nUrl}/rest/login`, {
			body: { emailOrLdapLoginId: email, password },
		});
		expectStatus(login, 200, 'n8n login');
		cookie = sessionCookie(login.headers);
	}
	return cookie;
}

/** A credential stored in n8n (encrypted there), as nodes reference it. */
export interface CredentialRef {
	id: string;
	name: string;
}

/** Saves a credential as the editor's credential dialog does. */
export async function createCredential(type: string, data: Json): Promise<CredentialRef> {
	const name = `${type} ${randomUUID().slice(0, 8)}`;
	const made = expectStatus(await n8nRest('POST', '/credentials', { name, type, data }), 200, `create ${type} credential`);
	return { id: String(made.data.id), name };
}

let apiKeyCredential: Promise<CredentialRef> | undefined;
/** The suite's Worktop API-key credential (one per test process). */
export function worktopCredential(): Promise<CredentialRef> {
	apiKeyCredential ??= createCredential('worktopApi', { baseUrl: worktopUrl, apiKey: worktopKey });
	return apiKeyCredential;
}

/** A Worktop node of a workflow: its parameters, named so later nodes can refer to it. */
export interface Step {
	name?: string;
	parameters: Json;
	credential?: { type: string; ref: CredentialRef };
}

/** What one workflow run gave: the last node's items, or the error n8n recorded. */
export interface Run {
	status: number;
	items: Json[];
	error?: string;
	execution?: Json;
}

/**
 * Runs Worktop nodes, one after the other, as a workflow n8n executes: a Webhook node starts it
 * and answers with the last node's items. The workflow is made, activated, called and deleted.
 */
export async function runSteps(steps: Step[]): Promise<Run> {
	const path = `check-${randomUUID()}`;
	const nodes: Json[] = [
		{
			id: randomUUID(),
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'allEntries', options: {} },
		},
	];
	const connections: Json = {};
	for (const [index, step] of steps.entries()) {
		const credential = step.credential ?? { type: 'worktopApi', ref: await worktopCredential() };
		const node = {
			id: randomUUID(),
			name: step.name ?? `Worktop ${index + 1}`,
			type: WORKTOP_NODE,
			typeVersion: 1,
			position: [200 * (index + 1), 0],
			parameters: step.parameters,
			credentials: { [credential.type]: credential.ref },
		};
		connections[nodes[nodes.length - 1].name] = { main: [[{ node: node.name, type: 'main', index: 0 }]] };
		nodes.push(node);
	}
	const workflowId = await createWorkflow({ nodes, connections });
	try {
		await activate(workflowId);
		const answer = await request<Json[]>('POST', `${n8nUrl}/webhook/${path}`, { body: {} });
		if (answer.status === 200) {
			return { status: 200, items: Array.isArray(answer.body) ? answer.body : [answer.body] };
		}
		const execution = await lastExecution(workflowId);
		const error = execution?.data?.resultData?.error;
		return {
			status: answer.status,
			items: [],
			// What n8n shows: its message for the status, and the API's own words and code.
			error: error
				? `${error.httpCode ?? ''} ${error.message} ${error.description ?? ''}`
				: JSON.stringify(answer.body),
			execution,
		};
	} finally {
		await deleteWorkflow(workflowId);
	}
}

/** One Worktop node run alone; fails the test unless n8n ran it to the end. */
export async function runNode(parameters: Json, credential?: Step['credential']): Promise<Json[]> {
	const run = await runSteps([{ parameters, credential }]);
	if (run.status !== 200) {
		throw new Error(`the workflow failed (${run.status}): ${run.error}`);
	}
	return run.items;
}

export async function createWorkflow(workflow: { nodes: Json[]; connections: Json }): Promise<string> {
	const made = expectStatus(
		await n8nApi('POST', '/workflows', {
			name: `worktop check ${randomUUID().slice(0, 8)}`,
			settings: { executionOrder: 'v1' },
			...workflow,
		}),
		200,
		'create workflow',
	);
	return String(made.id);
}

export async function activate(workflowId: string): Promise<void> {
	expectStatus(await n8nApi('POST', `/workflows/${workflowId}/activate`), 200, 'activate workflow');
}

export async function deactivate(workflowId: string): Promise<void> {
	expectStatus(await n8nApi('POST', `/workflows/${workflowId}/deactivate`), 200, 'deactivate workflow');
}

export async function deleteWorkflow(workflowId: string): Promise<void> {
	expectStatus(await n8nApi('DELETE', `/workflows/${workflowId}`), 200, 'delete workflow');
}

/** A workflow's executions, newest first, with their data. */
export async function executions(workflowId: string): Promise<Json[]> {
	const answer = await n8nApi('GET', `/executions?workflowId=${workflowId}&includeData=true&limit=50`);
	return expectStatus(answer, 200, 'list executions').data;
}

export async function lastExecution(workflowId: string): Promise<Json | undefined> {
	return (await executions(workflowId))[0];
}
