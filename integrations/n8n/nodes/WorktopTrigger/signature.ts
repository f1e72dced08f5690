import { createHmac, timingSafeEqual } from 'crypto';

/** How far a delivery's timestamp may be from now (Standard Webhooks' replay window). */
export const TOLERANCE_SECONDS = 5 * 60;

/** The three headers of a Standard Webhooks delivery. */
export interface SignedHeaders {
	id?: string;
	timestamp?: string;
	signature?: string;
}

/**
 * Whether a delivery was signed with `secret` (`whsec_` + base64 key): `webhook-signature` holds
 * one or more space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` (two while a
 * secret is being rotated), and the timestamp is within the tolerance of `nowSeconds`.
 */
export function verifyDelivery(
	secret: string,
	headers: SignedHeaders,
	body: Buffer,
	nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
	const { id, timestamp, signature } = headers;
	if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
	if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return false;

	const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
	const expected = createHmac('sha256', key)
		.update(`${id}.${timestamp}.`)
		.update(body)
		.digest();
	return signature.split(' ').some((candidate) => {
		const [version, value] = candidate.split(',', 2);
		if (version !== 'v1' || !value) return false;
		const given = Buffer.from(value, 'base64');
		return given.length === expected.length && timingSafeEqual(given, expected);
	});
}
