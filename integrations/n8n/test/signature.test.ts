// The trigger's signature check alone, on the Standard Webhooks test vector (the one Worktop's
// own signing test uses) and on the ways a delivery can be wrong.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { test } from 'node:test';

import { TOLERANCE_SECONDS, verifyDelivery } from '../nodes/WorktopTrigger/signature';

const secret = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';
const id = 'msg_27UH4WbU6Z5A5EzD8u03UvzRbpk';
const timestamp = 1649367553;
const body = Buffer.from('{"email":"test@example.com","username":"test_user"}');
const signature = 'v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw=';

function headers(overrides: Partial<Record<'id' | 'timestamp' | 'signature', string>> = {}) {
	return { id, timestamp: String(timestamp), signature, ...overrides };
}

test('a delivery signed as the Standard Webhooks vector is accepted', () => {
	assert.equal(verifyDelivery(secret, headers(), body, timestamp), true);
});

test('one valid signature among several (a rotation) is enough', () => {
	const both = `v1,${Buffer.alloc(32).toString('base64')} ${signature}`;
	assert.equal(verifyDelivery(secret, headers({ signature: both }), body, timestamp), true);
});

test('a changed body, id or timestamp no longer matches the signature', () => {
	assert.equal(verifyDelivery(secret, headers(), Buffer.from(`${body} `), timestamp), false);
	assert.equal(verifyDelivery(secret, headers({ id: 'msg_other' }), body, timestamp), false);
	assert.equal(
		verifyDelivery(secret, headers({ timestamp: String(timestamp + 1) }), body, timestamp),
		false,
	);
});

test('another secret, another scheme or a missing header is refused', () => {
	assert.equal(verifyDelivery('whsec_' + Buffer.alloc(24, 1).toString('base64'), headers(), body, timestamp), false);
	assert.equal(verifyDelivery(secret, headers({ signature: signature.replace('v1,', 'v2,') }), body, timestamp), false);
	assert.equal(verifyDelivery(secret, { id, timestamp: String(timestamp) }, body, timestamp), false);
	assert.equal(verifyDelivery(secret, headers({ signature: 'v1,' }), body, timestamp), false);
});

test('a delivery older or newer than the tolerance is refused even when signed', () => {
	const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
	const stale = timestamp - TOLERANCE_SECONDS - 1;
	const signed = createHmac('sha256', key).update(`${id}.${stale}.`).update(body).digest('base64');
	const staleHeaders = headers({ timestamp: String(stale), signature: `v1,${signed}` });
	assert.equal(verifyDelivery(secret, staleHeaders, body, stale), true);
	assert.equal(verifyDelivery(secret, staleHeaders, body, timestamp), false);
	assert.equal(verifyDelivery(secret, headers(), body, timestamp + TOLERANCE_SECONDS + 1), false);
});
