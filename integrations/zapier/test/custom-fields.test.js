'use strict';

// The workspace's custom fields appear as inputs of the actions on their kind of record, typed,
// and what the Zap gives them is stored in the record's custom_fields.

const assert = require('node:assert/strict');

const { App, api, appTester, bundleWith, get, post, unique } = require('./helpers');
const { fixtures } = require('./fixtures');

const inputFieldsOf = (key, inputData = {}) => appTester(App.creates[key].operation.inputFields, bundleWith(inputData));

describe('custom fields as dynamic inputs', () => {
  const made = [];
  // zap_<label>_k_<run>_<hex>: what fixtures.js removes when an interrupted run left one.
  const keyFor = (label) => `zap_${label}_${unique('k').replace(/[^a-z0-9]/g, '_')}`;
  let fx;
  let select;
  let amount;
  let flags;
  let vip;
  let contactNote;

  before(async () => {
    fx = await fixtures();
    const create = async (body) => {
      const field = await post('/api/custom-fields', body);
      made.push(field);
      return field;
    };
    select = await create({ resource: 'crm_deal', key: keyFor('tier'), label: 'Tier', type: 'select', options: ['Gold', 'Silver'] });
    amount = await create({ resource: 'crm_deal', key: keyFor('seats'), label: 'Seats', type: 'number' });
    flags = await create({ resource: 'crm_deal', key: keyFor('regions'), label: 'Regions', type: 'multi_select', options: ['EU', 'US', 'APAC'] });
    vip = await create({ resource: 'crm_deal', key: keyFor('vip'), label: 'VIP', type: 'boolean' });
    contactNote = await create({ resource: 'crm_contact', key: keyFor('source'), label: 'Source', type: 'text', required: true });
  });

  after(async () => {
    for (const field of made) {
      await api('DELETE', `/api/custom-fields/${field.id}`, undefined, { expect: [200, 404] });
    }
  });

  it('create_deal offers the deal fields made through the API, typed, with their choices', async () => {
    const fields = await inputFieldsOf('create_deal');
    const byKey = Object.fromEntries(fields.map((field) => [field.key, field]));
    assert.ok(byKey.name, "the deal's own fields are still there");
    assert.deepEqual(byKey[`custom_fields__${select.key}`].choices, ['Gold', 'Silver']);
    assert.equal(byKey[`custom_fields__${select.key}`].label, 'Tier');
    assert.equal(byKey[`custom_fields__${amount.key}`].type, 'number');
    assert.equal(byKey[`custom_fields__${flags.key}`].list, true);
    assert.equal(byKey[`custom_fields__${vip.key}`].type, 'boolean');
    assert.equal(byKey[`custom_fields__${contactNote.key}`], undefined, "a contact's field is not a deal's");
  });

  it("a required custom field is required on create, optional on update", async () => {
    const create = (await inputFieldsOf('create_contact')).find((f) => f.key === `custom_fields__${contactNote.key}`);
    const update = (await inputFieldsOf('update_contact')).find((f) => f.key === `custom_fields__${contactNote.key}`);
    assert.equal(create.required, true);
    assert.equal(update.required, false);
  });

  it('values given to custom-field inputs are stored on the record, as their types', async () => {
    const deal = await appTester(
      App.creates.create_deal.operation.perform,
      bundleWith({
        name: unique('Custom deal'),
        pipeline_id: fx.pipeline.id,
        [`custom_fields__${select.key}`]: 'Gold',
        [`custom_fields__${amount.key}`]: '42',
        [`custom_fields__${flags.key}`]: ['EU', 'APAC'],
        [`custom_fields__${vip.key}`]: 'true',
      }),
    );
    const read = await get(`/api/deal/show/${deal.id}`);
    assert.equal(read.custom_fields[select.key], 'Gold');
    assert.equal(read.custom_fields[amount.key], 42);
    assert.deepEqual(read.custom_fields[flags.key], ['EU', 'APAC']);
    assert.equal(read.custom_fields[vip.key], true);

    await appTester(App.creates.update_deal.operation.perform, bundleWith({ deal_id: deal.id, [`custom_fields__${select.key}`]: 'Silver' }));
    const updated = await get(`/api/deal/show/${deal.id}`);
    assert.equal(updated.custom_fields[select.key], 'Silver');
    assert.equal(updated.custom_fields[amount.key], 42, 'a custom field not given is unchanged');
  });

  it('create_contact stores its required custom field', async () => {
    const contact = await appTester(
      App.creates.create_contact.operation.perform,
      bundleWith({ name: 'Katherine Johnson', [`custom_fields__${contactNote.key}`]: 'Trade fair' }),
    );
    assert.equal((await get(`/api/v1/contacts/${contact.id}`)).custom_fields[contactNote.key], 'Trade fair');
  });
});
