import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Where the previous page ended: its last row's order time (PostgreSQL text) and id. */
export interface Cursor {
  at: string;
  id: string;
}

/**
 * The columns a keyset page selects besides its data: the order time as PostgreSQL's own text (it keeps the
 * microseconds a JavaScript Date would drop, so the next page starts exactly after the last row) and the id.
 */
export function cursorColumns(at: SQLWrapper, id: SQLWrapper) {
  return { cursorAt: sql<string>`(${at})::text`, cursorId: sql<string>`${id}` };
}

/**
 * The rows after `cursor` in the order `at DESC, id ASC` (no condition on the first page). The plain
 * `at <= cursor` bound lets an index on the order time start the scan at the cursor.
 */
export function afterCursor(cursor: Cursor | null, at: SQLWrapper, id: SQLWrapper): SQL | undefined {
  if (!cursor) return undefined;
  const c = sql`${cursor.at}::timestamptz`;
  return sql`(${at} <= ${c} AND (${at} < ${c} OR (${at} = ${c} AND ${id} > ${cursor.id})))`;
}

/**
 * Read a query in keyset pages (`at DESC, id ASC`), yielding rows one by one. Unlike LIMIT/OFFSET, every
 * page costs the same: page 40 of an export does not re-read (and re-compute the per-row subqueries of)
 * the 19,500 rows before it.
 */
export async function* keysetPages<T extends { cursorAt: string; cursorId: string }>(
  fetchPage: (cursor: Cursor | null, limit: number) => Promise<T[]>,
  pageSize = 500,
): AsyncGenerator<T> {
  let cursor: Cursor | null = null;
  for (;;) {
    const page = await fetchPage(cursor, pageSize);
    yield* page;
    const last = page.at(-1);
    if (page.length < pageSize || !last) return;
    cursor = { at: last.cursorAt, id: last.cursorId };
  }
}
