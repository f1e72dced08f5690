import {
	NodeApiError,
	NodeConnectionTypes,
	type IDataObject,
	type JsonObject,
	type IHookFunctions,
	type ILoadOptionsFunctions,
	type INodePropertyOptions,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { authenticationProperty, credentialChoices } from '../Worktop/shared/auth';
import { isNotFound, worktopRequest } from './api';
import { verifyDelivery } from './signature';

/** What the node keeps in the workflow's static data about its subscription. */
interface Subscription extends IDataObject {
	webhookId?: number;
	webhookSecret?: string;
}

/**
 * Starts a workflow on Worktop events. Activating the workflow subscribes its URL through the
 * webhook API (`POST /api/v1/webhooks`); each delivery's Standard Webhooks signature is checked
 * with the subscription's secret before the workflow runs; deactivating unsubscribes.
 */
export class WorktopTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Worktop Trigger',
		name: 'worktopTrigger',
		icon: 'file:../../icons/worktop.svg',
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["events"].join(", ")}}',
		description: 'Starts the workflow when something happens in Worktop',
		defaults: { name: 'Worktop Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: credentialChoices,
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		properties: [
			authenticationProperty,
			{
				displayName: 'Event Names or IDs',
				name: 'events',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getEventTypes' },
				required: true,
				default: [],
				description:
					'The events to listen to. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
		],
	};

	methods = {
		loadOptions: {
			/** Every event type the server publishes, and "*" for all of them. */
			async getEventTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
				const options: INodePropertyOptions[] = [
					{ name: 'All Events', value: '*', description: 'Every event, present and future' },
				];
				let cursor: string | undefined;
				do {
					const page = await worktopRequest.call(this, 'GET', '/api/v1/webhooks/event-types', undefined, {
						per_page: 100,
						cursor,
					});
					for (const type of page.data as IDataObject[]) {
						options.push({
							name: String(type.name),
							value: String(type.name),
							description: String(type.description ?? ''),
						});
					}
					cursor = ((page.meta as IDataObject)?.next_cursor as string | null) ?? undefined;
				} while (cursor);
				return options;
			},
		},
	};

	webhookMethods = {
		default: {
			/** Whether our subscription still exists as this workflow wants it; stale ones go. */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const subscription = this.getWorkflowStaticData('node') as Subscription;
				if (subscription.webhookId === undefined) return false;
				const path = `/api/v1/webhooks/${subscription.webhookId}`;
				try {
					const hook = await worktopRequest.call(this, 'GET', path);
					if (
						hook.url === this.getNodeWebhookUrl('default') &&
						hook.enabled === true &&
						sameEvents(hook.events as string[], wantedEvents(this)) &&
						subscription.webhookSecret
					) {
						return true;
					}
					// Another URL or events, or disabled by the server: replace it with a fresh one.
					await worktopRequest.call(this, 'DELETE', path);
				} catch (error) {
					if (!isNotFound(error)) throw new NodeApiError(this.getNode(), error as JsonObject);
				}
				forget(subscription);
				return false;
			},

			/** Subscribes the workflow's URL; the secret is shown in this answer only, so keep it. */
			async create(this: IHookFunctions): Promise<boolean> {
				const hook = await worktopRequest.call(this, 'POST', '/api/v1/webhooks', {
					url: this.getNodeWebhookUrl('default'),
					events: wantedEvents(this),
				});
				const subscription = this.getWorkflowStaticData('node') as Subscription;
				subscription.webhookId = hook.id as number;
				subscription.webhookSecret = hook.secret as string;
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				const subscription = this.getWorkflowStaticData('node') as Subscription;
				if (subscription.webhookId !== undefined) {
					try {
						await worktopRequest.call(this, 'DELETE', `/api/v1/webhooks/${subscription.webhookId}`);
					} catch (error) {
						if (!isNotFound(error)) return false;
					}
				}
				forget(subscription);
				return true;
			},
		},
	};

	/** A delivery: verified, then the event envelope `{type, timestamp, data}` as the item. */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const subscription = this.getWorkflowStaticData('node') as Subscription;
		const request = this.getRequestObject();
		const headers = this.getHeaderData();
		const rawBody = (request as unknown as { rawBody?: Buffer }).rawBody;
		const verified =
			subscription.webhookSecret !== undefined &&
			rawBody !== undefined &&
			verifyDelivery(
				subscription.webhookSecret,
				{
					id: header(headers['webhook-id']),
					timestamp: header(headers['webhook-timestamp']),
					signature: header(headers['webhook-signature']),
				},
				Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(String(rawBody)),
			);
		if (!verified) {
			this.getResponseObject().status(401).json({ message: 'The webhook signature is not valid.' });
			return { noWebhookResponse: true };
		}
		return { workflowData: [this.helpers.returnJsonArray(this.getBodyData())] };
	}
}

function wantedEvents(context: IHookFunctions): string[] {
	return context.getNodeParameter('events', []) as string[];
}

function sameEvents(a: string[] | undefined, b: string[]): boolean {
	return JSON.stringify([...(a ?? [])].sort()) === JSON.stringify([...b].sort());
}

function forget(subscription: Subscription): void {
	delete subscription.webhookId;
	delete subscription.webhookSecret;
}

function header(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value[0] : value;
}
