import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { contactProperties } from './resources/contact';
import { customerProperties } from './resources/customer';
import { dealProperties } from './resources/deal';
import { invoiceProperties } from './resources/invoice';
import { leadProperties } from './resources/lead';
import { taskProperties } from './resources/task';
import { ticketProperties } from './resources/ticket';
import { authenticationProperty, credentialChoices, serverUrl } from './shared/auth';

/** Worktop's records, declaratively: each operation is a request n8n's routing sends. */
export class Worktop implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Worktop',
		name: 'worktop',
		icon: 'file:../../icons/worktop.svg',
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Create, update, get and find Worktop contacts, leads, deals, customers, invoices, tasks and tickets',
		defaults: { name: 'Worktop' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: credentialChoices,
		requestDefaults: {
			baseURL: serverUrl,
			headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
		},
		properties: [
			authenticationProperty,
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Contact', value: 'contact' },
					{ name: 'Customer', value: 'customer' },
					{ name: 'Deal', value: 'deal' },
					{ name: 'Invoice', value: 'invoice' },
					{ name: 'Lead', value: 'lead' },
					{ name: 'Task', value: 'task' },
					{ name: 'Ticket', value: 'ticket' },
				],
				default: 'contact',
			},
			...contactProperties,
			...customerProperties,
			...dealProperties,
			...invoiceProperties,
			...leadProperties,
			...taskProperties,
			...ticketProperties,
		],
	};
}
