'use strict';

// The workspace's own fields (GET /api/custom-fields) as Zapier input fields, and back into the
// `custom_fields` object a create or update body takes.

const { listRecords } = require('./api');

// Input keys of custom fields carry this prefix so they never collide with a record's own fields.
const PREFIX = 'custom_fields__';

// Zapier's field type for each custom field type; dates go through Zapier's date parsing.
const ZAPIER_TYPES = {
  text: 'string',
  long_text: 'text',
  number: 'number',
  money: 'number',
  date: 'datetime',
  datetime: 'datetime',
  boolean: 'boolean',
  select: 'string',
  multi_select: 'string',
  url: 'string',
  email: 'string',
  phone: 'string',
  user: 'integer',
  reference: 'integer',
};

const asZapierField = (field, { forUpdate }) => {
  const input = {
    key: `${PREFIX}${field.key}`,
    label: field.label,
    type: ZAPIER_TYPES[field.type] || 'string',
    // A required field must be given on create; an update leaves out what it does not change.
    required: Boolean(field.required) && !forUpdate,
    helpText: field.help_text || `Custom field \`${field.key}\` (${field.type}).`,
  };
  if (field.type === 'select' || field.type === 'multi_select') {
    input.choices = field.options;
  }
  if (field.type === 'multi_select') {
    input.list = true;
  }
  if (field.type === 'user') {
    input.dynamic = 'user_list.id.name';
  }
  return input;
};

// Reads every custom field of `resource` (crm_contact, crm_lead, ...), a page of 100 at a time.
const fetchDefinitions = async (z, bundle, resource) => {
  const definitions = [];
  let cursor;
  do {
    const { records, nextCursor } = await listRecords(z, bundle, 'customFields', {
      filters: { resource },
      sort: 'position',
      perPage: 100,
      cursor,
    });
    definitions.push(...records);
    cursor = nextCursor;
  } while (cursor);
  return definitions;
};

// A dynamic inputFields entry: the custom fields of `resource` when the Zap editor asks.
const customFieldInputs = (resource, { forUpdate = false } = {}) => {
  const fields = async (z, bundle) => {
    const definitions = await fetchDefinitions(z, bundle, resource);
    return definitions.map((field) => asZapierField(field, { forUpdate }));
  };
  return fields;
};

const toBoolean = (value) => {
  if (typeof value === 'boolean') {
    return value;
  }
  return ['true', 'yes', '1', 'on'].includes(String(value).trim().toLowerCase());
};

// Zapier hands every input as it was typed or mapped; each is sent as the type the field takes.
const convertValue = (value, type) => {
  switch (type) {
    case 'number':
    case 'money':
      return Number(value);
    case 'user':
    case 'reference':
      return Number.parseInt(value, 10);
    case 'boolean':
      return toBoolean(value);
    case 'date':
      // Zapier gives an ISO date-time for a date field; the API takes YYYY-MM-DD.
      return String(value).slice(0, 10);
    case 'multi_select':
      return Array.isArray(value) ? value : String(value).split(',').map((item) => item.trim());
    default:
      return value;
  }
};

// The `custom_fields` body for the inputs that carry the prefix; undefined when there are none.
// Types come from the definitions (read again: the editor's fields may be stale).
const customFieldValues = async (z, bundle, resource) => {
  const given = Object.entries(bundle.inputData || {}).filter(
    ([key, value]) => key.startsWith(PREFIX) && value !== undefined && value !== null && value !== '',
  );
  if (given.length === 0) {
    return undefined;
  }
  const definitions = await fetchDefinitions(z, bundle, resource);
  const typeOf = Object.fromEntries(definitions.map((field) => [field.key, field.type]));
  const values = {};
  for (const [key, value] of given) {
    const name = key.slice(PREFIX.length);
    values[name] = convertValue(value, typeOf[name] || 'text');
  }
  return values;
};

module.exports = { PREFIX, customFieldInputs, customFieldValues, convertValue };
