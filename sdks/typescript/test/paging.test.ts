import assert from "node:assert/strict";
import { test } from "node:test";
import { WorktopClient, ok, pages, paginate } from "@worktop/sdk";
import { localServer } from "./helpers.js";

const ALL = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `C${i + 1}`, tags: ["t"], version: 1, created_at: "x", updated_at: "x" }));

/** A list of 7 contacts paged by an opaque cursor (the offset, encoded), 3 a page. */
function listAnswer(url: string) {
  const query = new URL(url, "http://x").searchParams;
  const perPage = Number(query.get("per_page") ?? 15);
  const cursor = query.get("cursor");
  const start = cursor === null ? 0 : Number(Buffer.from(cursor, "base64url").toString());
  const data = ALL.slice(start, start + perPage);
  const next = start + perPage < ALL.length ? Buffer.from(String(start + perPage)).toString("base64url") : null;
  return {
    status: 200,
    body: {
      data,
      meta: { total: ALL.length, total_exact: true, per_page: perPage, current_page: 1 + start / perPage, last_page: Math.ceil(ALL.length / perPage), next_cursor: next },
    },
  };
}

test("paginate follows next_cursor until it is null, keeping the filters", async () => {
  const server = await localServer((request) => listAnswer(request.url));
  try {
    const wt = new WorktopClient({ baseUrl: server.url, token: "wt_test_x" });
    const names: string[] = [];
    for await (const contact of paginate((cursor) => ok(wt.api.GET("/api/v1/contacts", { params: { query: { tag: "t", per_page: 3, cursor } } })))) {
      names.push(contact.name);
    }
    assert.deepEqual(names, ALL.map((c) => c.name));
    assert.equal(server.seen.length, 3);
    assert.ok(!server.seen[0]!.url.includes("cursor="), "the first page is asked without a cursor");
    for (const r of server.seen) assert.match(r.url, /tag=t/);
    assert.match(server.seen[1]!.url, /cursor=Mw/);

    const metas: (string | null | undefined)[] = [];
    for await (const page of pages((cursor) => ok(wt.api.GET("/api/v1/contacts", { params: { query: { per_page: 3, cursor } } })), { maxPages: 2 })) {
      metas.push(page.meta.next_cursor);
    }
    assert.equal(metas.length, 2);
  } finally {
    await server.close();
  }
});

test("paginate stops when a list answers the same cursor twice", async () => {
  const stuck = async () => ({ data: [1], meta: { next_cursor: "same" } });
  const seen: number[] = [];
  await assert.rejects(async () => {
    for await (const n of paginate(stuck)) seen.push(n);
  }, /twice/);
  assert.deepEqual(seen, [1, 1]);
});
