'use strict';

// Hidden triggers that feed the dynamic dropdowns of the actions (`dynamic: 'pipeline_list.id.name'`).
// Zapier asks page by page (bundle.meta.page, from 0) while the user scrolls.

const { listRecords } = require('../api');

const PAGE_SIZE = 100;

// `label(record)` is what the dropdown shows; `filters(bundle)` narrows the list by inputs the
// user already chose (the stages of the chosen pipeline).
const dropdown = ({ key, noun, list, label, filters = () => ({}) }) => ({
  key,
  noun,
  display: {
    label: `${noun} list`,
    description: `Lists ${noun.toLowerCase()} choices for dropdowns.`,
    hidden: true,
  },
  operation: {
    canPaginate: true,
    perform: async (z, bundle) => {
      const page = ((bundle.meta && bundle.meta.page) || 0) + 1;
      const { records } = await listRecords(z, bundle, list, {
        filters: filters(bundle),
        sort: 'id',
        perPage: PAGE_SIZE,
        page,
      });
      return records.map((record) => ({ id: record.id, name: label(record) }));
    },
    sample: { id: 1, name: 'Sales' },
  },
});

const byPipeline = (bundle) => ({ pipeline_id: (bundle.inputData || {}).pipeline_id });

const DROPDOWNS = [
  dropdown({ key: 'pipeline_list', noun: 'Pipeline', list: 'pipelines', label: (r) => r.name }),
  dropdown({ key: 'lead_stage_list', noun: 'Lead stage', list: 'leadStages', label: (r) => r.name, filters: byPipeline }),
  dropdown({ key: 'deal_stage_list', noun: 'Deal stage', list: 'dealStages', label: (r) => r.name, filters: byPipeline }),
  dropdown({ key: 'user_list', noun: 'User', list: 'users', label: (r) => `${r.name} <${r.email}>` }),
  dropdown({
    key: 'product_list',
    noun: 'Product',
    list: 'products',
    label: (r) => `${r.name} (${r.sku})`,
    filters: () => ({ is_active: true }),
  }),
  dropdown({ key: 'customer_list', noun: 'Customer', list: 'customers', label: (r) => (r.email ? `${r.name} <${r.email}>` : r.name) }),
  dropdown({ key: 'project_list', noun: 'Project', list: 'projects', label: (r) => r.name }),
  dropdown({ key: 'task_stage_list', noun: 'Task stage', list: 'taskStages', label: (r) => r.name }),
  dropdown({ key: 'ticket_category_list', noun: 'Ticket category', list: 'ticketCategories', label: (r) => r.name }),
  dropdown({ key: 'warehouse_list', noun: 'Warehouse', list: 'warehouses', label: (r) => r.name }),
];

module.exports = Object.fromEntries(DROPDOWNS.map((trigger) => [trigger.key, trigger]));
