'use strict';

// Find a sales invoice by its number (INV-000042). Numbers are given when an invoice is posted;
// the invoices list has no number filter, so its `search` narrows and the exact number is picked.

const { findFirst } = require('../api');
const samples = require('../samples');

const findInvoice = {
  key: 'find_invoice',
  noun: 'Invoice',
  display: { label: 'Find Invoice', description: 'Finds a posted sales invoice by its number.' },
  operation: {
    inputFields: [{ key: 'invoice_number', label: 'Invoice number', required: true, helpText: 'As printed, e.g. INV-000042.' }],
    perform: async (z, bundle) => {
      const number = String(bundle.inputData.invoice_number).trim();
      const found = await findFirst(
        z,
        bundle,
        'invoices',
        { search: number },
        (record) => String(record.invoice_number || '').toLowerCase() === number.toLowerCase(),
      );
      return found ? [found] : [];
    },
    sample: samples.invoice,
  },
};

module.exports = { [findInvoice.key]: findInvoice };
