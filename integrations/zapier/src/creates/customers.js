'use strict';

// Create and update a customer (/api/v1/customers): someone the workspace invoices.

const { callApi } = require('../api');
const { buildBody, bodyFrom, recordId } = require('../inputs');
const samples = require('../samples');

const FIELDS = {
  name: 'string',
  company_name: 'string',
  contact_person_name: 'string',
  email: 'string',
  phone: 'string',
  mobile: 'string',
  tax_number: 'string',
  payment_terms: 'string',
  tags: 'list',
};

// The billing address's parts, as `billing_<part>` inputs.
const ADDRESS_PARTS = ['line1', 'line2', 'city', 'state', 'zip_code', 'country'];

const inputs = ({ forUpdate }) => [
  { key: 'name', label: 'Name', required: !forUpdate },
  { key: 'company_name', label: 'Company name' },
  { key: 'contact_person_name', label: 'Contact person' },
  { key: 'email', label: 'E-mail' },
  { key: 'phone', label: 'Phone' },
  { key: 'mobile', label: 'Mobile' },
  { key: 'tax_number', label: 'Tax number' },
  {
    key: 'payment_terms',
    label: 'Payment terms',
    choices: { due_on_receipt: 'Due on receipt', net_15: 'Net 15', net_30: 'Net 30', net_45: 'Net 45', net_60: 'Net 60' },
    ...(forUpdate ? {} : { helpText: 'Defaults to Net 30.' }),
  },
  { key: 'tags', label: 'Tags', list: true },
  ...ADDRESS_PARTS.map((part) => ({
    key: `billing_${part}`,
    label: `Billing address: ${part.replace('_', ' ')}`,
    ...(forUpdate && part === 'line1' ? { helpText: 'Any billing address part replaces the whole billing address.' } : {}),
  })),
];

const customerBody = async (z, bundle) => {
  const body = await buildBody(z, bundle, FIELDS);
  const address = bodyFrom(
    Object.fromEntries(ADDRESS_PARTS.map((part) => [part, bundle.inputData[`billing_${part}`]])),
    Object.fromEntries(ADDRESS_PARTS.map((part) => [part, 'string'])),
  );
  if (Object.keys(address).length > 0) {
    body.billing_address = address;
  }
  return body;
};

const createCustomer = {
  key: 'create_customer',
  noun: 'Customer',
  display: { label: 'Create Customer', description: 'Creates a customer to invoice.' },
  operation: {
    inputFields: inputs({ forUpdate: false }),
    perform: async (z, bundle) =>
      callApi(z, bundle, { method: 'POST', path: '/api/v1/customers', body: await customerBody(z, bundle) }),
    sample: samples.customer,
  },
};

const updateCustomer = {
  key: 'update_customer',
  noun: 'Customer',
  display: { label: 'Update Customer', description: 'Changes a customer: only the fields you fill in.' },
  operation: {
    inputFields: [
      { key: 'customer_id', label: 'Customer', type: 'integer', required: true, dynamic: 'customer_list.id.name', search: 'find_customer.id' },
      ...inputs({ forUpdate: true }),
    ],
    perform: async (z, bundle) =>
      callApi(z, bundle, {
        // PUT, but with the update rule of every route: fields left out are unchanged.
        method: 'PUT',
        path: `/api/v1/customers/${recordId(bundle.inputData, 'customer_id')}`,
        body: await customerBody(z, bundle),
      }),
    sample: samples.customer,
  },
};

module.exports = { [createCustomer.key]: createCustomer, [updateCustomer.key]: updateCustomer };
