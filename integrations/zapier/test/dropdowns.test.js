'use strict';

// The hidden triggers behind the dropdowns answer {id, name} choices, the same records the API
// lists, page by page.

const assert = require('node:assert/strict');

const { App, appTester, bundleWith, get, post, unique } = require('./helpers');
const { fixtures } = require('./fixtures');

const choices = (key, inputData = {}, page = 0) =>
  appTester(App.triggers[key].operation.perform, { ...bundleWith(inputData), meta: { page } });

// The ids of every page of a dropdown, as Zapier reads it while the user scrolls.
const allChoiceIds = async (key, inputData) => {
  const ids = [];
  for (let page = 0; page < 20; page += 1) {
    const batch = await choices(key, inputData, page);
    ids.push(...batch.map((choice) => choice.id));
    if (batch.length < 100) {
      return ids;
    }
  }
  return ids;
};

describe('dropdowns', () => {
  let fx;
  before(async () => {
    fx = await fixtures();
    // A fresh workspace may have none of these yet: one of each, so every dropdown has a choice.
    if ((await get('/api/support-ticket/categories?per_page=1')).data.length === 0) {
      await post('/api/support-ticket/category/create', { name: unique('Billing') });
    }
    if ((await get('/api/warehouse?per_page=1')).data.length === 0) {
      await post('/api/warehouse/create', { name: unique('North warehouse') });
    }
  });

  const cases = [
    ['pipeline_list', '/api/pipelines'],
    ['user_list', '/api/users'],
    ['customer_list', '/api/v1/customers'],
    ['project_list', '/api/projects'],
    ['task_stage_list', '/api/project/task-stages'],
    ['ticket_category_list', '/api/support-ticket/categories'],
    ['warehouse_list', '/api/warehouse'],
  ];
  for (const [key, path] of cases) {
    it(`${key} lists the records of ${path} as choices`, async () => {
      const listed = await choices(key);
      assert.ok(listed.length > 0, 'at least one choice');
      for (const choice of listed) {
        assert.equal(typeof choice.id, 'number');
        assert.equal(typeof choice.name, 'string');
        assert.ok(choice.name.length > 0);
      }
      const direct = await get(`${path}?sort=id&per_page=100`);
      assert.deepEqual(listed.map((choice) => choice.id), direct.data.map((record) => record.id));
    });
  }

  it('user_list names each user with their e-mail', async () => {
    const listed = await choices('user_list');
    const me = listed.find((choice) => choice.id === fx.me.id);
    assert.ok(me, 'the key owner is a choice');
    assert.equal(me.name, `${fx.me.name} <${fx.me.email}>`);
  });

  it('lead_stage_list and deal_stage_list list the stages of the chosen pipeline only', async () => {
    // A second pipeline with a stage of each kind, which the first pipeline's lists must leave out.
    const other = await post('/api/pipeline/create', { name: unique('Enterprise') });
    const otherLead = await post('/api/lead-stage/create', { name: unique('Qualified'), pipeline_id: other.id });
    const otherDeal = await post('/api/deal-stage/create', { name: unique('Negotiation'), pipeline_id: other.id });
    const sorted = (ids) => [...ids].sort((a, b) => a - b);

    const leadStages = await choices('lead_stage_list', { pipeline_id: fx.pipeline.id });
    assert.deepEqual(sorted(leadStages.map((c) => c.id)), sorted(fx.leadStages.map((s) => s.id)));
    const dealStages = await choices('deal_stage_list', { pipeline_id: fx.pipeline.id });
    assert.deepEqual(sorted(dealStages.map((c) => c.id)), sorted(fx.dealStages.map((s) => s.id)));
    assert.equal(dealStages.find((c) => c.id === fx.dealStages[0].id).name, fx.dealStages[0].name);

    const otherLeadStages = await choices('lead_stage_list', { pipeline_id: other.id });
    assert.ok(otherLeadStages.map((c) => c.id).includes(otherLead.id));
    assert.ok(!otherLeadStages.some((c) => fx.leadStages.some((s) => s.id === c.id)));
    const otherDealStages = await choices('deal_stage_list', { pipeline_id: other.id });
    assert.ok(otherDealStages.map((c) => c.id).includes(otherDeal.id));
    assert.ok(!otherDealStages.some((c) => fx.dealStages.some((s) => s.id === c.id)));
  });

  it('product_list offers the active products, the fixture among them', async () => {
    const ids = await allChoiceIds('product_list');
    assert.ok(ids.includes(fx.product.id), 'the product made for this run is a choice');
    const inactive = await post('/api/product/create', { name: unique('Retired'), sku: unique('OLD'), type: 'service', is_active: false });
    assert.ok(!(await allChoiceIds('product_list')).includes(inactive.id), 'an inactive product is not a choice');
  });

  it('a page past the end is empty', async () => {
    assert.deepEqual(await choices('pipeline_list', {}, 999), []);
  });
});
