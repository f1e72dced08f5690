// The API-key credential's test request, as n8n's editor runs it ("Test" in the credential
// dialog): n8n's own credential-test endpoint sends GET /api/user with the credential.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { worktopKey, worktopUrl } from './support/env';
import { expectStatus } from './support/http';
import { createCredential, n8nRest } from './support/n8n';

/** Saves the credential and tests it, as the dialog's Save does. */
async function testCredential(data: Record<string, string>) {
	const saved = await createCredential('worktopApi', data);
	const answer = await n8nRest('POST', '/credentials/test', {
		credentials: { ...saved, type: 'worktopApi', data },
	});
	return expectStatus(answer, 200, 'n8n credential test').data as { status: string; message: string };
}

test('the credential test passes with the key the suite was given', async () => {
	const result = await testCredential({ baseUrl: worktopUrl, apiKey: worktopKey });
	assert.equal(result.status, 'OK', result.message);
});

test('a trailing slash on the base URL is tolerated', async () => {
	const result = await testCredential({ baseUrl: `${worktopUrl}/`, apiKey: worktopKey });
	assert.equal(result.status, 'OK', result.message);
});

test('the credential test fails with a key the server does not know', async () => {
	const result = await testCredential({ baseUrl: worktopUrl, apiKey: 'wt_live_not_a_real_key_0000000000' });
	assert.equal(result.status, 'Error');
	assert.match(result.message, /401|auth/i);
});
