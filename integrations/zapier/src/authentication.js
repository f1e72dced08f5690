'use strict';

// Two ways to connect a Worktop account. Zapier allows one per integration, so the same code is
// pushed as two integrations (see README): an API key (the default) or OAuth 2.0.

const { apiUrl, baseUrlOf, callApi, normalizeBaseUrl } = require('./api');

// Every permission the triggers, actions and searches use, in the API key permission spelling.
const OAUTH_SCOPES = [
  'account.read',
  'users.read',
  'crm.read',
  'crm.write',
  'sales.read',
  'sales.write',
  'accounting.read',
  'accounting.write',
  'inventory.read',
  'projects.read',
  'projects.write',
  'support.read',
  'support.write',
  'webhooks.read',
  'webhooks.write',
];

// No production URL is published: each deployment (self-hosted, white-label) has its own.
const baseUrlField = {
  key: 'base_url',
  label: 'Worktop URL',
  type: 'string',
  required: true,
  helpText:
    'The address you open Worktop at, e.g. `https://worktop.yourcompany.com` (without `/api`).',
};

// The auth test: who the credential is (GET /api/user answers the user and the workspace).
const testAuth = (z, bundle) => callApi(z, bundle, { path: '/api/user' });

const connectionLabel = (z, bundle) => {
  const user = bundle.inputData || {};
  const workspace = user.workspace && user.workspace.name;
  return workspace ? `${user.email} (${workspace})` : `${user.email}`;
};

const apiKeyAuthentication = {
  type: 'custom',
  fields: [
    baseUrlField,
    {
      key: 'api_key',
      label: 'API key',
      type: 'password',
      required: true,
      helpText:
        'A key made in Worktop under Settings → API keys (`wt_live_...`, or `wt_test_...` for the sandbox).',
    },
  ],
  test: testAuth,
  connectionLabel,
};

// RFC 6749 §2.3.1: the client id and secret are form-encoded before they go into HTTP Basic.
const formEncode = (value) => encodeURIComponent(value).replace(/%20/g, '+');
const clientBasicAuth = () => {
  const id = process.env.CLIENT_ID || '';
  const secret = process.env.CLIENT_SECRET || '';
  return `Basic ${Buffer.from(`${formEncode(id)}:${formEncode(secret)}`).toString('base64')}`;
};

// POST to the token endpoint (form-encoded), with the client's credentials; the answer's tokens.
const requestTokens = async (z, bundle, form) => {
  const response = await z.request({
    url: apiUrl(bundle, '/api/oauth/token'),
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      Authorization: clientBasicAuth(),
    },
    body: form,
  });
  const tokens = response.data;
  return {
    access_token: tokens.access_token,
    // Refresh tokens rotate: each refresh answers a new one and spends the old.
    refresh_token: tokens.refresh_token,
    expires_in: tokens.expires_in,
    scope: tokens.scope,
    // Kept with the tokens, so every later request (and refresh) knows the deployment.
    base_url: baseUrlOf(bundle),
  };
};

const getAccessToken = (z, bundle) =>
  requestTokens(z, bundle, {
    grant_type: 'authorization_code',
    code: bundle.inputData.code,
    redirect_uri: bundle.inputData.redirect_uri,
    // With enablePkce Zapier makes the verifier and sends its S256 challenge to the consent.
    code_verifier: bundle.inputData.code_verifier,
  });

const refreshAccessToken = (z, bundle) =>
  requestTokens(z, bundle, {
    grant_type: 'refresh_token',
    refresh_token: bundle.authData.refresh_token,
  });

// Where Zapier sends the browser: the deployment's consent page. Zapier appends redirect_uri and
// state to it, and code_challenge with code_challenge_method=S256 (enablePkce).
const authorizeUrl = (z, bundle) => {
  const url = new URL(`${normalizeBaseUrl(bundle.inputData.base_url)}/api/oauth/authorize`);
  url.searchParams.set('client_id', process.env.CLIENT_ID || '');
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', OAUTH_SCOPES.join(' '));
  url.searchParams.set('state', bundle.inputData.state || '');
  url.searchParams.set('redirect_uri', bundle.inputData.redirect_uri || '');
  return url.toString();
};

const oauth2Authentication = {
  type: 'oauth2',
  fields: [baseUrlField],
  oauth2Config: {
    authorizeUrl,
    getAccessToken,
    refreshAccessToken,
    scope: OAUTH_SCOPES.join(' '),
    autoRefresh: true,
    enablePkce: true,
  },
  test: testAuth,
  connectionLabel,
};

module.exports = {
  OAUTH_SCOPES,
  apiKeyAuthentication,
  oauth2Authentication,
  authorizeUrl,
  getAccessToken,
  refreshAccessToken,
};
