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
import { invoiceLines } from './invoiceLines';

// Sales invoices: create, read and list in /api/v1; /api/v1 has no update, so the sales
// module's own route changes a draft.
const path = '/api/v1/invoices';

const invoiceFields = (): INodeProperties[] => [
	bodyField('Invoice Date', 'invoice_date', 'dateTime', { description: 'Defaults to today' }),
	bodyField('Due Date', 'due_date', 'dateTime', {
		description: 'Not before the invoice date; defaults to it',
	}),
	bodyChoice('Type', 'type', ['product', 'service'], 'product', 'A service invoice holds services only and needs no warehouse'),
	bodyField('Warehouse ID', 'warehouse_id', 'number', {
		description: 'Where its products leave from; required when a line is a product',
	}),
	bodyField('Notes', 'notes', 'string'),
	bodyField('Payment Terms', 'payment_terms', 'string'),
	bodyChoice('Recurrence', 'recurrence', ['monthly', 'quarterly', 'yearly'], 'monthly', 'Set on an invoice that repeats (a subscription)'),
	bodyField('Sales Agent ID', 'agent_id', 'number', {
		description: 'An active sales agent, credited with it at their current rate',
	}),
	customFields(),
];

export const invoiceProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['invoice'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create an invoice',
				description: 'Create a draft sales invoice with its lines',
				routing: { request: { method: 'POST', url: path } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get an invoice',
				routing: { request: { method: 'GET', url: `=${path}/${idInPath('invoiceId')}` } },
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many invoices',
				description: 'List invoices, or find them by number, customer or status',
				routing: listRouting(path),
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update an invoice',
				description: 'Change a draft sales invoice; new lines replace all of its lines',
				routing: {
					request: {
						method: 'POST',
						url: `=/api/sales-invoice/update/${idInPath('invoiceId')}`,
					},
				},
			},
		],
		default: 'create',
	},
	recordId('invoiceId', 'Invoice ID', 'invoice', ['get', 'update']),
	{
		...bodyField('Customer ID', 'customer_id', 'number', { required: true }),
		displayOptions: showFor('invoice', ['create']),
	},
	{
		...invoiceLines('lines', 'Lines'),
		required: true,
		displayOptions: showFor('invoice', ['create']),
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('invoice', ['create']),
		options: [...invoiceFields(), idempotencyKeyField()],
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor('invoice', ['update']),
		options: [
			bodyField('Customer ID', 'customer_id', 'number'),
			invoiceLines('updateFields.lines', 'Lines (Replace All)'),
			...invoiceFields(),
			versionField(),
		],
	},
	...returnAllAndLimit('invoice'),
	filters('invoice', [
		searchFilter('invoice (its number, e.g. INV-000042)'),
		queryChoice('Status', 'status', ['draft', 'posted', 'partially_paid', 'paid', 'overdue'], 'draft'),
		queryField('Customer ID', 'customer_id', 'number'),
	], ['invoice_date', 'due_date', 'total_amount']),
];
