/**
 * Paging helpers: every item of a list, following `meta.next_cursor`.
 *
 * Lists answer `{"data": [...], "meta": {"total", "total_exact", "per_page", "current_page",
 * "last_page", "next_cursor"}}`; `next_cursor` is null on the last page. A cursor is valid only for
 * the same list (same filters, sort and search), so the function you pass sends the same filters
 * every time and only the cursor changes:
 *
 * ```ts
 * for await (const contact of paginate((cursor) =>
 *   ok(wt.api.GET("/api/v1/contacts", { params: { query: { tag: "vip", per_page: 100, cursor } } })),
 * )) console.log(contact.name);
 * ```
 */

/** A page of a list, as the generated list types are. */
export interface PageLike<T> {
  data: readonly T[];
  meta: { next_cursor?: string | null };
}

export interface PagingOptions {
  /** Stop after this many pages. */
  maxPages?: number;
}

/** Every page: `fetchPage(undefined)`, then `fetchPage(next_cursor)` until it is null. */
export async function* pages<P extends PageLike<unknown>>(
  fetchPage: (cursor: string | undefined) => Promise<P>,
  options: PagingOptions = {},
): AsyncGenerator<P, void, undefined> {
  let cursor: string | undefined;
  const seen = new Set<string>();
  for (let count = 1; ; count++) {
    const page = await fetchPage(cursor);
    yield page;
    const next = page.meta.next_cursor;
    if (typeof next !== "string" || next === "") return;
    if (options.maxPages !== undefined && count >= options.maxPages) return;
    if (seen.has(next)) throw new Error(`the list answered the cursor ${next} twice`);
    seen.add(next);
    cursor = next;
  }
}

/** Every item of every page (see `pages`). */
export async function* paginate<T>(
  fetchPage: (cursor: string | undefined) => Promise<PageLike<T>>,
  options: PagingOptions = {},
): AsyncGenerator<T, void, undefined> {
  for await (const page of pages(fetchPage, options)) {
    yield* page.data;
  }
}
