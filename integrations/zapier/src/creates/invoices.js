'use strict';

// Create (optionally post) and update a sales invoice with its lines (/api/v1/invoices,
// /api/sales-invoice/post/{id}, /api/sales-invoice/update/{id}).

const { callApi } = require('../api');
const { convertValue, customFieldInputs } = require('../custom-fields');
const { buildBody, bodyFrom, isEmpty, recordId } = require('../inputs');
const samples = require('../samples');

const FIELDS = {
  customer_id: 'id',
  invoice_date: 'date',
  due_date: 'date',
  type: 'string',
  warehouse_id: 'id',
  payment_terms: 'string',
  notes: 'string',
};

const LINE_FIELDS = { product_id: 'id', quantity: 'id', unit_price: 'number', discount_percentage: 'number' };

// Zapier line items: one group of children per line, handed over as an array of objects.
const lineItemsInput = ({ forUpdate }) => ({
  key: 'items',
  label: 'Lines',
  required: !forUpdate,
  // A group of children takes no helpText of its own: the first child's says what the lines do.
  children: [
    {
      key: 'product_id',
      label: 'Product',
      dynamic: 'product_list.id.name',
      required: !forUpdate,
      helpText: forUpdate ? 'Lines given replace every line of the invoice.' : 'One line per product: from 1 to 1,000 lines.',
    },
    { key: 'quantity', label: 'Quantity', type: 'integer', required: !forUpdate },
    { key: 'unit_price', label: 'Unit price', type: 'number', helpText: "Defaults to the product's sale price." },
    { key: 'discount_percentage', label: 'Discount %', type: 'number' },
  ],
});

const inputs = ({ forUpdate }) => [
  { key: 'customer_id', label: 'Customer', type: 'integer', required: !forUpdate, dynamic: 'customer_list.id.name', search: 'find_customer.id' },
  lineItemsInput({ forUpdate }),
  { key: 'type', label: 'Type', choices: { product: 'Products (keeps stock)', service: 'Services only' }, ...(forUpdate ? {} : { helpText: 'Defaults to products.' }) },
  { key: 'warehouse_id', label: 'Warehouse', dynamic: 'warehouse_list.id.name', helpText: 'Required when a line is a stocked product.' },
  { key: 'invoice_date', label: 'Invoice date', type: 'datetime', ...(forUpdate ? {} : { helpText: 'Defaults to today.' }) },
  { key: 'due_date', label: 'Due date', type: 'datetime', ...(forUpdate ? {} : { helpText: 'Defaults to the invoice date.' }) },
  { key: 'payment_terms', label: 'Payment terms' },
  { key: 'notes', label: 'Notes', type: 'text' },
  customFieldInputs('sales_invoice', { forUpdate }),
];

const invoiceBody = async (z, bundle) => {
  const body = await buildBody(z, bundle, FIELDS, 'sales_invoice');
  const lines = [].concat(bundle.inputData.items || []).map((line) => bodyFrom(line || {}, LINE_FIELDS));
  const filled = lines.filter((line) => !isEmpty(line.product_id));
  if (filled.length > 0) {
    body.items = filled;
  }
  return body;
};

const createInvoice = {
  key: 'create_invoice',
  noun: 'Invoice',
  display: { label: 'Create Invoice', description: 'Creates a sales invoice with its lines, as a draft or posted.' },
  operation: {
    inputFields: [
      ...inputs({ forUpdate: false }),
      {
        key: 'post',
        label: 'Post it',
        type: 'boolean',
        default: 'false',
        helpText: 'Yes: post the invoice at once (it gets its number, its journal entry and takes its stock). No: leave a draft.',
      },
    ],
    perform: async (z, bundle) => {
      const draft = await callApi(z, bundle, { method: 'POST', path: '/api/v1/invoices', body: await invoiceBody(z, bundle) });
      if (!convertValue(bundle.inputData.post || false, 'boolean')) {
        return draft;
      }
      return callApi(z, bundle, { method: 'POST', path: `/api/sales-invoice/post/${draft.id}` });
    },
    sample: samples.invoice,
  },
};

const updateInvoice = {
  key: 'update_invoice',
  noun: 'Invoice',
  display: { label: 'Update Invoice', description: 'Changes a draft sales invoice: only the fields you fill in.' },
  operation: {
    inputFields: [{ key: 'invoice_id', label: 'Invoice ID', type: 'integer', required: true, search: 'find_invoice.id' }, ...inputs({ forUpdate: true })],
    perform: async (z, bundle) =>
      callApi(z, bundle, {
        method: 'POST',
        path: `/api/sales-invoice/update/${recordId(bundle.inputData, 'invoice_id')}`,
        body: await invoiceBody(z, bundle),
      }),
    sample: samples.invoice,
  },
};

module.exports = { [createInvoice.key]: createInvoice, [updateInvoice.key]: updateInvoice };
