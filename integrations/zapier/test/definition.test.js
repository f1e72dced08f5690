'use strict';

// The definition as Zapier's own validator sees it, and the pieces that need no server:
// Standard Webhooks signatures (against the specification's vector) and base URLs.

const assert = require('node:assert/strict');
const zapier = require('zapier-platform-core');

const { normalizeBaseUrl } = require('../src/api');
const { buildApp } = require('../src/app');
const { sign, verifySignature } = require('../src/webhooks');

// Standard Webhooks' published test vector.
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const vectorHeaders = (signature = VECTOR.signature) => ({
  'Http-Webhook-Id': VECTOR.id,
  'Http-Webhook-Timestamp': String(VECTOR.timestamp),
  'Http-Webhook-Signature': signature,
});

describe('definition', () => {
  for (const kind of ['api_key', 'oauth2']) {
    it(`passes Zapier's schema validation with ${kind} authentication`, async () => {
      const handler = zapier.createAppHandler(buildApp(kind));
      const { results } = await handler({ command: 'validate' });
      assert.deepEqual(results, []);
    });
  }

  it('has the triggers, actions and searches the integration promises', () => {
    const app = buildApp('api_key');
    const hooks = Object.values(app.triggers).filter((t) => t.operation.type === 'hook');
    assert.deepEqual(hooks.map((t) => t.key).sort(), [
      'contact_created', 'contact_updated', 'deal_created', 'deal_stage_changed', 'invoice_created',
      'invoice_overdue', 'invoice_paid', 'lead_created', 'project_completed', 'task_assigned',
    ]);
    for (const hook of hooks) {
      assert.equal(typeof hook.operation.performList, 'function', `${hook.key} has a polling fallback`);
      assert.ok(hook.operation.sample.id, `${hook.key} has a sample with an id`);
    }
    assert.deepEqual(Object.keys(app.creates).sort(), [
      'create_contact', 'create_customer', 'create_deal', 'create_invoice', 'create_lead', 'create_task', 'create_ticket',
      'update_contact', 'update_customer', 'update_deal', 'update_invoice', 'update_lead', 'update_task', 'update_ticket',
    ]);
    assert.deepEqual(Object.keys(app.searches).sort(), ['find_contact', 'find_customer', 'find_invoice']);
    assert.deepEqual(Object.keys(app.searchOrCreates).sort(), ['find_contact', 'find_customer']);
  });

  it('refuses an unknown authentication kind', () => {
    assert.throws(() => buildApp('basic'), /Unknown authentication/);
  });
});

describe('webhook signatures', () => {
  it("signs as Standard Webhooks' test vector says", () => {
    assert.equal(`v1,${sign(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)}`, VECTOR.signature);
  });

  it('accepts the vector within the replay window, with Zapier-style or plain headers', () => {
    const now = VECTOR.timestamp + 60;
    verifySignature({ secret: VECTOR.secret, headers: vectorHeaders(), rawBody: VECTOR.body, now });
    verifySignature({
      secret: VECTOR.secret,
      headers: { 'webhook-id': VECTOR.id, 'webhook-timestamp': String(VECTOR.timestamp), 'webhook-signature': VECTOR.signature },
      rawBody: VECTOR.body,
      now,
    });
  });

  it('accepts any one valid signature of several (a secret rotation)', () => {
    verifySignature({
      secret: VECTOR.secret,
      headers: vectorHeaders(`v1,c29tZXRoaW5nIGVsc2UgZW50aXJlbHkgZGlmZmVyZW50IQ== ${VECTOR.signature}`),
      rawBody: VECTOR.body,
      now: VECTOR.timestamp,
    });
  });

  it('refuses a changed body, another secret, an old or future timestamp and missing headers', () => {
    const now = VECTOR.timestamp;
    const check = (overrides) => () =>
      verifySignature({ secret: VECTOR.secret, headers: vectorHeaders(), rawBody: VECTOR.body, now, ...overrides });
    assert.throws(check({ rawBody: '{"test": 2432232315}' }), /no signature matches/);
    assert.throws(check({ secret: 'whsec_QUJDREVGR0hJSktMTU5PUA==' }), /no signature matches/);
    assert.throws(check({ now: VECTOR.timestamp + 301 }), /5-minute window/);
    assert.throws(check({ now: VECTOR.timestamp - 301 }), /5-minute window/);
    assert.throws(check({ headers: { 'Http-Webhook-Id': VECTOR.id } }), /missing/);
    assert.throws(check({ headers: vectorHeaders('v2,' + VECTOR.signature.slice(3)) }), /no signature matches/);
  });
});

describe('base URL', () => {
  it('keeps the origin and a path prefix, without trailing slashes, https by default', () => {
    assert.equal(normalizeBaseUrl(' https://worktop.example.com/ '), 'https://worktop.example.com');
    assert.equal(normalizeBaseUrl('worktop.example.com'), 'https://worktop.example.com');
    assert.equal(normalizeBaseUrl('http://127.0.0.1:8080//'), 'http://127.0.0.1:8080');
    assert.equal(normalizeBaseUrl('https://example.com/worktop/'), 'https://example.com/worktop');
  });

  it('refuses a missing or malformed base URL', () => {
    assert.throws(() => normalizeBaseUrl(''), /missing/);
    assert.throws(() => normalizeBaseUrl('http://exa mple.com'), /not a URL/);
  });
});
