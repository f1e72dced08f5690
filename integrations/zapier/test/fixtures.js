'use strict';

// Records several tests build on, made once per run through the API (not through the app).

const { api, day, get, post, unique, uniqueEmail } = require('./helpers');

// The custom fields custom-fields.test.js makes (and removes after itself).
const TEST_FIELD_KEY = /^zap_[a-z]+_k_[a-z0-9]+_[0-9a-f]{4}$/;

let made;

const makeFixtures = async () => {
  // Fields an interrupted earlier run left: a required one would refuse every new contact.
  const leftovers = (await get('/api/custom-fields?per_page=100')).data.filter((field) => TEST_FIELD_KEY.test(field.key));
  for (const field of leftovers) {
    await api('DELETE', `/api/custom-fields/${field.id}`, undefined, { expect: [200, 404] });
  }
  const me = await get('/api/user');
  // A new workspace starts with the "Sales" pipeline and its lead and deal stages.
  const pipeline = (await get('/api/pipelines?sort=id&per_page=1')).data[0];
  const leadStages = (await get(`/api/lead-stages?pipeline_id=${pipeline.id}&sort=order&per_page=100`)).data;
  const dealStages = (await get(`/api/deal-stages?pipeline_id=${pipeline.id}&sort=order&per_page=100`)).data;
  // A service needs no warehouse or stock, so invoices of it can be posted at once.
  const product = await post('/api/product/create', {
    name: unique('Consulting hour'),
    sku: unique('SKU'),
    type: 'service',
    sale_price: 120,
  });
  const customer = await post('/api/v1/customers', { name: unique('Customer'), email: uniqueEmail('billing') });
  const banks = (await get('/api/bank-accounts?is_active=true&per_page=1')).data;
  const bank = banks[0] || (await post('/api/bank-accounts/create', { name: unique('Operating account') }));
  const project = await post('/api/v1/projects', {
    name: unique('Project'),
    members: [me.id],
    start_date: day(-1),
    deadline: day(30),
  });
  return { me, pipeline, leadStages, dealStages, product, customer, bank, project };
};

const fixtures = () => {
  made = made || makeFixtures();
  return made;
};

// A service invoice for the fixture customer, dated `invoiceDate`, due `dueDate`; posted if asked.
const makeInvoice = async ({ post: shouldPost = false, invoiceDate = day(0), dueDate = day(30), quantity = 2 } = {}) => {
  const { customer, product } = await fixtures();
  const draft = await post('/api/v1/invoices', {
    customer_id: customer.id,
    type: 'service',
    invoice_date: invoiceDate,
    due_date: dueDate,
    items: [{ product_id: product.id, quantity, unit_price: 120 }],
  });
  return shouldPost ? post(`/api/sales-invoice/post/${draft.id}`) : draft;
};

module.exports = { fixtures, makeInvoice };
