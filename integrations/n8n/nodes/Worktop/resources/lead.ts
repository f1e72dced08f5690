import type { INodeProperties } from 'n8n-workflow';

import {
	bodyField,
	customFields,
	IDS,
	idempotencyKeyField,
	idInPath,
	queryField,
	recordId,
	showFor,
	versionField,
} from '../shared/fields';
import { filters, listRouting, returnAllAndLimit, searchFilter } from '../shared/list';

// Leads have no /api/v1 route: the CRM's own (`/api/lead/...`, updates by POST).
const byId = (verb: string) => `=/api/lead/${verb}/${idInPath('leadId')}`;

const leadFields = (): INodeProperties[] => [
	bodyField('Phone', 'phone', 'string', { description: 'At most 20 characters' }),
	bodyField('Subject', 'subject', 'string'),
	bodyField('Notes', 'notes', 'string'),
	bodyField('Follow-Up Date', 'follow_up_date', 'dateTime'),
	bodyField('Pipeline ID', 'pipeline_id', 'number', {
		description: 'Defaults to the first pipeline',
	}),
	bodyField('Stage ID', 'stage_id', 'number', {
		description: "A lead stage of the pipeline; defaults to the pipeline's first",
	}),
	bodyField('Owner User ID', 'user_id', 'number', { description: 'Defaults to the caller' }),
	bodyField('Label IDs', 'labels', 'string', { description: 'Comma-separated', value: IDS }),
	bodyField('Source IDs', 'sources', 'string', { description: 'Comma-separated', value: IDS }),
	bodyField('Product IDs', 'products', 'string', { description: 'Comma-separated', value: IDS }),
	bodyField('User IDs', 'users', 'string', {
		description: 'Comma-separated: the users working the lead',
		value: IDS,
	}),
	customFields(),
];

export const leadProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['lead'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a lead',
				routing: { request: { method: 'POST', url: '/api/lead/create' } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a lead',
				routing: { request: { method: 'GET', url: byId('show') } },
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many leads',
				description: 'List leads, or find them by words of their name or e-mail',
				routing: listRouting('/api/leads'),
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a lead',
				routing: { request: { method: 'POST', url: byId('update') } },
			},
		],
		default: 'create',
	},
	recordId('leadId', 'Lead ID', 'lead', ['get', 'update']),
	{
		...bodyField('Name', 'name', 'string', { required: true }),
		displayOptions: showFor('lead', ['create']),
	},
	{
		...bodyField('Email', 'email', 'string', { required: true, placeholder: 'name@example.com' }),
		displayOptions: showFor('lead', ['create']),
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('lead', ['create']),
		options: [...leadFields(), idempotencyKeyField()],
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('lead', ['update']),
		options: [
			bodyField('Name', 'name', 'string'),
			bodyField('Email', 'email', 'string', { placeholder: 'name@example.com' }),
			bodyField('Active', 'is_active', 'boolean', { default: true }),
			...leadFields(),
			versionField(),
		],
	},
	...returnAllAndLimit('lead'),
	filters('lead', [
		searchFilter('name or e-mail'),
		queryField('Converted', 'converted', 'boolean', {
			description: 'Whether to list only converted leads (on) or only open ones (off)',
		}),
		queryField('Pipeline ID', 'pipeline_id', 'number'),
		queryField('Stage ID', 'stage_id', 'number'),
		queryField('Owner User ID', 'user_id', 'number'),
		queryField('Label ID', 'label_id', 'number'),
		queryField('Source ID', 'source_id', 'number'),
	], ['name', 'order', 'follow_up_date']),
];
