'use strict';

// From the Zap's inputs to a request body. The API's update rule is "a field left out is
// unchanged, null clears it": an input the user left empty is left out, never sent as null.

const { convertValue, customFieldValues } = require('./custom-fields');

const isEmpty = (value) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

// Converters by the kind of value a body field takes.
const CONVERT = {
  string: (value) => String(value),
  number: (value) => Number(value),
  id: (value) => Number.parseInt(value, 10),
  idList: (value) => [].concat(value).flatMap((item) => String(item).split(',')).map((item) => Number.parseInt(item, 10)),
  list: (value) => [].concat(value).flatMap((item) => String(item).split(',')).map((item) => item.trim()).filter(Boolean),
  boolean: (value) => convertValue(value, 'boolean'),
  date: (value) => convertValue(value, 'date'),
};

// The body fields named in `spec` ({field: kind}) that the user filled in, converted.
const bodyFrom = (inputData, spec) => {
  const body = {};
  for (const [field, kind] of Object.entries(spec)) {
    const value = inputData[field];
    if (!isEmpty(value)) {
      body[field] = CONVERT[kind](value);
    }
  }
  return body;
};

// A required id input (the record an update changes), refused early when it is not a number.
const recordId = (inputData, field) => {
  const id = Number.parseInt(inputData[field], 10);
  if (!Number.isInteger(id) || id < 1) {
    throw new Error(`${field} must be a record id (a whole number), got "${inputData[field]}".`);
  }
  return id;
};

// The body of a create or update: the filled-in fields of `spec`, and the custom fields of
// `customResource` (crm_contact, ...) when the record kind has them.
const buildBody = async (z, bundle, spec, customResource) => {
  const body = bodyFrom(bundle.inputData, spec);
  if (customResource) {
    const custom = await customFieldValues(z, bundle, customResource);
    if (custom) {
      body.custom_fields = custom;
    }
  }
  return body;
};

module.exports = { bodyFrom, buildBody, isEmpty, recordId };
