'use strict';

// Find a contact by e-mail (GET /api/v1/contacts?email=), for lookups and find-or-create.

const { findFirst } = require('../api');
const samples = require('../samples');

const sameEmail = (email) => (record) => String(record.email || '').toLowerCase() === email;

const findContact = {
  key: 'find_contact',
  noun: 'Contact',
  display: { label: 'Find Contact', description: 'Finds a contact by e-mail address.' },
  operation: {
    inputFields: [{ key: 'email', label: 'E-mail', required: true }],
    perform: async (z, bundle) => {
      // Addresses are stored trimmed and lower-cased.
      const email = String(bundle.inputData.email).trim().toLowerCase();
      const found = await findFirst(z, bundle, 'contacts', { filters: { email }, sort: 'id' }, sameEmail(email));
      return found ? [found] : [];
    },
    sample: samples.contact,
  },
};

module.exports = { [findContact.key]: findContact };
