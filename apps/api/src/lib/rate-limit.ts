import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimited } from './errors.ts';
import { queryRows } from './sql.ts';

export interface Hit {
  count: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counter in the database, so every API process shares it.
 * One statement: opens a new window when the old one has passed, otherwise increments.
 */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<Hit> {
  const rows = await queryRows<{ count: number; reset_at: string | Date }>(db, sql`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now()
        THEN now() + make_interval(secs => ${windowSeconds}) ELSE rate_limits.reset_at END
    RETURNING count, reset_at`);
  const row = rows[0];
  if (!row) return { count: 1, retryAfterSeconds: windowSeconds };
  const resetAt = new Date(row.reset_at).getTime();
  return { count: Number(row.count), retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) };
}

/** Current count without incrementing (0 when the window has passed). */
export async function peek(db: Db, key: string): Promise<Hit> {
  const rows = await queryRows<{ count: number; reset_at: string | Date }>(db, 
    sql`SELECT count, reset_at FROM rate_limits WHERE key = ${key} AND reset_at > now()`,
  );
  const row = rows[0];
  if (!row) return { count: 0, retryAfterSeconds: 0 };
  const resetAt = new Date(row.reset_at).getTime();
  return { count: Number(row.count), retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) };
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/**
 * Count a failure under a sliding expiry: the count is forgotten `windowSeconds` after the last
 * failure (a new window starts when it has been forgotten). Returns the new count.
 */
export async function bump(db: Db, key: string, windowSeconds: number): Promise<number> {
  const rows = await queryRows<{ count: number }>(db, sql`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = now() + make_interval(secs => ${windowSeconds})
    RETURNING count`);
  return Number(rows[0]?.count ?? 1);
}

/** Hold `key` for `seconds` from now (a lock, or a remembered fact such as a trusted source). */
export async function hold(db: Db, key: string, seconds: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${seconds}))
    ON CONFLICT (key) DO UPDATE SET count = 1, reset_at = now() + make_interval(secs => ${seconds})`);
}

/** Forget every key that starts with `prefix` (letters, digits, ':', '.' and '-' only — no LIKE wildcards). */
export async function clearPrefix(db: Db, prefix: string): Promise<void> {
  if (!/^[A-Za-z0-9:.-]+$/.test(prefix)) throw new Error('unsafe rate-limit prefix');
  await db.execute(sql`DELETE FROM rate_limits WHERE key LIKE ${`${prefix}%`}`);
}

/** New accounts of any kind (student, expert, organisation) from one address: at most `max` an hour (429 past it). */
export async function limitSignups(db: Db, ip: string, max: number): Promise<void> {
  const attempt = await hit(db, `register:ip:${ip}`, 3600);
  if (attempt.count > max) throw rateLimited(attempt.retryAfterSeconds);
}

/** Issue 28 (decision 735): an answer that reveals an existing account costs this many registration attempts. */
export const DUPLICATE_REGISTRATION_COST = 5;

/** Charge `extra` more attempts to an address's hourly registration budget. */
export async function chargeSignups(db: Db, ip: string, extra: number): Promise<void> {
  for (let i = 0; i < extra; i++) await hit(db, `register:ip:${ip}`, 3600);
}
