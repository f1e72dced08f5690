// Customers through n8n (/api/v1).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { runTag } from './support/env';
import { runNode, type Json } from './support/n8n';
import { worktopOk } from './support/worktop';

describe('customer', () => {
	const email = `${runTag}.billing@example.com`;
	let created: Json;

	it('creates a customer with an address, terms and tags', async () => {
		[created] = await runNode({
			resource: 'customer',
			operation: 'create',
			name: `Acme ${runTag}`,
			additionalFields: {
				email,
				companyName: 'Acme Ltd',
				paymentTerms: 'net_15',
				tags: `${runTag}, wholesale`,
				billingAddress: { line1: '1 Main St', city: 'Springfield', zip_code: '12345', country: 'US' },
			},
		});
		assert.equal(created.email, email);
		assert.equal(created.company_name, 'Acme Ltd');
		assert.equal(created.payment_terms, 'net_15');
		assert.deepEqual(created.tags, [runTag, 'wholesale']);
		assert.equal(created.billing_address.city, 'Springfield');
		assert.equal(created.billing_address.zip_code, '12345');
		assert.deepEqual(await worktopOk('GET', `/api/v1/customers/${created.id}`), created);
	});

	it('gets it by id', async () => {
		assert.deepEqual(
			await runNode({ resource: 'customer', operation: 'get', customerId: String(created.id) }),
			[created],
		);
	});

	it('updates the fields given, leaving the others', async () => {
		const [updated] = await runNode({
			resource: 'customer',
			operation: 'update',
			customerId: String(created.id),
			updateFields: { phone: '+1 555 0142', paymentTerms: 'net_45', version: created.version },
		});
		assert.equal(updated.phone, '+1 555 0142');
		assert.equal(updated.payment_terms, 'net_45');
		assert.equal(updated.company_name, 'Acme Ltd');
		assert.deepEqual(await worktopOk('GET', `/api/v1/customers/${created.id}`), updated);
	});

	it('finds it by its e-mail address and by tag', async () => {
		const byEmail = await runNode({ resource: 'customer', operation: 'getAll', filters: { search: email } });
		assert.deepEqual(
			byEmail.map((c) => c.id),
			[created.id],
		);
		const byTag = await runNode({ resource: 'customer', operation: 'getAll', filters: { tag: runTag, isActive: true } });
		assert.deepEqual(
			byTag.map((c) => c.id),
			[created.id],
		);
	});
});
