import type { INodeProperties } from 'n8n-workflow';

import {
	bodyChoice,
	bodyField,
	customFields,
	IDS,
	idempotencyKeyField,
	idInPath,
	queryChoice,
	queryField,
	recordId,
	showFor,
	versionField,
} from '../shared/fields';
import { filters, listRouting, returnAllAndLimit, searchFilter } from '../shared/list';

const STATUSES = ['open', 'won', 'lost'];

const dealFields = (): INodeProperties[] => [
	bodyField('Amount', 'amount', 'number', { description: "The deal's value" }),
	bodyField('Close Date', 'close_date', 'dateTime', { description: 'The expected close' }),
	bodyField('Notes', 'notes', 'string'),
	bodyField('Phone', 'phone', 'string'),
	bodyField('Pipeline ID', 'pipeline_id', 'number'),
	bodyField('Stage ID', 'stage_id', 'number', { description: 'A deal stage of the pipeline' }),
	bodyField('Client User IDs', 'clients', 'string', {
		description: 'Comma-separated: the client users the deal is for',
		value: IDS,
	}),
	bodyField('Label IDs', 'labels', 'string', { description: 'Comma-separated', value: IDS }),
	bodyField('Source IDs', 'sources', 'string', { description: 'Comma-separated', value: IDS }),
	bodyField('Product IDs', 'products', 'string', { description: 'Comma-separated', value: IDS }),
	bodyField('User IDs', 'users', 'string', { description: 'Comma-separated', value: IDS }),
	customFields(),
];

// A stage written as digits is an id; anything else a stage's name.
const STAGE_NAME_OR_ID = '={{ /^\\d+$/.test(String($value).trim()) ? Number($value) : $value }}';

export const dealProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['deal'] } },
		options: [
			{
				name: 'Change Stage',
				value: 'changeStage',
				action: 'Move a deal to a stage',
				description: "Move a deal to a stage of its pipeline by the stage's name or ID",
				routing: {
					request: { method: 'PATCH', url: `=/api/v1/deals/${idInPath('dealId')}` },
				},
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Create a deal',
				routing: { request: { method: 'POST', url: '/api/deal/create' } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a deal',
				routing: { request: { method: 'GET', url: `=/api/deal/show/${idInPath('dealId')}` } },
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many deals',
				description: 'List deals, or find them by words of their name',
				routing: listRouting('/api/deals'),
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a deal',
				routing: {
					request: { method: 'POST', url: `=/api/deal/update/${idInPath('dealId')}` },
				},
			},
		],
		default: 'create',
	},
	recordId('dealId', 'Deal ID', 'deal', ['get', 'update', 'changeStage']),
	{
		...bodyField('Name', 'name', 'string', { required: true }),
		displayOptions: showFor('deal', ['create']),
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('deal', ['create']),
		options: [...dealFields(), idempotencyKeyField()],
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('deal', ['update']),
		options: [
			bodyField('Name', 'name', 'string'),
			bodyChoice('Status', 'status', STATUSES, 'open'),
			bodyField('Active', 'is_active', 'boolean', { default: true }),
			...dealFields(),
			versionField(),
		],
	},
	{
		...bodyField('Stage', 'stage', 'string', {
			required: true,
			placeholder: 'Negotiation',
			description: "A stage of the deal's pipeline, by name or ID",
			value: STAGE_NAME_OR_ID,
		}),
		displayOptions: showFor('deal', ['changeStage']),
	},
	{
		displayName: 'Options',
		name: 'stageOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor('deal', ['changeStage']),
		options: [
			bodyChoice('Status', 'status', STATUSES, 'open'),
			bodyField('Amount', 'amount', 'number'),
			bodyField('Close Date', 'close_date', 'dateTime'),
			versionField(),
		],
	},
	...returnAllAndLimit('deal'),
	filters('deal', [
		searchFilter('name'),
		queryChoice('Status', 'status', STATUSES, 'open'),
		queryField('Pipeline ID', 'pipeline_id', 'number'),
		queryField('Stage ID', 'stage_id', 'number'),
		queryField('User ID', 'user_id', 'number'),
		queryField('Client User ID', 'client_id', 'number'),
		queryField('Label ID', 'label_id', 'number'),
	], ['name', 'amount', 'order', 'close_date']),
];
