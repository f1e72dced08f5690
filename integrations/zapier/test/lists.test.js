'use strict';

// How lists are read (src/api.js): the triggers' polls sort by last change where the event is a
// change, `updated_since` and `created_since` narrow a list, and every list is asked only what
// docs/openapi.json documents for it (the server refuses an undocumented query parameter).

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const { App, api, appTester, bundleWith, post, unique, uniqueEmail } = require('./helpers');
const { LISTS, listRecords, toRfc3339 } = require('../src/api');

const trigger = (key) => App.triggers[key].operation;
const poll = (key, inputData = {}) => appTester(trigger(key).performList, bundleWith(inputData));
const list = (name, options) => appTester((z, bundle) => listRecords(z, bundle, name, options), bundleWith());
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// The API keeps times to the second: records made a second apart sort apart.
const nextSecond = () => pause(1100);

describe('lists', function () {
  this.timeout(30000);

  describe('polls sort by last change; updated_since and created_since', () => {
    const tag = unique('poll').toLowerCase();
    const ids = (records) => records.map((record) => record.id);
    let older;
    let newer;
    let changed;

    before(async () => {
      older = await post('/api/v1/contacts', { name: 'Older Contact', email: uniqueEmail('older'), tags: [tag] });
      await nextSecond();
      newer = await post('/api/v1/contacts', { name: 'Newer Contact', email: uniqueEmail('newer'), tags: [tag] });
      await nextSecond();
      // The older contact changes after the newer one was made.
      changed = (await api('PATCH', `/api/v1/contacts/${older.id}`, { phone: '+1 555 0142' })).data;
      assert.equal(changed.version, older.version + 1);
      assert.ok(changed.updated_at > newer.updated_at, 'the change is a second after the newer contact');
    });

    it("contact_updated's poll lists the contact changed last first, as its hook would give it", async () => {
      const outputs = await poll('contact_updated');
      assert.equal(outputs[0].contact_id, older.id);
      assert.equal(outputs[0].id, `${older.id}-${changed.version}`);
      assert.equal(outputs[0].phone, '+1 555 0142');
      assert.equal(outputs[0].occurred_at, changed.updated_at);
      assert.equal(outputs[0].event_type, 'contact.updated');
      const contactIds = outputs.map((output) => output.contact_id);
      assert.ok(contactIds.indexOf(newer.id) > 0, 'the newer, unchanged contact comes after it');
      const times = outputs.map((output) => output.updated_at);
      assert.deepEqual(times, [...times].sort().reverse(), 'most recently changed first');
    });

    it('each change of a contact is a new item of the poll (its id changes with the version)', async () => {
      const before = (await poll('contact_updated'))[0];
      await nextSecond();
      changed = (await api('PATCH', `/api/v1/contacts/${older.id}`, { phone: '+1 555 0143' })).data;
      const after = (await poll('contact_updated'))[0];
      assert.equal(after.contact_id, older.id);
      assert.equal(after.id, `${older.id}-${changed.version}`);
      assert.notEqual(after.id, before.id, 'Zapier dedupes by id: a new id is a new trigger item');
    });

    it("contact_created's poll stays newest created first: a change does not bring a contact forward", async () => {
      const outputs = await poll('contact_created');
      const contactIds = outputs.map((output) => output.id);
      assert.equal(contactIds[0], newer.id);
      assert.ok(contactIds.indexOf(older.id) > 0, 'the changed, older contact comes after the newer one');
    });

    it('updated_since lists the records changed at or after a time', async () => {
      const { records } = await list('contacts', { filters: { tag }, updatedSince: changed.updated_at });
      assert.deepEqual(ids(records), [older.id]);
      const all = await list('contacts', { filters: { tag }, updatedSince: older.created_at });
      assert.deepEqual(ids(all.records).sort((a, b) => a - b), [older.id, newer.id]);
    });

    it('created_since lists the records made at or after a time, given in any offset', async () => {
      const { records } = await list('contacts', { filters: { tag }, createdSince: newer.created_at });
      assert.deepEqual(ids(records), [newer.id]);
      // The same instant two hours east of UTC, and as a Date.
      const instant = new Date(newer.created_at);
      const east = new Date(instant.getTime() + 2 * 3600000).toISOString().replace(/\.\d{3}Z$/, '+02:00');
      assert.deepEqual(ids((await list('contacts', { filters: { tag }, createdSince: east })).records), [newer.id]);
      assert.deepEqual(ids((await list('contacts', { filters: { tag }, createdSince: instant })).records), [newer.id]);
    });

    it('sorts by last change either way; without a sort a list is oldest first', async () => {
      assert.deepEqual(ids((await list('contacts', { filters: { tag }, newest: 'updated' })).records), [older.id, newer.id]);
      assert.deepEqual(ids((await list('contacts', { filters: { tag }, sort: 'updated_at' })).records), [newer.id, older.id]);
      assert.deepEqual(ids((await list('contacts', { filters: { tag }, newest: 'created' })).records), [newer.id, older.id]);
      assert.deepEqual(ids((await list('contacts', { filters: { tag } })).records), [older.id, newer.id]);
    });

    it('every poll about a change lists the most recently changed first; the others the newest created', async () => {
      const byUpdate = ['contact_updated', 'deal_stage_changed', 'invoice_paid', 'invoice_overdue', 'project_completed'];
      for (const key of Object.keys(App.triggers).filter((k) => App.triggers[k].operation.type === 'hook')) {
        const field = byUpdate.includes(key) ? 'updated_at' : 'created_at';
        const outputs = await poll(key);
        const times = outputs.map((output) => output[field]);
        assert.deepEqual(times, [...times].sort().reverse(), `${key}: newest ${field} first`);
      }
    });
  });

  it("every list answers each time sort, updated_since and created_since it says it takes", async () => {
    // The server refuses a query parameter a list does not take (422): each list is asked for
    // its newest records as the app asks, narrowed to a time far in the past.
    const since = '2000-01-01T00:00:00Z';
    for (const [name, spec] of Object.entries(LISTS)) {
      for (const field of spec.sorts) {
        const newest = field === 'updated_at' ? 'updated' : 'created';
        const options = { newest, perPage: 1, ...(spec.since ? { updatedSince: since, createdSince: since } : {}) };
        const { records } = await list(name, options);
        assert.ok(Array.isArray(records), `${name} sorted by -${field}`);
      }
    }
  });

  it('refuses, before any request, what a list does not take', async () => {
    await assert.rejects(list('tasks', { updatedSince: '2026-03-01T09:30:00Z' }), /no created_since or updated_since/);
    await assert.rejects(list('tasks', { cursor: 'abc' }), /pages by page/);
  });

  it('sends times as RFC 3339 in UTC, to the second', () => {
    assert.equal(toRfc3339('2026-03-01T11:30:00+02:00'), '2026-03-01T09:30:00Z');
    assert.equal(toRfc3339('2026-03-01T09:30:00.987Z'), '2026-03-01T09:30:00Z');
    assert.equal(toRfc3339(new Date(Date.UTC(2026, 2, 1, 9, 30, 5))), '2026-03-01T09:30:05Z');
    assert.equal(toRfc3339(Date.UTC(2026, 2, 1)), '2026-03-01T00:00:00Z');
    assert.throws(() => toRfc3339('last tuesday'), /not a date and time/);
  });

  it('the table says what docs/openapi.json documents for each list', function () {
    const file = path.resolve(__dirname, '../../../docs/openapi.json');
    if (!fs.existsSync(file)) {
      this.skip();
    }
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    const resolve = (node) => {
      if (node && node.$ref) {
        return resolve(node.$ref.split('/').slice(1).reduce((at, key) => at[key], doc));
      }
      return node;
    };
    for (const [name, spec] of Object.entries(LISTS)) {
      const operation = doc.paths[spec.path] && doc.paths[spec.path][(spec.method || 'GET').toLowerCase()];
      assert.ok(operation, `${name}: ${spec.method || 'GET'} ${spec.path} is documented`);
      let takes;
      let sorts;
      if (spec.method === 'POST') {
        const schema = resolve(resolve(operation.requestBody).content['application/json'].schema);
        takes = Object.keys(schema.properties);
        sorts = schema.properties.sort.enum;
      } else {
        const parameters = (operation.parameters || []).map(resolve);
        takes = parameters.map((parameter) => parameter.name);
        sorts = parameters.find((parameter) => parameter.name === 'sort').schema.enum;
      }
      for (const field of spec.sorts) {
        assert.ok(sorts.includes(field) && sorts.includes(`-${field}`), `${name} takes sort=-${field}`);
      }
      for (const field of ['created_at', 'updated_at']) {
        assert.equal(spec.sorts.includes(field), sorts.includes(`-${field}`), `${name}: sorts names -${field} as documented`);
      }
      for (const parameter of ['created_since', 'updated_since']) {
        assert.equal(takes.includes(parameter), spec.since, `${name}: since says whether it takes ${parameter}`);
      }
      assert.equal(takes.includes('cursor'), spec.cursor, `${name}: cursor says whether it takes cursor`);
      for (const parameter of ['per_page', 'page', 'search']) {
        assert.ok(takes.includes(parameter), `${name} takes ${parameter}`);
      }
    }
  });
});
