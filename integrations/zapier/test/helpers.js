'use strict';

// What the tests share: the server and key under test, a direct API client for arranging and
// reading back (independent of the app's own helpers), bundles, and unique names.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const zapier = require('zapier-platform-core');

const { buildApp } = require('../src/app');

const BASE_URL = (process.env.WORKTOP_BASE_URL || '').replace(/\/+$/, '');
const API_KEY = process.env.WORKTOP_API_KEY || '';
if (!BASE_URL || !API_KEY) {
  throw new Error('Set WORKTOP_BASE_URL and WORKTOP_API_KEY (check.sh BASE_URL API_KEY does).');
}

const App = buildApp('api_key');
const appTester = zapier.createAppTester(App);

// The connection a user would have made with the API key.
const authData = { base_url: BASE_URL, api_key: API_KEY };
const bundleWith = (inputData = {}, extra = {}) => ({ authData, inputData, ...extra });

// A direct request to the API with the key; throws with the answer on an unexpected status.
const api = async (method, path, body, { expect = [200, 201], token = API_KEY, headers = {} } = {}) => {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!expect.includes(response.status)) {
    throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
  }
  return { status: response.status, data };
};

const get = async (path) => (await api('GET', path)).data;
const post = async (path, body) => (await api('POST', path, body)).data;

// Unique per run, so reruns against the same server do not meet their own records.
const RUN = `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
const unique = (label) => `${label}-${RUN}-${crypto.randomBytes(2).toString('hex')}`;
const uniqueEmail = (label) => `${unique(label)}@example.com`.toLowerCase();

// A date `days` from today, YYYY-MM-DD.
const day = (days) => new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);

// `actual` has every field of `expected` with the same value.
const assertFields = (actual, expected, what = 'record') => {
  for (const [key, value] of Object.entries(expected)) {
    assert.deepEqual(actual[key], value, `${what}.${key}`);
  }
};

module.exports = {
  API_KEY,
  App,
  BASE_URL,
  api,
  appTester,
  assertFields,
  authData,
  bundleWith,
  day,
  get,
  post,
  unique,
  uniqueEmail,
};
