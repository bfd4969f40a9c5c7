import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { onceRaw, param } from './prepared.ts';
import { queryRows } from './sql.ts';

const planJson = z.array(z.object({ Plan: z.object({ 'Plan Rows': z.number() }) }));

/**
 * A list total that costs at most `cap + 1` rows to count (issues 7 and 13, docs/performance.md): exact up
 * to `cap`; past it, the planner's row estimate for the same filter (never below `cap + 1`), which the
 * pager shows as "about N". `from` is the FROM clause (a table, or a table with joins the filter needs).
 */
export async function cappedCount(db: Db, from: SQL, where: SQL | undefined, cap: number): Promise<number> {
  const filter = where ?? sql`true`;
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${filter} LIMIT ${cap + 1}) capped`);
  const exact = Number(row?.n ?? 0);
  if (exact <= cap) return exact;
  const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} WHERE ${filter}`);
  return Math.max(cap + 1, planRows(plan?.['QUERY PLAN']));
}

function planRows(raw: unknown): number {
  const parsed = planJson.safeParse(typeof raw === 'string' ? JSON.parse(raw) : raw);
  return parsed.success ? Math.round(parsed.data[0]?.Plan['Plan Rows'] ?? 0) : 0;
}

/**
 * cappedCount with its two statements built once per shape (decision 640): `key` names the shape, `where`
 * builds its filter with `param()` placeholders, and `values` binds them for this call.
 */
export async function cappedCountOnce(
  db: Db,
  key: string,
  from: () => SQL,
  where: () => SQL | undefined,
  cap: number,
  values: Record<string, unknown>,
): Promise<number> {
  const counted = onceRaw<{ n: number }>(db, `count:${key}`, () => sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from()} WHERE ${where() ?? sql`true`} LIMIT ${param('capPlusOne')}) capped`);
  const [row] = await counted({ ...values, capPlusOne: cap + 1 });
  const exact = Number(row?.n ?? 0);
  if (exact <= cap) return exact;
  const explained = onceRaw<{ 'QUERY PLAN': unknown }>(db, `estimate:${key}`, () => sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from()} WHERE ${where() ?? sql`true`}`);
  const [plan] = await explained(values);
  return Math.max(cap + 1, planRows(plan?.['QUERY PLAN']));
}

/** Admin list totals are exact up to this many rows (100 pages of 10); past it, "about N" (issue 13). */
export const ADMIN_COUNT_CAP = 1000;
