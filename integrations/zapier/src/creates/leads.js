'use strict';

// Create and update a CRM lead (/api/lead/create, /api/lead/update/{id}).

const { callApi } = require('../api');
const { customFieldInputs } = require('../custom-fields');
const { buildBody, recordId } = require('../inputs');
const samples = require('../samples');

const FIELDS = {
  name: 'string',
  email: 'string',
  subject: 'string',
  phone: 'string',
  pipeline_id: 'id',
  stage_id: 'id',
  user_id: 'id',
  users: 'idList',
  follow_up_date: 'date',
  notes: 'string',
};

const inputs = ({ forUpdate }) => [
  { key: 'name', label: 'Name', required: !forUpdate },
  { key: 'email', label: 'E-mail', required: !forUpdate },
  { key: 'subject', label: 'Subject' },
  { key: 'phone', label: 'Phone', helpText: 'At most 20 characters.' },
  {
    key: 'pipeline_id',
    label: 'Pipeline',
    dynamic: 'pipeline_list.id.name',
    helpText: forUpdate ? 'Moving to another pipeline puts the lead in its first stage unless you pick one.' : 'Defaults to the first pipeline.',
  },
  { key: 'stage_id', label: 'Stage', dynamic: 'lead_stage_list.id.name', helpText: "Defaults to the pipeline's first lead stage." },
  { key: 'user_id', label: 'Owner', dynamic: 'user_list.id.name', helpText: 'Defaults to you.' },
  { key: 'users', label: 'Working on it', dynamic: 'user_list.id.name', list: true },
  { key: 'follow_up_date', label: 'Follow-up date', type: 'datetime' },
  { key: 'notes', label: 'Notes', type: 'text' },
  customFieldInputs('crm_lead', { forUpdate }),
];

const createLead = {
  key: 'create_lead',
  noun: 'Lead',
  display: { label: 'Create Lead', description: 'Creates a lead in a pipeline.' },
  operation: {
    inputFields: inputs({ forUpdate: false }),
    perform: async (z, bundle) =>
      callApi(z, bundle, { method: 'POST', path: '/api/lead/create', body: await buildBody(z, bundle, FIELDS, 'crm_lead') }),
    sample: samples.lead,
  },
};

const updateLead = {
  key: 'update_lead',
  noun: 'Lead',
  display: { label: 'Update Lead', description: 'Changes a lead: only the fields you fill in.' },
  operation: {
    inputFields: [{ key: 'lead_id', label: 'Lead ID', type: 'integer', required: true }, ...inputs({ forUpdate: true })],
    perform: async (z, bundle) =>
      callApi(z, bundle, {
        method: 'POST',
        path: `/api/lead/update/${recordId(bundle.inputData, 'lead_id')}`,
        body: await buildBody(z, bundle, FIELDS, 'crm_lead'),
      }),
    sample: samples.lead,
  },
};

module.exports = { [createLead.key]: createLead, [updateLead.key]: updateLead };
