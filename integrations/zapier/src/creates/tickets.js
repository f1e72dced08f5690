'use strict';

// Create and update a support ticket (/api/support-ticket/ticket/store, .../ticket/update/{id}).

const { callApi } = require('../api');
const { customFieldInputs } = require('../custom-fields');
const { buildBody, recordId } = require('../inputs');
const samples = require('../samples');

const FIELDS = {
  subject: 'string',
  description: 'string',
  name: 'string',
  email: 'string',
  priority: 'string',
  status: 'string',
  category_id: 'id',
  assigned_to: 'id',
};

const PRIORITIES = ['low', 'medium', 'high', 'urgent'];

const createTicket = {
  key: 'create_ticket',
  noun: 'Ticket',
  display: { label: 'Create Ticket', description: 'Opens a support ticket for someone.' },
  operation: {
    inputFields: [
      { key: 'subject', label: 'Subject', required: true },
      { key: 'description', label: 'Description', type: 'text' },
      { key: 'name', label: "Requester's name", required: true },
      { key: 'email', label: "Requester's e-mail", required: true },
      { key: 'priority', label: 'Priority', choices: PRIORITIES, helpText: 'Defaults to medium.' },
      { key: 'category_id', label: 'Category', dynamic: 'ticket_category_list.id.name' },
      { key: 'assigned_to', label: 'Assignee', dynamic: 'user_list.id.name' },
      customFieldInputs('support_ticket'),
    ],
    perform: async (z, bundle) =>
      callApi(z, bundle, {
        method: 'POST',
        path: '/api/support-ticket/ticket/store',
        body: await buildBody(z, bundle, FIELDS, 'support_ticket'),
      }),
    sample: samples.ticket,
  },
};

const updateTicket = {
  key: 'update_ticket',
  noun: 'Ticket',
  display: { label: 'Update Ticket', description: 'Changes a ticket (status, priority, assignee, ...): only the fields you fill in.' },
  operation: {
    inputFields: [
      { key: 'ticket_id', label: 'Ticket ID', type: 'integer', required: true },
      { key: 'subject', label: 'Subject' },
      { key: 'description', label: 'Description', type: 'text' },
      {
        key: 'status',
        label: 'Status',
        choices: { open: 'Open', in_progress: 'In progress', on_hold: 'On hold', closed: 'Closed' },
        helpText: 'open → in progress ↔ on hold → closed, and closed → open again.',
      },
      { key: 'priority', label: 'Priority', choices: PRIORITIES },
      { key: 'category_id', label: 'Category', dynamic: 'ticket_category_list.id.name' },
      { key: 'assigned_to', label: 'Assignee', dynamic: 'user_list.id.name' },
      customFieldInputs('support_ticket', { forUpdate: true }),
    ],
    perform: async (z, bundle) =>
      callApi(z, bundle, {
        method: 'POST',
        path: `/api/support-ticket/ticket/update/${recordId(bundle.inputData, 'ticket_id')}`,
        body: await buildBody(z, bundle, FIELDS, 'support_ticket'),
      }),
    sample: samples.ticket,
  },
};

module.exports = { [createTicket.key]: createTicket, [updateTicket.key]: updateTicket };
