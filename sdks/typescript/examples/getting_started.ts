/**
 * Getting started with @worktop/sdk: log in (or use a token), create a contact, find it by paging
 * through the list, update it, and see what a validation error and a stale update look like.
 *
 * Run (after `npm run build`):
 *   BASE_URL=http://127.0.0.1:8080 WORKTOP_TOKEN=wt_test_... node dist/examples/getting_started.js
 *   BASE_URL=... EMAIL=admin@example.com PASSWORD=... node dist/examples/getting_started.js
 * Exits non-zero on any unexpected answer.
 */
import { randomUUID } from "node:crypto";
import { ApiError, ValidationError, VersionConflictError, WorktopClient, ok, paginate } from "@worktop/sdk";

function need(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name}`);
  return value;
}

function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(`unexpected: ${what}`);
  console.log(`ok   ${what}`);
}

async function main(): Promise<void> {
  const baseUrl = need("BASE_URL");
  // 1. A client: with an API key or session token, or by logging in.
  const wt = process.env.WORKTOP_TOKEN
    ? new WorktopClient({ baseUrl, token: process.env.WORKTOP_TOKEN })
    : await WorktopClient.login({ baseUrl, email: need("EMAIL"), password: need("PASSWORD") });
  console.log(`ok   connected to ${wt.baseUrl}`);

  // 2. Create a contact. The POST carries an Idempotency-Key of its own (a uuid4), so a retry
  //    after a 429 or 503 cannot create it twice.
  const run = randomUUID().slice(0, 8);
  const contact = await ok(
    wt.api.POST("/api/v1/contacts", {
      body: { name: `Ada Lovelace ${run}`, email: `ada-${run}@example.com`, tags: ["sdk-example"] },
    }),
  );
  check(contact.name === `Ada Lovelace ${run}` && contact.version >= 1, `created contact ${contact.id} (version ${contact.version})`);

  // 3. Page through the list until it shows up: paginate() follows meta.next_cursor.
  let found = false;
  let seen = 0;
  for await (const item of paginate((cursor) =>
    ok(wt.api.GET("/api/v1/contacts", { params: { query: { per_page: 100, cursor } } })),
  )) {
    seen += 1;
    if (item.id === contact.id) {
      found = true;
      break;
    }
  }
  check(found, `found contact ${contact.id} in the list after ${seen} item(s)`);

  // 4. Update it, sending the version it was read at.
  const updated = await ok(
    wt.api.PATCH("/api/v1/contacts/{id}", {
      params: { path: { id: contact.id } },
      body: { phone: "+44 20 7946 0000", version: contact.version },
    }),
  );
  check(updated.phone === "+44 20 7946 0000" && updated.version === contact.version + 1, `updated contact ${contact.id} to version ${updated.version}`);

  // 5. The same update again is stale now: 409 version_conflict, as a typed error.
  try {
    await wt.api.PATCH("/api/v1/contacts/{id}", {
      params: { path: { id: contact.id } },
      body: { phone: "+44 20 7946 0001", version: contact.version },
    });
    check(false, "a stale version was accepted");
  } catch (e) {
    if (!(e instanceof VersionConflictError)) throw e;
    check(e.status === 409 && e.code === "version_conflict", `stale update refused: ${e.status} ${e.code}`);
  }

  // 6. What a 422 looks like: an invalid e-mail address.
  try {
    await wt.api.POST("/api/v1/contacts", { body: { name: `Bad ${run}`, email: "not-an-email" } });
    check(false, "an invalid e-mail was accepted");
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    check(e.code === "validation_failed" && (e.fieldErrors.email?.length ?? 0) > 0, `invalid e-mail refused: ${e.status} ${e.code}, email: ${JSON.stringify(e.fieldErrors.email)} (request ${e.requestId})`);
  }

  // 7. Clean up.
  await ok(wt.api.DELETE("/api/v1/contacts/{id}", { params: { path: { id: contact.id } } }));
  console.log(`ok   deleted contact ${contact.id}`);
}

main().then(
  () => console.log("getting started (typescript): all steps passed"),
  (e: unknown) => {
    if (e instanceof ApiError) console.error(`FAIL ${e.status} ${e.code}: ${e.message} (request ${e.requestId ?? "?"}, ${e.method} ${e.url})`);
    else console.error(`FAIL ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  },
);
