'use strict';

// The instant (REST-hook) triggers, one per Worktop event type. Each also lists recent records
// (performList) so the Zap editor has samples before an event happens: the newest created ones
// for an event that makes a record, the most recently changed ones (`sort=-updated_at`, so a
// record just updated comes first) for an event that changes one.
//
// Output `id`: Zapier tells results apart by it. For events that happen once per record (a new
// contact, an invoice paid) it is the record's id; for events that recur (each update, each stage
// move) it is the record's id and version, with the record's own id under `<noun>_id`.

const { listRecords } = require('../api');
const samples = require('../samples');
const { hookTrigger } = require('../webhooks');

const SAMPLE_COUNT = 10;

// What happened and when, on every output.
const described = (output, eventType, occurredAt) => ({ ...output, event_type: eventType, occurred_at: occurredAt });

const newest = (list, newestBy, filters = () => ({})) => async (z, bundle) => {
  const { records } = await listRecords(z, bundle, list, {
    newest: newestBy,
    filters: filters(bundle),
    perPage: SAMPLE_COUNT,
  });
  return records;
};

// A trigger whose event's data is the record itself.
const recordTrigger = ({ key, noun, label, description, eventType, list, recurring, idField, newestBy, filters, sample }) => {
  const shape = (record, occurredAt) => {
    const output = recurring
      ? { ...record, id: `${record.id}-${record.version}`, [idField]: record.id }
      : { ...record };
    return described(output, eventType, occurredAt);
  };
  return hookTrigger({
    key,
    noun,
    label,
    description,
    eventType,
    list: newest(list, newestBy, filters),
    toOutput: (data, event) => shape(data, event.timestamp),
    fromRecord: (record) => shape(record, newestBy === 'updated' ? record.updated_at : record.created_at),
    sample: shape(sample, sample.updated_at),
  });
};

const contactCreated = recordTrigger({
  key: 'contact_created',
  noun: 'Contact',
  label: 'New Contact',
  description: 'Triggers when a contact is created.',
  eventType: 'contact.created',
  list: 'contacts',
  newestBy: 'created',
  sample: samples.contact,
});

const contactUpdated = recordTrigger({
  key: 'contact_updated',
  noun: 'Contact',
  label: 'Updated Contact',
  description: 'Triggers when a contact is changed.',
  eventType: 'contact.updated',
  list: 'contacts',
  newestBy: 'updated',
  recurring: true,
  idField: 'contact_id',
  sample: samples.contact,
});

const leadCreated = recordTrigger({
  key: 'lead_created',
  noun: 'Lead',
  label: 'New Lead',
  description: 'Triggers when a lead is created.',
  eventType: 'lead.created',
  list: 'leads',
  newestBy: 'created',
  sample: samples.lead,
});

const dealCreated = recordTrigger({
  key: 'deal_created',
  noun: 'Deal',
  label: 'New Deal',
  description: 'Triggers when a deal is created.',
  eventType: 'deal.created',
  list: 'deals',
  newestBy: 'created',
  sample: samples.deal,
});

const invoiceCreated = recordTrigger({
  key: 'invoice_created',
  noun: 'Invoice',
  label: 'New Invoice',
  description: 'Triggers when a sales invoice is created (as a draft).',
  eventType: 'invoice.created',
  list: 'invoices',
  newestBy: 'created',
  sample: { ...samples.invoice, status: 'draft', invoice_number: null, posted_at: null, journal_entry_id: null },
});

const invoicePaid = recordTrigger({
  key: 'invoice_paid',
  noun: 'Invoice',
  label: 'Invoice Paid',
  description: "Triggers when a sales invoice's balance reaches zero (once per invoice).",
  eventType: 'invoice.paid',
  list: 'invoices',
  newestBy: 'updated',
  filters: () => ({ status: 'paid' }),
  sample: { ...samples.invoice, status: 'paid', paid_amount: 240, balance_amount: 0 },
});

const invoiceOverdue = recordTrigger({
  key: 'invoice_overdue',
  noun: 'Invoice',
  label: 'Invoice Overdue',
  description: 'Triggers when a posted sales invoice passes its due date unpaid.',
  eventType: 'invoice.overdue',
  list: 'invoices',
  newestBy: 'updated',
  filters: () => ({ status: 'overdue' }),
  recurring: true,
  idField: 'invoice_id',
  sample: { ...samples.invoice, status: 'overdue' },
});

const projectCompleted = recordTrigger({
  key: 'project_completed',
  noun: 'Project',
  label: 'Project Completed',
  description: "Triggers when a project's status becomes finished.",
  eventType: 'project.completed',
  list: 'projects',
  newestBy: 'updated',
  filters: () => ({ status: 'finished' }),
  sample: samples.project,
});

// deal.stage_changed: {deal, from_stage_id, to_stage_id}; optionally only moves into one stage.
const dealStageOutput = (deal, fromStageId, toStageId, occurredAt) =>
  described(
    { ...deal, id: `${deal.id}-${deal.version}`, deal_id: deal.id, from_stage_id: fromStageId, to_stage_id: toStageId },
    'deal.stage_changed',
    occurredAt,
  );

const dealStageChanged = hookTrigger({
  key: 'deal_stage_changed',
  noun: 'Deal',
  label: 'Deal Stage Changed',
  description: 'Triggers when a deal moves to another stage (optionally: into one stage).',
  eventType: 'deal.stage_changed',
  inputFields: [
    { key: 'pipeline_id', label: 'Pipeline', dynamic: 'pipeline_list.id.name', required: false },
    {
      key: 'stage_id',
      label: 'Moved to stage',
      dynamic: 'deal_stage_list.id.name',
      required: false,
      helpText: 'Only deals moved into this stage. Leave empty for every move.',
    },
  ],
  list: newest('deals', 'updated', (bundle) => ({
    pipeline_id: bundle.inputData.pipeline_id,
    stage_id: bundle.inputData.stage_id,
  })),
  toOutput: (data, event) => dealStageOutput(data.deal, data.from_stage_id, data.to_stage_id, event.timestamp),
  // A listed deal's previous stage is not known: from_stage_id is null in samples.
  fromRecord: (deal) => dealStageOutput(deal, null, deal.stage_id, deal.updated_at),
  keep: (output, bundle) =>
    (!bundle.inputData.stage_id || String(output.to_stage_id) === String(bundle.inputData.stage_id)) &&
    (!bundle.inputData.pipeline_id || String(output.pipeline_id) === String(bundle.inputData.pipeline_id)),
  sample: dealStageOutput(samples.deal, 1, 2, samples.deal.updated_at),
});

// task.assigned: {task, user_id}, one event per user added; optionally only one user's.
const taskAssignedOutput = (task, userId, occurredAt) =>
  described(
    { ...task, id: `${task.id}-${task.version}-${userId}`, task_id: task.id, assigned_user_id: userId },
    'task.assigned',
    occurredAt,
  );

const taskAssigned = hookTrigger({
  key: 'task_assigned',
  noun: 'Task',
  label: 'Task Assigned',
  description: 'Triggers when a user is added to a task (optionally: one user).',
  eventType: 'task.assigned',
  inputFields: [
    { key: 'user_id', label: 'Assignee', dynamic: 'user_list.id.name', required: false, helpText: 'Only tasks assigned to this user.' },
  ],
  // The tasks list across projects documents no sort by last change: the newest created tasks.
  list: async (z, bundle) => {
    const { records } = await listRecords(z, bundle, 'tasks', {
      newest: 'created',
      filters: { assignee: bundle.inputData.user_id ? Number(bundle.inputData.user_id) : undefined },
      perPage: SAMPLE_COUNT,
    });
    return records.filter((task) => (task.assigned_to || []).length > 0);
  },
  toOutput: (data, event) => taskAssignedOutput(data.task, data.user_id, event.timestamp),
  // A listed task stands for its assignment to the chosen user, else to its first assignee.
  fromRecord: (task, bundle) => {
    const chosen = task.assigned_to.find((id) => String(id) === String(bundle.inputData.user_id));
    return taskAssignedOutput(task, chosen || task.assigned_to[0], task.created_at);
  },
  keep: (output, bundle) => !bundle.inputData.user_id || String(output.assigned_user_id) === String(bundle.inputData.user_id),
  sample: taskAssignedOutput(samples.task, 1, samples.task.updated_at),
});

const TRIGGERS = [
  contactCreated,
  contactUpdated,
  leadCreated,
  dealCreated,
  dealStageChanged,
  invoiceCreated,
  invoicePaid,
  invoiceOverdue,
  projectCompleted,
  taskAssigned,
];

module.exports = Object.fromEntries(TRIGGERS.map((trigger) => [trigger.key, trigger]));
