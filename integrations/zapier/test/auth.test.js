'use strict';

// The API key connection: the auth test call, the connection label, and what a bad key or URL says.

const assert = require('node:assert/strict');

const { App, BASE_URL, appTester, authData, get } = require('./helpers');

describe('API key authentication', () => {
  it('the auth test answers the key owner and their workspace', async () => {
    const user = await appTester(App.authentication.test, { authData });
    const direct = await get('/api/user');
    assert.equal(user.id, direct.id);
    assert.equal(user.email, direct.email);
    assert.ok(user.workspace && user.workspace.name, 'the workspace is named');
    assert.ok(user.permissions.includes('webhooks.write'), 'the key may register webhooks');
  });

  it('the connection label shows the e-mail and the workspace', async () => {
    const user = await get('/api/user');
    const label = await appTester(App.authentication.connectionLabel, { authData, inputData: user });
    assert.equal(label, `${user.email} (${user.workspace.name})`);
  });

  it('a wrong key fails the auth test with the API\'s message', async () => {
    await assert.rejects(
      appTester(App.authentication.test, { authData: { ...authData, api_key: 'wt_live_not_a_real_key' } }),
      (error) => {
        assert.match(error.message, /unauthenticated|token|key|auth/i);
        assert.doesNotMatch(error.message, /wt_live_not_a_real_key/, 'the key is not echoed');
        return true;
      },
    );
  });

  it('a base URL given with a trailing slash still works', async () => {
    const user = await appTester(App.authentication.test, { authData: { ...authData, base_url: `${BASE_URL}/` } });
    assert.equal(typeof user.id, 'number');
  });

  it('a base URL that is not Worktop fails the auth test', async () => {
    await assert.rejects(appTester(App.authentication.test, { authData: { ...authData, base_url: `${BASE_URL}/nothing-here` } }));
  });
});
