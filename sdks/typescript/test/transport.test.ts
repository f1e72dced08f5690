import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  ApiError,
  AuthenticationError,
  ConflictError,
  ModuleDisabledError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  ServiceUnavailableError,
  ValidationError,
  VersionConflictError,
  WorktopClient,
  createTransport,
  ok,
  parseRetryAfter,
} from "@worktop/sdk";
import { type Answer, apiError, localServer, recordingSleep } from "./helpers.js";

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// One server for the file; each test sets what it answers.
let script: (index: number) => Answer = () => ({ status: 200, body: {} });
let server: Awaited<ReturnType<typeof localServer>>;
let first = 0;
before(async () => {
  server = await localServer((_request, index) => script(index - first));
});
after(() => server.close());

/** Runs `body` with a fresh script; returns the requests this test made. */
async function scenario(answers: Answer[] | ((index: number) => Answer), body: () => Promise<void>) {
  first = server.seen.length;
  script = typeof answers === "function" ? answers : (index) => answers[Math.min(index, answers.length - 1)]!;
  await body();
  return server.seen.slice(first);
}

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(server.url + path, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
}

test("every POST gets a uuid4 Idempotency-Key; a caller's own is kept; GET gets none", async () => {
  const send = createTransport();
  const seen = await scenario([{ status: 201, body: { id: 1 } }], async () => {
    await send(post("/a", { n: 1 }));
    await send(post("/a", { n: 2 }));
    await send(post("/a", { n: 3 }, { "Idempotency-Key": "mine-123" }));
    await send(new Request(server.url + "/a"));
  });
  const keys = seen.map((r) => r.headers["idempotency-key"]);
  assert.match(String(keys[0]), UUID4);
  assert.match(String(keys[1]), UUID4);
  assert.notEqual(keys[0], keys[1]);
  assert.equal(keys[2], "mine-123");
  assert.equal(keys[3], undefined);
  const off = createTransport({ autoIdempotencyKey: false });
  const plain = await scenario([{ status: 201, body: {} }], async () => void (await off(post("/a", {}))));
  assert.equal(plain[0]!.headers["idempotency-key"], undefined);
});

test("429 is retried after Retry-After with the same key and body", async () => {
  const { waits, sleep } = recordingSleep();
  const send = createTransport({ sleep });
  const seen = await scenario(
    [
      { status: 429, headers: { "Retry-After": "2" }, body: apiError(429, "rate_limited", "Too many requests.") },
      { status: 201, body: { id: 9 } },
    ],
    async () => {
      const response = await send(post("/api/v1/contacts", { name: "Ada" }));
      assert.equal(response.status, 201);
      assert.deepEqual(await response.json(), { id: 9 });
    },
  );
  assert.equal(seen.length, 2);
  assert.deepEqual(waits, [2000]);
  assert.match(String(seen[0]!.headers["idempotency-key"]), UUID4);
  assert.equal(seen[1]!.headers["idempotency-key"], seen[0]!.headers["idempotency-key"]);
  assert.equal(seen[1]!.body, '{"name":"Ada"}');
});

test("503 without Retry-After backs off and gives up after maxAttempts", async () => {
  const { waits, sleep } = recordingSleep();
  const send = createTransport({ sleep });
  const seen = await scenario([{ status: 503, body: apiError(503, "unavailable", "Try again.") }], async () => {
    await assert.rejects(send(new Request(server.url + "/x")), (e: unknown) => {
      assert.ok(e instanceof ServiceUnavailableError && e instanceof ServerError && e instanceof ApiError);
      assert.equal(e.status, 503);
      assert.equal(e.code, "unavailable");
      return true;
    });
  });
  assert.equal(seen.length, 3);
  assert.deepEqual(waits, [500, 1000]);
});

test("maxAttempts and maxWait bound the retries", async () => {
  const { waits, sleep } = recordingSleep();
  const once = createTransport({ sleep, retry: { maxAttempts: 1 } });
  let seen = await scenario([{ status: 503, body: apiError(503, "unavailable", "x") }], async () => {
    await assert.rejects(once(new Request(server.url + "/x")), ServiceUnavailableError);
  });
  assert.equal(seen.length, 1);
  const patient = createTransport({ sleep, retry: { maxAttempts: 5, maxWait: 10 } });
  seen = await scenario([{ status: 429, headers: { "Retry-After": "3600" }, body: apiError(429, "rate_limited", "Slow down.") }], async () => {
    await assert.rejects(patient(new Request(server.url + "/x")), (e: unknown) => {
      assert.ok(e instanceof RateLimitError);
      assert.equal(e.retryAfter, 3600);
      return true;
    });
  });
  assert.equal(seen.length, 1, "a wait over maxWait is not waited for");
  assert.deepEqual(waits, []);
  seen = await scenario([{ status: 503 }], async () => {
    await assert.rejects(patient(new Request(server.url + "/x")), ServiceUnavailableError);
  });
  assert.equal(seen.length, 5);
  assert.deepEqual(waits, [500, 1000, 2000, 4000]);
});

test("only requests safe to repeat are retried", async () => {
  const { sleep } = recordingSleep();
  const send = createTransport({ sleep, autoIdempotencyKey: false });
  for (const method of ["POST", "PATCH"]) {
    const seen = await scenario([{ status: 503 }, { status: 200, body: {} }], async () => {
      await assert.rejects(send(new Request(server.url + "/x", { method, body: "{}" })), ServiceUnavailableError);
    });
    assert.equal(seen.length, 1, `${method} without a key is sent once`);
  }
  for (const method of ["GET", "PUT", "DELETE", "HEAD"]) {
    const seen = await scenario([{ status: 429, headers: { "Retry-After": "0" } }, { status: 200, body: {} }], async () => {
      const response = await send(new Request(server.url + "/x", { method }));
      assert.equal(response.status, 200);
    });
    assert.equal(seen.length, 2, `${method} is retried`);
  }
});

test("409 idempotency_in_progress is retried after Retry-After; other 409s are not", async () => {
  const { waits, sleep } = recordingSleep();
  const send = createTransport({ sleep });
  let seen = await scenario(
    [
      { status: 409, headers: { "Retry-After": "1" }, body: apiError(409, "idempotency_in_progress", "Still running.") },
      { status: 201, body: { id: 3 } },
    ],
    async () => assert.equal((await send(post("/x", {}))).status, 201),
  );
  assert.equal(seen.length, 2);
  assert.deepEqual(waits, [1000]);
  seen = await scenario([{ status: 409, body: apiError(409, "version_conflict", "Changed.") }], async () => {
    await assert.rejects(send(post("/x", {})), (e: unknown) => e instanceof VersionConflictError && e instanceof ConflictError);
  });
  assert.equal(seen.length, 1);
});

test("error answers become typed errors with code, message, field errors and request id", async () => {
  const send = createTransport();
  await scenario(
    [
      {
        status: 422,
        body: apiError(422, "validation_failed", "The given data was invalid.", { errors: { email: ["The email field must be a valid email address."] } }),
      },
    ],
    async () => {
      await assert.rejects(send(post("/x", {})), (e: unknown) => {
        assert.ok(e instanceof ValidationError);
        assert.equal(e.status, 422);
        assert.equal(e.code, "validation_failed");
        assert.equal(e.message, "The given data was invalid.");
        assert.deepEqual(e.fieldErrors, { email: ["The email field must be a valid email address."] });
        assert.equal(e.requestId, "req-422-validation_failed");
        assert.equal(e.method, "POST");
        assert.equal(e.url, server.url + "/x");
        return true;
      });
    },
  );
  const cases: [number, string, new (...args: never[]) => ApiError][] = [
    [401, "unauthenticated", AuthenticationError],
    [403, "forbidden", PermissionDeniedError],
    [403, "module_disabled", ModuleDisabledError],
  ];
  for (const [status, code, Class] of cases) {
    await scenario([{ status, body: apiError(status, code, "No.") }], async () => {
      await assert.rejects(send(new Request(server.url + "/x")), (e: unknown) => e instanceof Class && (e as ApiError).code === code);
    });
  }
  await scenario([{ status: 502, headers: { "Content-Type": "text/html", "X-Request-Id": "edge-1" }, body: "<h1>Bad gateway</h1>" }], async () => {
    await assert.rejects(send(new Request(server.url + "/x")), (e: unknown) => {
      assert.ok(e instanceof ServerError);
      assert.equal(e.code, "http_502");
      assert.equal(e.requestId, "edge-1");
      return true;
    });
  });
});

test("Retry-After is read as seconds or as a date", () => {
  assert.equal(parseRetryAfter("7"), 7);
  assert.equal(parseRetryAfter(null), undefined);
  assert.equal(parseRetryAfter("soon"), undefined);
  const now = Date.parse("2026-01-01T00:00:00Z");
  assert.equal(parseRetryAfter("Thu, 01 Jan 2026 00:00:30 GMT", now), 30);
});

test("WorktopClient sends the Bearer token, retries, and ok() unwraps the body", async () => {
  const { waits, sleep } = recordingSleep();
  const wt = new WorktopClient({ baseUrl: server.url + "/", token: "wt_test_abc", sleep });
  const seen = await scenario(
    [
      { status: 503, headers: { "Retry-After": "1" } },
      { status: 201, body: { id: 5, name: "Ada", tags: [], version: 1, created_at: "x", updated_at: "x" } },
    ],
    async () => {
      const contact = await ok(wt.api.POST("/api/v1/contacts", { body: { name: "Ada" } }));
      assert.equal(contact.id, 5);
    },
  );
  assert.equal(seen.length, 2);
  assert.deepEqual(waits, [1000]);
  for (const r of seen) {
    assert.equal(r.headers.authorization, "Bearer wt_test_abc");
    assert.equal(r.url, "/api/v1/contacts");
  }
  assert.equal(seen[0]!.headers["idempotency-key"], seen[1]!.headers["idempotency-key"]);
  // A caller's key for one call goes through openapi-fetch's headers.
  const keyed = await scenario([{ status: 201, body: { id: 6 } }], async () => {
    await ok(wt.api.POST("/api/v1/contacts", { body: { name: "Bo" }, headers: { "Idempotency-Key": "order-42" } }));
  });
  assert.equal(keyed[0]!.headers["idempotency-key"], "order-42");
});

test("WorktopClient.login posts the credentials and uses the session token", async () => {
  const seen = await scenario(
    (index) => (index === 0 ? { status: 200, body: { token: "sess-1", token_type: "Bearer", expires_in: 3600 } } : { status: 200, body: { data: [], meta: { next_cursor: null } } }),
    async () => {
      const wt = await WorktopClient.login({ baseUrl: server.url, email: "a@example.com", password: "pw" });
      await ok(wt.api.GET("/api/v1/contacts", {}));
    },
  );
  assert.equal(seen[0]!.url, "/api/login");
  assert.deepEqual(JSON.parse(seen[0]!.body), { email: "a@example.com", password: "pw" });
  assert.equal(seen[1]!.headers.authorization, "Bearer sess-1");
  await scenario([{ status: 401, body: apiError(401, "unauthenticated", "These credentials do not match our records.") }], async () => {
    await assert.rejects(WorktopClient.login({ baseUrl: server.url, email: "a@example.com", password: "bad" }), AuthenticationError);
  });
});
