// Sales invoices with their lines through n8n: made, read and listed in /api/v1, a draft changed
// through the sales module's update; found by number once posted.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { runTag } from './support/env';
import { runNode, type Json } from './support/n8n';
import { worktopOk } from './support/worktop';

describe('invoice', () => {
	let customer: Json;
	let service: Json;
	let created: Json;

	before(async () => {
		customer = await worktopOk('POST', '/api/v1/customers', { name: `Invoiced ${runTag}` });
		service = await worktopOk('POST', '/api/product/create', {
			name: `Consulting hour ${runTag}`,
			sku: `SVC-${runTag}`,
			type: 'service',
			sale_price: 120,
		});
	});

	it('creates a draft with two lines, one at the product price and one at a price given', async () => {
		[created] = await runNode({
			resource: 'invoice',
			operation: 'create',
			customerId: customer.id,
			lines: {
				line: [
					{ productId: service.id, quantity: 2 },
					{ productId: service.id, quantity: 1, unitPrice: '99.50', discountPercentage: '10' },
				],
			},
			additionalFields: { type: 'service', dueDate: '2027-01-31T00:00:00', notes: `Ref ${runTag}` },
		});
		assert.equal(created.customer_id, customer.id);
		assert.equal(created.status, 'draft');
		assert.equal(created.due_date, '2027-01-31');
		assert.deepEqual(
			created.items.map((i: Json) => [i.product_id, i.quantity, i.unit_price, i.discount_percentage]),
			[
				[service.id, 2, 120, 0],
				[service.id, 1, 99.5, 10],
			],
		);
		assert.equal(created.total_amount, 240 + 89.55);
		// The v1 invoice is shown with its customer beside `customer_id`.
		const billed = { id: customer.id, name: customer.name, email: null };
		assert.deepEqual(await worktopOk('GET', `/api/v1/invoices/${created.id}`), { ...created, customer: billed });
	});

	it('gets it by id, with its customer', async () => {
		const billed = { id: customer.id, name: customer.name, email: null };
		assert.deepEqual(
			await runNode({ resource: 'invoice', operation: 'get', invoiceId: String(created.id) }),
			[{ ...created, customer: billed }],
		);
	});

	it('updates the draft: new lines replace the old ones', async () => {
		const [updated] = await runNode({
			resource: 'invoice',
			operation: 'update',
			invoiceId: String(created.id),
			updateFields: {
				notes: 'Replaced lines',
				lines: { line: [{ productId: service.id, quantity: 3 }] },
				version: created.version,
			},
		});
		assert.equal(updated.notes, 'Replaced lines');
		assert.deepEqual(
			updated.items.map((i: Json) => [i.product_id, i.quantity]),
			[[service.id, 3]],
		);
		assert.equal(updated.total_amount, 360);
		created = await worktopOk('GET', `/api/v1/invoices/${created.id}`);
		assert.equal(created.total_amount, 360);
		assert.equal(created.notes, 'Replaced lines');
	});

	it("lists the customer's invoices", async () => {
		const items = await runNode({ resource: 'invoice', operation: 'getAll', filters: { customerId: customer.id } });
		assert.deepEqual(
			items.map((i) => i.id),
			[created.id],
		);
	});

	it('finds it by its number once it is posted', async () => {
		const posted = await worktopOk('POST', `/api/sales-invoice/post/${created.id}`, {});
		assert.match(posted.invoice_number, /\d/);
		const items = await runNode({
			resource: 'invoice',
			operation: 'getAll',
			filters: { search: posted.invoice_number, status: 'posted' },
		});
		assert.deepEqual(
			items.map((i) => [i.id, i.invoice_number]),
			[[created.id, posted.invoice_number]],
		);
	});
});
