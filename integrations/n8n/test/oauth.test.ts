// The OAuth 2.0 credential connected the way a user connects it: n8n builds the authorization URL
// (PKCE S256), the user's browser opens it on Worktop and approves on the consent page, Worktop
// sends the browser back to n8n's callback, n8n exchanges the code and keeps the tokens; then a
// workflow calls Worktop with them. The browser's part is played with plain requests: the GET a
// browser makes, and the consent page's own calls with a login session of a user made for it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, describe, it } from 'node:test';

import { n8nUrl, runTag, worktopKey, worktopUrl } from './support/env';
import { expectStatus, request } from './support/http';
import { asOwner, createCredential, n8nRest, runNode, type CredentialRef, type Json } from './support/n8n';
import { worktop, worktopOk } from './support/worktop';

const CALLBACK = `${n8nUrl}/rest/oauth2-credential/callback`;

/** What the credential asks for: its (hidden) Scope field's default, as n8n serves the type. */
async function credentialScope(): Promise<string> {
	const types: Json[] = expectStatus(await asOwner('GET', '/types/credentials.json'), 200, 'credential types');
	const type = types.find((t) => t.name === 'worktopOAuth2Api');
	return type?.properties.find((p: Json) => p.name === 'scope')?.default;
}

// OAuth apps and tokens are live-only: a sandbox key can neither register an app nor get a token.
const sandbox = worktopKey.startsWith('wt_test_');

describe('OAuth 2.0 credential', () => {
	let scope: string;
	let session: string;

	before(async () => {
		if (sandbox) return;
		scope = await credentialScope();
		assert.match(scope, /\bcrm\.read\b/);
		// A user of the workspace to log in and approve: the consent needs a login session.
		const email = `${runTag}.approver@example.com`;
		const password = `Approve-${randomBytes(12).toString('base64url')}`;
		await worktopOk('POST', '/api/user/store', { name: 'OAuth Approver', email, password, role: 'admin' });
		const login = expectStatus(
			await request('POST', `${worktopUrl}/api/login`, { body: { email, password } }),
			200,
			'login of the approving user',
		);
		session = login.token;
	});

	const live = { skip: sandbox && 'OAuth is live-only: run the suite with a wt_live_ key' };
	it('connects through n8n (authorization code with PKCE) and runs a workflow with the token', live, async () => {
		// The app an administrator registers, with the scopes the credential asks for.
		const app = expectStatus(
			await worktop('POST', '/api/oauth/clients', {
				name: `n8n ${runTag}`,
				type: 'confidential',
				redirect_uris: [CALLBACK],
				scopes: scope.split(' '),
			}),
			201,
			`registering an OAuth app with the credential's scopes (${scope})`,
		);
		const credential: CredentialRef = await createCredential('worktopOAuth2Api', {
			baseUrl: worktopUrl,
			clientId: app.client_id,
			clientSecret: app.client_secret,
		});
		// 1. n8n's "Connect my account": the authorization URL it sends the browser to.
		const authUrl = new URL(
			expectStatus(await n8nRest('GET', `/oauth2-credential/auth?id=${credential.id}`), 200, 'n8n auth URL').data,
		);
		assert.equal(`${authUrl.origin}${authUrl.pathname}`, `${worktopUrl}/api/oauth/authorize`);
		const query = Object.fromEntries(authUrl.searchParams);
		assert.equal(query.client_id, app.client_id);
		assert.equal(query.redirect_uri, CALLBACK);
		assert.equal(query.response_type, 'code');
		assert.equal(query.code_challenge_method, 'S256');
		assert.match(query.code_challenge, /^[A-Za-z0-9_-]{43}$/);
		assert.equal(query.scope, scope);

		// 2. The browser opens it: Worktop accepts the request and shows its consent page.
		const opened = await request('GET', authUrl.toString());
		assert.equal(opened.status, 302);
		assert.match(String(opened.headers.get('location')), /^\/#\/oauth\/authorize\?/);

		// 3. The consent page, as the logged-in user, approves; Worktop answers where to go next.
		const consent = expectStatus(
			await request('POST', `${worktopUrl}/api/oauth/authorize`, {
				headers: { Authorization: `Bearer ${session}` },
				body: { ...query, approve: true },
			}),
			200,
			'consent',
		);
		const back = new URL(consent.redirect_to);
		assert.equal(`${back.origin}${back.pathname}`, CALLBACK);
		assert.equal(back.searchParams.get('state'), query.state);
		assert.match(String(back.searchParams.get('code')), /^wtac_/);

		// 4. Back at n8n's callback: n8n exchanges the code (with its PKCE verifier) for tokens.
		const callback = await n8nRest('GET', `/oauth2-credential/callback${back.search}`);
		assert.equal(callback.status, 200);
		assert.doesNotMatch(String(callback.body), /error/i, 'the callback page reports no error');

		// 5. A workflow with the OAuth credential creates a contact and reads it back.
		const oauth = { type: 'worktopOAuth2Api', ref: credential };
		const [made] = await runNode(
			{ authentication: 'oAuth2', resource: 'contact', operation: 'create', name: `OAuth ${runTag}` },
			oauth,
		);
		assert.equal((await worktopOk('GET', `/api/v1/contacts/${made.id}`)).name, `OAuth ${runTag}`);
		const found = await runNode(
			{ authentication: 'oAuth2', resource: 'contact', operation: 'get', contactId: String(made.id) },
			oauth,
		);
		assert.equal(found[0].id, made.id);
	});
});
