'use strict';

// Find a customer by e-mail. The customers list has no e-mail filter: its `search` finds the
// records whose words begin with the address's words, and the exact address is picked from those.

const { findFirst } = require('../api');
const samples = require('../samples');

const findCustomer = {
  key: 'find_customer',
  noun: 'Customer',
  display: { label: 'Find Customer', description: 'Finds a customer by e-mail address.' },
  operation: {
    inputFields: [{ key: 'email', label: 'E-mail', required: true }],
    perform: async (z, bundle) => {
      const email = String(bundle.inputData.email).trim().toLowerCase();
      const found = await findFirst(
        z,
        bundle,
        'customers',
        { search: email },
        (record) => String(record.email || '').toLowerCase() === email,
      );
      return found ? [found] : [];
    },
    sample: samples.customer,
  },
};

module.exports = { [findCustomer.key]: findCustomer };
