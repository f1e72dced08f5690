'use strict';

// Searches find exactly what was made; find-or-create finds before it creates, so running it
// twice makes one record.

const assert = require('node:assert/strict');

const { App, appTester, bundleWith, get, post, unique, uniqueEmail } = require('./helpers');
const { makeInvoice } = require('./fixtures');

const search = (key, inputData) => appTester(App.searches[key].operation.perform, bundleWith(inputData));

// What Zapier does for a search-or-create step: the search, and the create when it finds nothing.
const findOrCreate = async (key, searchInput, createInput) => {
  const pair = App.searchOrCreates[key];
  const found = await search(pair.search, searchInput);
  if (found.length > 0) {
    return { record: found[0], created: false };
  }
  const record = await appTester(App.creates[pair.create].operation.perform, bundleWith(createInput));
  return { record, created: true };
};

describe('searches', () => {
  it('find_contact finds the contact by e-mail, whatever its case', async () => {
    const email = uniqueEmail('grace');
    const contact = await post('/api/v1/contacts', { name: 'Grace Hopper', email });
    const found = await search('find_contact', { email: ` ${email.toUpperCase()} ` });
    assert.deepEqual(found.map((record) => record.id), [contact.id]);
    assert.equal(found[0].name, 'Grace Hopper');
  });

  it('find_contact finds nothing for an unknown address', async () => {
    assert.deepEqual(await search('find_contact', { email: uniqueEmail('nobody') }), []);
  });

  it('find_customer finds the customer with that exact address, not one with a longer one', async () => {
    const email = uniqueEmail('ap');
    const [local, domain] = email.split('@');
    // Shares every word of the address: the API's word-prefix search finds both.
    const decoy = await post('/api/v1/customers', { name: unique('Decoy'), email: `${local}.team@${domain}` });
    const customer = await post('/api/v1/customers', { name: unique('Contoso'), email });
    const found = await search('find_customer', { email });
    assert.deepEqual(found.map((record) => record.id), [customer.id]);
    assert.notEqual(found[0].id, decoy.id);
    assert.deepEqual(await search('find_customer', { email: uniqueEmail('nobody') }), []);
  });

  it('find_invoice finds a posted invoice by its number', async () => {
    const invoice = await makeInvoice({ post: true });
    assert.ok(invoice.invoice_number, 'a posted invoice has a number');
    const found = await search('find_invoice', { invoice_number: invoice.invoice_number.toLowerCase() });
    assert.deepEqual(found.map((record) => record.id), [invoice.id]);
    assert.equal(found[0].total_amount, invoice.total_amount);
  });

  it('find_invoice finds nothing for a number no invoice has, even one its notes mention', async () => {
    const posted = await makeInvoice({ post: true });
    const unused = `${posted.invoice_number}7`;
    // The number's words are in this draft's notes, so the API's search returns the draft.
    const draft = await makeInvoice();
    await post(`/api/sales-invoice/update/${draft.id}`, { notes: `Quote ref ${unused}` });
    const candidates = await get(`/api/v1/invoices?search=${encodeURIComponent(unused)}`);
    assert.ok(candidates.data.some((record) => record.id === draft.id), 'the search alone finds the draft');
    assert.deepEqual(await search('find_invoice', { invoice_number: unused }), []);
  });

  it('find-or-create contact creates once, then finds what it created', async () => {
    const email = uniqueEmail('linus');
    const first = await findOrCreate('find_contact', { email }, { name: 'Linus', email });
    const second = await findOrCreate('find_contact', { email }, { name: 'Linus', email });
    assert.equal(first.created, true);
    assert.equal(second.created, false);
    assert.equal(second.record.id, first.record.id);
    const listed = await get(`/api/v1/contacts?email=${encodeURIComponent(email)}`);
    assert.equal(listed.data.length, 1, 'one contact with that address');
  });

  it('find-or-create customer creates once, then finds what it created', async () => {
    const email = uniqueEmail('globex');
    const first = await findOrCreate('find_customer', { email }, { name: unique('Globex'), email });
    const second = await findOrCreate('find_customer', { email }, { name: unique('Globex again'), email });
    assert.equal(first.created, true);
    assert.equal(second.created, false);
    assert.equal(second.record.id, first.record.id);
    const listed = await get(`/api/v1/customers?search=${encodeURIComponent(email)}&per_page=100`);
    assert.equal(listed.data.filter((record) => record.email === email).length, 1, 'one customer with that address');
  });
});
