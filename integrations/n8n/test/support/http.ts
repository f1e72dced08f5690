/** A JSON answer: its status, headers and parsed body (or text when it is not JSON). */
export interface Answer<T = any> {
	status: number;
	headers: Headers;
	body: T;
}

export async function request<T = any>(
	method: string,
	url: string,
	options: { headers?: Record<string, string>; body?: unknown; raw?: string } = {},
): Promise<Answer<T>> {
	const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
	let body: string | undefined = options.raw;
	if (options.body !== undefined) {
		headers['Content-Type'] = 'application/json';
		body = JSON.stringify(options.body);
	}
	const response = await fetch(url, { method, headers, body, redirect: 'manual' });
	const text = await response.text();
	let parsed: unknown = text;
	try {
		parsed = text ? JSON.parse(text) : undefined;
	} catch {
		// not JSON: keep the text
	}
	return { status: response.status, headers: response.headers, body: parsed as T };
}

/** Fails with the method, URL, status and answer when the status is not the expected one. */
export function expectStatus<T>(answer: Answer<T>, status: number, what: string): T {
	if (answer.status !== status) {
		const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
		throw new Error(`${what}: expected ${status}, got ${answer.status}: ${String(text).slice(0, 800)}`);
	}
	return answer.body;
}

export async function eventually<T>(
	what: string,
	probe: () => Promise<T | undefined>,
	timeoutMs = 30_000,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}
