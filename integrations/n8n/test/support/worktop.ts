import { worktopKey, worktopUrl } from './env';
import { expectStatus, request, type Answer } from './http';

/** The Worktop API called directly (not through n8n): to set up and to read back. */
export function worktop<T = any>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
	return request<T>(method, `${worktopUrl}${path}`, {
		headers: { Authorization: `Bearer ${worktopKey}` },
		body,
	});
}

export async function worktopOk<T = any>(method: string, path: string, body?: unknown): Promise<T> {
	const answer = await worktop<T>(method, path, body);
	const expected = method === 'POST' && answer.status === 201 ? 201 : 200;
	return expectStatus(answer, expected, `${method} ${path}`);
}
