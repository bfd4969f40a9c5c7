import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS, fromPglite } from './client.ts';

// Decision 668: drizzle's per-query parsers are carried by the PGlite instance instead.
type Rows = { rows: Record<string, unknown>[] };
describe('PGlite client for drizzle', () => {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const seen: unknown[] = [];
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: { parsers?: unknown }) => {
    seen.push(options?.parsers);
    return query(text, params, options as never);
  }) as typeof client.query;
  const database = fromPglite(client);
  afterAll(() => client.close());

  it('sends drizzle queries without a per-query parser table, timestamps and dates still as text', async () => {
    await database.db.execute(sql`SELECT 1`); // PGlite reads its array types on the first query
    seen.length = 0;
    const result = (await database.db.execute(
      sql`SELECT '2026-11-24 10:00:00+00'::timestamptz AS at, '2026-11-24'::date AS day, '1 day'::interval AS span, 7::int AS n`,
    )) as unknown as Rows;
    expect(seen).toEqual([undefined]);
    expect(result.rows[0]).toEqual({ at: '2026-11-24 10:00:00+00', day: '2026-11-24', span: '1 day', n: 7 });
  });

  it('keeps the text in transactions too', async () => {
    seen.length = 0;
    const at = await database.db.transaction(
      async (tx) => ((await tx.execute(sql`SELECT '2026-11-24 10:00:00+00'::timestamptz AS at`)) as unknown as Rows).rows[0]?.at,
    );
    expect(at).toBe('2026-11-24 10:00:00+00');
    expect(seen.every((parsers) => parsers === undefined)).toBe(true);
  });

  it('answers the raw helper as node-postgres does: instants as dates', async () => {
    const [row] = await database.query<{ at: Date; n: number }>(`SELECT '2026-11-24 10:00:00+00'::timestamptz AS at, 7::int AS n`);
    expect(row?.at).toBeInstanceOf(Date);
    expect(row?.at.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(row?.n).toBe(7);
  });
});
