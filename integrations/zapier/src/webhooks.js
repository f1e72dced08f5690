'use strict';

// REST hooks: a Zap turned on registers a Worktop webhook for its one event type at the Zap's URL
// (POST /api/v1/webhooks); turned off, it deletes it. Each delivery is signed (Standard Webhooks),
// checked here against the secret the registration answered before the Zap runs on it.

const crypto = require('crypto');

const { apiUrl, callApi } = require('./api');

// Seconds a delivery's webhook-timestamp may be from now (Standard Webhooks' replay window).
const TOLERANCE_SECONDS = 5 * 60;

const subscribe = async (z, bundle, eventType) => {
  const created = await callApi(z, bundle, {
    method: 'POST',
    path: '/api/v1/webhooks',
    body: { url: bundle.targetUrl, events: [eventType] },
  });
  // Kept by Zapier as bundle.subscribeData: the id to delete it, the secret to verify deliveries.
  return { id: created.id, secret: created.secret, events: created.events };
};

const unsubscribe = async (z, bundle) => {
  const id = bundle.subscribeData && bundle.subscribeData.id;
  if (!id) {
    return {};
  }
  const response = await z.request({
    url: apiUrl(bundle, `/api/v1/webhooks/${encodeURIComponent(id)}`),
    method: 'DELETE',
    skipThrowForStatus: true,
  });
  // Already gone (deleted in Worktop's settings, or disabled and removed) is what we wanted.
  if (response.status === 404) {
    return {};
  }
  response.throwForStatus();
  return response.data;
};

// A header as Zapier hands it: `Http-Webhook-Id` in a live hook's rawRequest, or as sent.
const headerValue = (headers, name) => {
  const wanted = [name.toLowerCase(), `http-${name.toLowerCase()}`];
  for (const [key, value] of Object.entries(headers || {})) {
    if (wanted.includes(key.toLowerCase())) {
      return Array.isArray(value) ? value.join(' ') : String(value);
    }
  }
  return undefined;
};

const secretKey = (secret) => {
  const raw = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  return Buffer.from(raw, 'base64');
};

// The v1 signature of a delivery: base64 HMAC-SHA256 of "<id>.<timestamp>.<body>".
const sign = (secret, id, timestamp, body) =>
  crypto.createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64');

// Throws unless the delivery carries a valid signature by `secret` within the replay window.
// `rawBody` is the body exactly as received.
const verifySignature = ({ secret, headers, rawBody, now = Date.now() / 1000 }) => {
  const id = headerValue(headers, 'webhook-id');
  const timestamp = headerValue(headers, 'webhook-timestamp');
  const signatures = headerValue(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new Error('missing webhook-id, webhook-timestamp or webhook-signature header');
  }
  if (!/^\d+$/.test(timestamp.trim())) {
    throw new Error('webhook-timestamp is not a number of seconds');
  }
  const sent = Number.parseInt(timestamp, 10);
  if (Math.abs(now - sent) > TOLERANCE_SECONDS) {
    throw new Error('webhook-timestamp is outside the 5-minute window');
  }
  const expected = Buffer.from(sign(secret, id, sent, rawBody));
  // During a secret rotation Worktop sends one signature per live secret, space-separated.
  const matched = signatures
    .trim()
    .split(/\s+/)
    .filter((candidate) => candidate.startsWith('v1,'))
    .map((candidate) => Buffer.from(candidate.slice(3)))
    .some((given) => given.length === expected.length && crypto.timingSafeEqual(given, expected));
  if (!matched) {
    throw new Error('no signature matches the subscription secret');
  }
};

// The delivery's event, verified when the subscription holds a secret and the raw request is at
// hand (always so for a live hook). A forged or replayed delivery halts the run: it is not data.
const verifiedEvent = (z, bundle) => {
  const secret = bundle.subscribeData && bundle.subscribeData.secret;
  const raw = bundle.rawRequest;
  if (secret && raw && typeof raw.content === 'string') {
    try {
      verifySignature({ secret, headers: raw.headers, rawBody: raw.content });
    } catch (error) {
      throw new z.errors.HaltedError(`Ignored a delivery that did not verify: ${error.message}`);
    }
    return JSON.parse(raw.content);
  }
  return bundle.cleanedRequest;
};

// A REST-hook trigger for one event type. `toOutput(data, event)` shapes the event's data as the
// Zap's fields; `fromRecord(record, bundle)` shapes a list record the same way for the samples
// (performList); `keep(output, bundle)` filters on the trigger's own inputs.
const hookTrigger = ({ key, noun, label, description, eventType, inputFields = [], list, toOutput, fromRecord, keep, sample }) => ({
  key,
  noun,
  display: { label, description },
  operation: {
    type: 'hook',
    inputFields,
    performSubscribe: (z, bundle) => subscribe(z, bundle, eventType),
    performUnsubscribe: unsubscribe,
    perform: (z, bundle) => {
      const event = verifiedEvent(z, bundle);
      // Another type (the webhook's test ping, say) is not this trigger's business.
      if (!event || event.type !== eventType || !event.data) {
        return [];
      }
      const output = toOutput(event.data, event);
      return keep && !keep(output, bundle) ? [] : [output];
    },
    performList: async (z, bundle) => {
      const records = await list(z, bundle);
      return records.map((record) => fromRecord(record, bundle)).filter((output) => !keep || keep(output, bundle));
    },
    sample,
  },
});

module.exports = { hookTrigger, sign, verifySignature };
