'use strict';

// Each instant trigger end to end: it subscribes a local receiver (standing in for Zapier), the
// event is caused through the API, the signed delivery arrives and verifies, the trigger's perform
// turns it into the Zap's fields, its polling fallback lists the record, and unsubscribing removes
// the webhook.

const assert = require('node:assert/strict');

const { App, api, appTester, bundleWith, day, get, post, unique, uniqueEmail } = require('./helpers');
const { fixtures, makeInvoice } = require('./fixtures');
const { asZapierHeaders, startReceiver } = require('./receiver');
const { verifySignature } = require('../src/webhooks');

const trigger = (key) => App.triggers[key].operation;

// The bundle Zapier gives perform for a delivery: the raw request and its parsed body.
const deliveryBundle = (delivery, subscribeData, inputData = {}) =>
  bundleWith(inputData, {
    subscribeData,
    rawRequest: { method: 'POST', headers: asZapierHeaders(delivery.headers), content: delivery.raw, querystring: '' },
    cleanedRequest: delivery.body,
  });

describe('instant triggers', function () {
  this.timeout(60000);

  let fx;
  let receiver;
  const subscriptions = {};
  const inputs = {};
  // What each trigger's event was caused on, to find its delivery and check its output.
  const caused = {};

  const subscribe = async (key, inputData = {}) => {
    inputs[key] = inputData;
    subscriptions[key] = await appTester(trigger(key).performSubscribe, bundleWith(inputData, { targetUrl: receiver.url(key) }));
  };

  const deliveryFor = (key, matches) =>
    receiver.waitFor((d) => d.path === `/${key}` && d.body && matches(d.body), 30000, `${key} delivery`);

  before(async () => {
    fx = await fixtures();
    receiver = await startReceiver();
    const target = fx.dealStages[2];
    for (const key of ['contact_created', 'contact_updated', 'lead_created', 'deal_created', 'invoice_created',
      'invoice_paid', 'invoice_overdue', 'project_completed']) {
      await subscribe(key);
    }
    await subscribe('deal_stage_changed', { pipeline_id: fx.pipeline.id, stage_id: target.id });
    await subscribe('task_assigned', { user_id: fx.me.id });

    // The events, one each.
    caused.contact = await post('/api/v1/contacts', { name: 'Mary Jackson', email: uniqueEmail('mary') });
    caused.updatedContact = (await api('PATCH', `/api/v1/contacts/${caused.contact.id}`, { phone: '+1 555 0100' })).data;
    caused.lead = await post('/api/lead/create', { name: 'Lead Person', email: uniqueEmail('lead') });
    caused.deal = await post('/api/deal/create', { name: unique('Deal'), pipeline_id: fx.pipeline.id, stage_id: fx.dealStages[0].id });
    caused.movedDeal = await post(`/api/deal/update/${caused.deal.id}`, { stage_id: target.id });
    caused.draft = await makeInvoice();
    // Posted with its due date passed: overdue at once.
    caused.overdue = await makeInvoice({ post: true, invoiceDate: day(-40), dueDate: day(-10) });
    const toPay = await makeInvoice({ post: true });
    await post('/api/customer-payments/create', {
      customer_id: fx.customer.id,
      bank_account_id: fx.bank.id,
      amount: toPay.total_amount,
      allocations: [{ invoice_id: toPay.id, amount: toPay.total_amount }],
    });
    caused.paid = await get(`/api/v1/invoices/${toPay.id}`);
    const project = await post('/api/v1/projects', { name: unique('Finished project'), members: [fx.me.id] });
    caused.project = await post('/api/lite/project-status-update', { id: project.id, status: 'finished' });
    caused.task = await post(`/api/project/${fx.project.id}/task/create`, { title: unique('Task'), assigned_to: [fx.me.id] });
  });

  after(async () => {
    // Whatever a failed test left subscribed.
    for (const data of Object.values(subscriptions)) {
      await api('DELETE', `/api/v1/webhooks/${data.id}`, undefined, { expect: [200, 404] });
    }
    if (receiver) {
      await receiver.close();
    }
  });

  it('subscribing registers one webhook per Zap, for its event, at its URL', async () => {
    for (const [key, data] of Object.entries(subscriptions)) {
      assert.equal(typeof data.id, 'number', `${key}: a webhook id`);
      assert.match(data.secret, /^whsec_/, `${key}: the signing secret is kept`);
      const webhook = await get(`/api/v1/webhooks/${data.id}`);
      assert.equal(webhook.url, receiver.url(key));
      assert.deepEqual(webhook.events, [App.triggers[key].operation.sample.event_type]);
      assert.equal(webhook.enabled, true);
    }
  });

  // Each case: the trigger, the delivery it waits for, and what its output must say.
  const cases = [
    ['contact_created', (b) => b.data.id === caused.contact.id, (out) => {
      assert.equal(out.id, caused.contact.id);
      assert.equal(out.name, 'Mary Jackson');
      assert.equal(out.email, caused.contact.email);
    }],
    ['contact_updated', (b) => b.data.id === caused.contact.id, (out) => {
      assert.equal(out.id, `${caused.contact.id}-${caused.updatedContact.version}`);
      assert.equal(out.contact_id, caused.contact.id);
      assert.equal(out.phone, '+1 555 0100');
    }],
    ['lead_created', (b) => b.data.id === caused.lead.id, (out) => {
      assert.equal(out.id, caused.lead.id);
      assert.equal(out.email, caused.lead.email);
      assert.equal(out.pipeline_id, caused.lead.pipeline_id);
    }],
    ['deal_created', (b) => b.data.id === caused.deal.id, (out) => {
      assert.equal(out.id, caused.deal.id);
      assert.equal(out.name, caused.deal.name);
    }],
    ['deal_stage_changed', (b) => b.data.deal.id === caused.deal.id, (out) => {
      assert.equal(out.id, `${caused.deal.id}-${caused.movedDeal.version}`);
      assert.equal(out.deal_id, caused.deal.id);
      assert.equal(out.from_stage_id, fx.dealStages[0].id);
      assert.equal(out.to_stage_id, fx.dealStages[2].id);
      assert.equal(out.stage_id, fx.dealStages[2].id);
    }],
    ['invoice_created', (b) => b.data.id === caused.draft.id, (out) => {
      assert.equal(out.id, caused.draft.id);
      assert.equal(out.status, 'draft');
      assert.equal(out.total_amount, caused.draft.total_amount);
    }],
    ['invoice_overdue', (b) => b.data.id === caused.overdue.id, (out) => {
      assert.equal(out.invoice_id, caused.overdue.id);
      assert.equal(out.status, 'overdue');
      assert.equal(out.invoice_number, caused.overdue.invoice_number);
      assert.equal(out.balance_amount, caused.overdue.total_amount);
    }],
    ['invoice_paid', (b) => b.data.id === caused.paid.id, (out) => {
      assert.equal(out.id, caused.paid.id);
      assert.equal(out.status, 'paid');
      assert.equal(out.balance_amount, 0);
      assert.equal(out.paid_amount, caused.paid.total_amount);
    }],
    ['project_completed', (b) => b.data.id === caused.project.id, (out) => {
      assert.equal(out.id, caused.project.id);
      assert.equal(out.status, 'finished');
      assert.ok(out.finished_at);
    }],
    ['task_assigned', (b) => b.data.task.id === caused.task.id, (out) => {
      assert.equal(out.task_id, caused.task.id);
      assert.equal(out.assigned_user_id, fx.me.id);
      assert.equal(out.title, caused.task.title);
      assert.equal(out.id, `${caused.task.id}-${caused.task.version}-${fx.me.id}`);
    }],
  ];

  for (const [key, matches, check] of cases) {
    it(`${key}: the signed delivery verifies and perform gives the record's fields`, async () => {
      const delivery = await deliveryFor(key, matches);
      const eventType = App.triggers[key].operation.sample.event_type;
      assert.equal(delivery.body.type, eventType);
      assert.equal(delivery.headers['webhook-id'], delivery.body.id);
      verifySignature({ secret: subscriptions[key].secret, headers: delivery.headers, rawBody: delivery.raw });

      const outputs = await appTester(trigger(key).perform, deliveryBundle(delivery, subscriptions[key], inputs[key]));
      assert.equal(outputs.length, 1);
      assert.equal(outputs[0].event_type, eventType);
      assert.equal(outputs[0].occurred_at, delivery.body.timestamp);
      check(outputs[0]);
    });
  }

  it('perform halts on a delivery whose body was changed after signing', async () => {
    const delivery = await deliveryFor('contact_created', (b) => b.data.id === caused.contact.id);
    const forged = { ...delivery, raw: delivery.raw.replace('Mary Jackson', 'Mallory Jackson') };
    assert.notEqual(forged.raw, delivery.raw);
    await assert.rejects(
      appTester(trigger('contact_created').perform, deliveryBundle(forged, subscriptions.contact_created)),
      /did not verify: no signature matches/,
    );
    const otherSecret = { ...subscriptions.contact_created, secret: subscriptions.lead_created.secret };
    await assert.rejects(appTester(trigger('contact_created').perform, deliveryBundle(delivery, otherSecret)), /did not verify/);
  });

  it("deal_stage_changed leaves out moves into another stage than the one chosen", async () => {
    const delivery = await deliveryFor('deal_stage_changed', (b) => b.data.deal.id === caused.deal.id);
    const elsewhere = { pipeline_id: fx.pipeline.id, stage_id: fx.dealStages[1].id };
    assert.deepEqual(await appTester(trigger('deal_stage_changed').perform, deliveryBundle(delivery, subscriptions.deal_stage_changed, elsewhere)), []);
  });

  it("task_assigned leaves out another user's assignments", async () => {
    const delivery = await deliveryFor('task_assigned', (b) => b.data.task.id === caused.task.id);
    assert.deepEqual(await appTester(trigger('task_assigned').perform, deliveryBundle(delivery, subscriptions.task_assigned, { user_id: fx.me.id + 1000 })), []);
  });

  it("perform ignores the webhook's test ping (another event type)", async () => {
    await api('POST', `/api/v1/webhooks/${subscriptions.lead_created.id}/test`, undefined, { expect: [202] });
    const ping = await receiver.waitFor((d) => d.path === '/lead_created' && d.body && d.body.type === 'webhook.test', 30000, 'test ping');
    verifySignature({ secret: subscriptions.lead_created.secret, headers: ping.headers, rawBody: ping.raw });
    assert.deepEqual(await appTester(trigger('lead_created').perform, deliveryBundle(ping, subscriptions.lead_created)), []);
  });

  // The polling fallbacks: the newest records, shaped as the hooks' outputs, the one just made
  // among them.
  const listed = [
    ['contact_created', () => caused.contact.id, (out) => out.id],
    ['contact_updated', () => caused.contact.id, (out) => out.contact_id],
    ['lead_created', () => caused.lead.id, (out) => out.id],
    ['deal_created', () => caused.deal.id, (out) => out.id],
    ['deal_stage_changed', () => caused.deal.id, (out) => out.deal_id],
    ['invoice_created', () => caused.draft.id, (out) => out.id],
    ['invoice_overdue', () => caused.overdue.id, (out) => out.invoice_id],
    ['invoice_paid', () => caused.paid.id, (out) => out.id],
    ['project_completed', () => caused.project.id, (out) => out.id],
    ['task_assigned', () => caused.task.id, (out) => out.task_id],
  ];
  for (const [key, wantedId, recordIdOf] of listed) {
    it(`${key}: performList lists recent records, this run's among them`, async () => {
      const outputs = await appTester(trigger(key).performList, bundleWith(inputs[key]));
      assert.ok(outputs.length > 0);
      assert.ok(outputs.map(recordIdOf).includes(wantedId()), `record ${wantedId()} listed`);
      const sampleKeys = Object.keys(App.triggers[key].operation.sample).filter((k) => k !== 'occurred_at');
      for (const output of outputs) {
        assert.equal(output.event_type, App.triggers[key].operation.sample.event_type);
        for (const field of sampleKeys) {
          assert.ok(field in output, `${key} output has ${field}, as its sample and its hook do`);
        }
      }
    });
  }

  it('performList filters as its trigger does: invoices by status, deals by stage', async () => {
    const overdue = await appTester(trigger('invoice_overdue').performList, bundleWith());
    assert.ok(overdue.every((out) => out.status === 'overdue'));
    const paid = await appTester(trigger('invoice_paid').performList, bundleWith());
    assert.ok(paid.every((out) => out.status === 'paid'));
    const moved = await appTester(trigger('deal_stage_changed').performList, bundleWith(inputs.deal_stage_changed));
    assert.ok(moved.every((out) => out.to_stage_id === fx.dealStages[2].id));
  });

  it('unsubscribing deletes each webhook', async () => {
    for (const [key, data] of Object.entries(subscriptions)) {
      await appTester(trigger(key).performUnsubscribe, bundleWith(inputs[key], { subscribeData: data }));
      const after = await api('GET', `/api/v1/webhooks/${data.id}`, undefined, { expect: [404] });
      assert.equal(after.status, 404, `${key}: webhook ${data.id} is gone`);
      delete subscriptions[key];
    }
    // Unsubscribing again (a webhook already removed in Worktop) is not an error.
    await appTester(trigger('lead_created').performUnsubscribe, bundleWith({}, { subscribeData: { id: 999999999 } }));
  });
});
