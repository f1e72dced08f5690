'use strict';

// The app Zapier loads. One integration holds one authentication: WORKTOP_AUTH=oauth2 (set for
// `zapier push` and with `zapier env:set`) makes the OAuth 2.0 one; otherwise it is the API key's.

const { buildApp } = require('./src/app');

module.exports = buildApp(process.env.WORKTOP_AUTH === 'oauth2' ? 'oauth2' : 'api_key');
