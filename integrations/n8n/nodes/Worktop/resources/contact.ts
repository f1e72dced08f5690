import type { INodeProperties } from 'n8n-workflow';

import {
	bodyField,
	customFields,
	idempotencyKeyField,
	idInPath,
	queryField,
	recordId,
	showFor,
	versionField,
	WORDS,
} from '../shared/fields';
import { filters, listRouting, returnAllAndLimit, searchFilter } from '../shared/list';

// Contacts live in the /api/v1 slice made for automation tools.
const path = '/api/v1/contacts';
const byId = `=${path}/${idInPath('contactId')}`;

const contactFields = (): INodeProperties[] => [
	bodyField('Email', 'email', 'string', { placeholder: 'name@example.com' }),
	bodyField('Phone', 'phone', 'string', { description: 'At most 30 characters' }),
	bodyField('Tags', 'tags', 'string', {
		description: 'Comma-separated; at most 20 tags of at most 50 characters',
		value: WORDS,
	}),
	customFields(),
];

export const contactProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contact'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a contact',
				routing: { request: { method: 'POST', url: path } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a contact',
				routing: { request: { method: 'GET', url: byId } },
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many contacts',
				description: 'List contacts, or find them by e-mail, tag or words',
				routing: listRouting(path),
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a contact',
				routing: { request: { method: 'PATCH', url: byId } },
			},
		],
		default: 'create',
	},
	recordId('contactId', 'Contact ID', 'contact', ['get', 'update']),
	{
		...bodyField('Name', 'name', 'string', { required: true, description: 'At most 190 characters' }),
		displayOptions: showFor('contact', ['create']),
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('contact', ['create']),
		options: [...contactFields(), idempotencyKeyField()],
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('contact', ['update']),
		options: [bodyField('Name', 'name', 'string'), ...contactFields(), versionField()],
	},
	...returnAllAndLimit('contact'),
	filters('contact', [
		queryField('Email', 'email', 'string', {
			placeholder: 'name@example.com',
			description: 'Only the contact with this exact e-mail address',
		}),
		queryField('Tag', 'tag', 'string', { description: 'Only contacts carrying this tag' }),
		searchFilter('name or e-mail'),
	], ['name', 'email']),
];
