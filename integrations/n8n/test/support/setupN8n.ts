// Run by check.sh once n8n answers: makes the instance's owner and a public-API key, and writes
// both to a 0600 file for the tests (never to the log).
import { randomBytes } from 'crypto';
import { writeFileSync } from 'fs';

import { expectStatus, request } from './http';

async function main(): Promise<void> {
	const url = String(process.env.N8N_URL);
	const file = `${process.env.SECRETS}.n8n.json`;
	const email = 'owner@example.com';
	const password = `Aa1${randomBytes(18).toString('base64url')}`;

	const setup = await request('POST', `${url}/rest/owner/setup`, {
		body: { email, firstName: 'Check', lastName: 'Owner', password },
	});
	expectStatus(setup, 200, 'n8n owner setup');
	const cookie = sessionCookie(setup.headers);

	const scopes = expectStatus(
		await request('GET', `${url}/rest/api-keys/scopes`, { headers: { cookie } }),
		200,
		'n8n API key scopes',
	);
	const key = expectStatus(
		await request('POST', `${url}/rest/api-keys`, {
			headers: { cookie },
			body: { label: 'worktop check', expiresAt: null, scopes: scopes.data },
		}),
		200,
		'n8n API key',
	);
	writeFileSync(file, JSON.stringify({ email, password, apiKey: key.data.rawApiKey }), { mode: 0o600 });
	console.log(`n8n owner ${email} and a public-API key made`);
}

/** The `n8n-auth` cookie an n8n login or setup sets, as a Cookie header. */
export function sessionCookie(headers: Headers): string {
	const cookies = headers.getSetCookie().map((c) => c.split(';')[0]);
	const auth = cookies.find((c) => c.startsWith('n8n-auth='));
	if (!auth) throw new Error('n8n set no n8n-auth cookie');
	return auth;
}

if (require.main === module) {
	main().catch((error) => {
		console.error(error);
		process.exit(1);
	});
}
