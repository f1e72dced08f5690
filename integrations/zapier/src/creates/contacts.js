'use strict';

// Create and update a CRM contact (/api/v1/contacts).

const { callApi } = require('../api');
const { customFieldInputs } = require('../custom-fields');
const { buildBody, recordId } = require('../inputs');
const samples = require('../samples');

const FIELDS = { name: 'string', email: 'string', phone: 'string', tags: 'list' };

const inputs = ({ forUpdate }) => [
  { key: 'name', label: 'Name', required: !forUpdate },
  { key: 'email', label: 'E-mail' },
  { key: 'phone', label: 'Phone', helpText: 'At most 30 characters.' },
  { key: 'tags', label: 'Tags', list: true, helpText: 'At most 20 tags.' + (forUpdate ? ' Replaces the contact\'s tags.' : '') },
  customFieldInputs('crm_contact', { forUpdate }),
];

const createContact = {
  key: 'create_contact',
  noun: 'Contact',
  display: { label: 'Create Contact', description: 'Creates a CRM contact.' },
  operation: {
    inputFields: inputs({ forUpdate: false }),
    perform: async (z, bundle) =>
      callApi(z, bundle, {
        method: 'POST',
        path: '/api/v1/contacts',
        body: await buildBody(z, bundle, FIELDS, 'crm_contact'),
      }),
    sample: samples.contact,
  },
};

const updateContact = {
  key: 'update_contact',
  noun: 'Contact',
  display: { label: 'Update Contact', description: 'Changes a CRM contact: only the fields you fill in.' },
  operation: {
    inputFields: [
      { key: 'contact_id', label: 'Contact ID', type: 'integer', required: true, search: 'find_contact.id' },
      ...inputs({ forUpdate: true }),
    ],
    perform: async (z, bundle) =>
      callApi(z, bundle, {
        method: 'PATCH',
        path: `/api/v1/contacts/${recordId(bundle.inputData, 'contact_id')}`,
        body: await buildBody(z, bundle, FIELDS, 'crm_contact'),
      }),
    sample: samples.contact,
  },
};

module.exports = { [createContact.key]: createContact, [updateContact.key]: updateContact };
