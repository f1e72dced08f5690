import type { INodeProperties } from 'n8n-workflow';

import {
	bodyChoice,
	bodyField,
	customFields,
	idempotencyKeyField,
	idInPath,
	queryChoice,
	queryField,
	recordId,
	showFor,
	versionField,
} from '../shared/fields';
import { filters, listRouting, returnAllAndLimit, searchFilter } from '../shared/list';

// Support tickets: the support desk's own routes (no /api/v1 slice).
const PRIORITIES = ['low', 'medium', 'high', 'urgent'];
const STATUSES = ['open', 'in_progress', 'on_hold', 'closed'];

const ticketFields = (): INodeProperties[] => [
	bodyField('Description', 'description', 'string'),
	bodyChoice('Priority', 'priority', PRIORITIES, 'medium'),
	bodyField('Category ID', 'category_id', 'number'),
	bodyField('Assignee User ID', 'assigned_to', 'number', {
		description: 'The staff user working on it',
	}),
	customFields(),
];

export const ticketProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['ticket'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a ticket',
				routing: { request: { method: 'POST', url: '/api/support-ticket/ticket/store' } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a ticket',
				description: 'Get a ticket with its replies and internal notes',
				routing: {
					request: {
						method: 'GET',
						url: `=/api/support-ticket/ticket/show/${idInPath('ticketId')}`,
					},
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many tickets',
				description: 'List tickets, or find them by number, subject, status or assignee',
				routing: listRouting('/api/support-ticket/tickets'),
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a ticket',
				routing: {
					request: {
						method: 'POST',
						url: `=/api/support-ticket/ticket/update/${idInPath('ticketId')}`,
					},
				},
			},
		],
		default: 'create',
	},
	recordId('ticketId', 'Ticket ID', 'ticket', ['get', 'update']),
	{
		...bodyField('Subject', 'subject', 'string', { required: true }),
		displayOptions: showFor('ticket', ['create']),
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('ticket', ['create']),
		options: [
			idempotencyKeyField(),
			bodyField('Requester Email', 'email', 'string', {
				placeholder: 'name@example.com',
				description: "Who asked; defaults to the caller's own",
			}),
			bodyField('Requester Name', 'name', 'string'),
			bodyField('Requester User ID', 'user_id', 'number', {
				description: 'The workspace user who asked (a client user, say)',
			}),
			...ticketFields(),
		],
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('ticket', ['update']),
		options: [
			bodyField('Subject', 'subject', 'string'),
			bodyChoice('Status', 'status', STATUSES, 'open', 'open → in progress ↔ on hold → closed, and closed → open again'),
			...ticketFields(),
			versionField(),
		],
	},
	...returnAllAndLimit('ticket'),
	filters('ticket', [
		searchFilter('ticket (its number, e.g. TKT-000042, subject or requester)'),
		queryChoice('Status', 'status', STATUSES, 'open'),
		queryField('Not Closed', 'open', 'boolean', {
			default: true,
			description: 'Whether to list only tickets that are not closed',
		}),
		queryChoice('Priority', 'priority', PRIORITIES, 'medium'),
		queryField('Assignee User ID', 'assigned_to', 'number'),
		queryField('Category ID', 'category_id', 'number'),
		queryField('Requester User ID', 'user_id', 'number'),
	], ['subject']),
];
