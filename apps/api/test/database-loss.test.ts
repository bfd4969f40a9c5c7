// Issue 31: a PostgreSQL connection that dies must never end the process. node-postgres emits `error` on a
// client whose connection is lost while no query runs on it; the pool listens only while a client is idle,
// so a client checked out for a transaction (between two statements) used to throw an unhandled `error`
// event and take the process down. PostgreSQL only (PGlite has no connection to lose). The drills
// pg-crash.mjs and pg-failover.mjs do the same to whole clusters under load with three processes.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/lib/sql.ts';
import { useTestApp } from './harness.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const t = useTestApp();
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function terminate(pid: number) {
  // From another connection of the pool, as an administrator or a crash would.
  await t.database.query('SELECT pg_terminate_backend($1)', [pid]);
}

describe.skipIf(!onPostgres)('losing PostgreSQL connections', () => {
  it('a transaction whose connection dies between statements fails; the process lives and the pool serves again', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    let failure: unknown;
    try {
      await t.database.db.transaction(async (tx) => {
        const [me] = await queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
        await terminate(me!.pid);
        await pause(300); // the checked-out client, idle between statements, hears its connection die now
        await tx.execute(sql`SELECT 1`);
      });
    } catch (error) {
      failure = error;
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
    expect(failure).toBeDefined();
    // What the error handler maps to 503 + Retry-After (app.ts isDatabaseUnavailable).
    const messages: string[] = [];
    for (let e: unknown = failure; e instanceof Error; e = e.cause) messages.push(e.message);
    expect(messages.join(' | ')).toMatch(/Connection terminated|is not queryable|terminating connection/);
    const [row] = await queryRows<{ ok: number }>(t.database.db, sql`SELECT 1 AS ok`);
    expect(row?.ok).toBe(1);
  });

  it('every idle pooled connection killed at once: no crash, the next queries open new ones', async () => {
    // Fill the pool with idle connections, then end all of them.
    await Promise.all(Array.from({ length: 5 }, () => t.database.query('SELECT pg_sleep(0.05)')));
    const others = await t.database.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = $1',
      ['client backend'],
    );
    for (const o of others) await terminate(o.pid);
    await pause(300);
    const rows = await Promise.all(Array.from({ length: 5 }, () => t.database.query<{ ok: number }>('SELECT 1 AS ok')));
    expect(rows.map((r) => r[0]?.ok)).toEqual([1, 1, 1, 1, 1]);
  });
});
