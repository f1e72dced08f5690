'use strict';

// Create and update a CRM deal (/api/deal/create, /api/deal/update/{id}). The update uses the
// module route rather than PATCH /api/v1/deals/{id}, which changes only stage, amount, close date
// and status; both emit deal.stage_changed when the stage changes.

const { callApi } = require('../api');
const { customFieldInputs } = require('../custom-fields');
const { buildBody, recordId } = require('../inputs');
const samples = require('../samples');

const FIELDS = {
  name: 'string',
  amount: 'number',
  pipeline_id: 'id',
  stage_id: 'id',
  status: 'string',
  close_date: 'date',
  phone: 'string',
  notes: 'string',
  users: 'idList',
};

const inputs = ({ forUpdate }) => [
  { key: 'name', label: 'Name', required: !forUpdate },
  { key: 'amount', label: 'Amount', type: 'number', ...(forUpdate ? {} : { helpText: 'Defaults to 0.' }) },
  { key: 'pipeline_id', label: 'Pipeline', dynamic: 'pipeline_list.id.name' },
  { key: 'stage_id', label: 'Stage', dynamic: 'deal_stage_list.id.name' },
  ...(forUpdate ? [{ key: 'status', label: 'Status', choices: ['open', 'won', 'lost'] }] : []),
  { key: 'close_date', label: 'Expected close date', type: 'datetime' },
  { key: 'phone', label: 'Phone' },
  { key: 'notes', label: 'Notes', type: 'text' },
  { key: 'users', label: 'Users', dynamic: 'user_list.id.name', list: true },
  customFieldInputs('crm_deal', { forUpdate }),
];

const createDeal = {
  key: 'create_deal',
  noun: 'Deal',
  display: { label: 'Create Deal', description: 'Creates a deal in a pipeline.' },
  operation: {
    inputFields: inputs({ forUpdate: false }),
    perform: async (z, bundle) =>
      callApi(z, bundle, { method: 'POST', path: '/api/deal/create', body: await buildBody(z, bundle, FIELDS, 'crm_deal') }),
    sample: samples.deal,
  },
};

const updateDeal = {
  key: 'update_deal',
  noun: 'Deal',
  display: { label: 'Update Deal', description: 'Changes a deal (its stage, amount, status, ...): only the fields you fill in.' },
  operation: {
    inputFields: [{ key: 'deal_id', label: 'Deal ID', type: 'integer', required: true }, ...inputs({ forUpdate: true })],
    perform: async (z, bundle) =>
      callApi(z, bundle, {
        method: 'POST',
        path: `/api/deal/update/${recordId(bundle.inputData, 'deal_id')}`,
        body: await buildBody(z, bundle, FIELDS, 'crm_deal'),
      }),
    sample: samples.deal,
  },
};

module.exports = { [createDeal.key]: createDeal, [updateDeal.key]: updateDeal };
