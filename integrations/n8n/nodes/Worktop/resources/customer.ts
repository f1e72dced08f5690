import type { INodeProperties } from 'n8n-workflow';

import {
	bodyChoice,
	bodyField,
	idempotencyKeyField,
	idInPath,
	queryField,
	recordId,
	showFor,
	versionField,
	WORDS,
} from '../shared/fields';
import { filters, listRouting, returnAllAndLimit, searchFilter } from '../shared/list';

// Customers (the accounting party invoices are made out to) live in the /api/v1 slice.
const path = '/api/v1/customers';
const byId = `=${path}/${idInPath('customerId')}`;

const PAYMENT_TERMS = ['due_on_receipt', 'net_15', 'net_30', 'net_45', 'net_60'];

function address(displayName: string, property: string): INodeProperties {
	const line = (name: string, key: string) => ({
		displayName: name,
		name: key,
		type: 'string' as const,
		default: '',
	});
	return {
		displayName,
		name: property === 'billing_address' ? 'billingAddress' : 'shippingAddress',
		type: 'collection',
		placeholder: 'Add Address Field',
		default: {},
		options: [
			line('Line 1', 'line1'),
			line('Line 2', 'line2'),
			line('City', 'city'),
			line('State', 'state'),
			line('ZIP Code', 'zip_code'),
			line('Country', 'country'),
		],
		routing: { send: { type: 'body', property } },
	};
}

const customerFields = (): INodeProperties[] => [
	bodyField('Email', 'email', 'string', { placeholder: 'name@example.com' }),
	bodyField('Company Name', 'company_name', 'string'),
	bodyField('Contact Person Name', 'contact_person_name', 'string'),
	bodyField('Phone', 'phone', 'string'),
	bodyField('Mobile', 'mobile', 'string'),
	bodyField('Tax Number', 'tax_number', 'string'),
	bodyChoice('Payment Terms', 'payment_terms', PAYMENT_TERMS, 'net_30', 'When its invoices fall due'),
	bodyField('Active', 'is_active', 'boolean', {
		default: true,
		description: 'Whether the customer shows in pickers',
	}),
	bodyField('Tags', 'tags', 'string', {
		description: 'Comma-separated; at most 20 tags of 1 to 40 characters',
		value: WORDS,
	}),
	address('Billing Address', 'billing_address'),
	address('Shipping Address', 'shipping_address'),
];

export const customerProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['customer'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a customer',
				routing: { request: { method: 'POST', url: path } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a customer',
				routing: { request: { method: 'GET', url: byId } },
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many customers',
				description: 'List customers, or find them by words of their name or e-mail',
				routing: listRouting(path),
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a customer',
				routing: { request: { method: 'PUT', url: byId } },
			},
		],
		default: 'create',
	},
	recordId('customerId', 'Customer ID', 'customer', ['get', 'update']),
	{
		...bodyField('Name', 'name', 'string', { required: true }),
		displayOptions: showFor('customer', ['create']),
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('customer', ['create']),
		options: [...customerFields(), idempotencyKeyField()],
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('customer', ['update']),
		options: [bodyField('Name', 'name', 'string'), ...customerFields(), versionField()],
	},
	...returnAllAndLimit('customer'),
	filters('customer', [
		searchFilter('name or e-mail'),
		queryField('Active', 'is_active', 'boolean', {
			default: true,
			description: 'Whether to list only active customers (on) or only inactive ones (off)',
		}),
		queryField('Tag', 'tag', 'string'),
	], ['name']),
];
