// Lookups of users by a list of e-mail addresses (decision 650). users.email has a b-tree (unique) and a
// trigram GIN index (admin search, migration 0013). pg_trgm's operator class answers `=` too, and for
// `email IN (<list>)` on a few thousand users at one domain the planner picked the trigram index: each
// address walks the posting lists of its domain's trigrams (2.1 s for 500 addresses among 5,000 users).
// The reschedule fan-out asks for 500 addresses per batch, which made it 10 × slower. These tests read
// the plan (no timing): the lookups the product runs must not use the trigram index.
// PostgreSQL 15 falls into the trap; PGlite (PostgreSQL 18) does not on this data (see the first test).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { preferencesOf } from './mail.ts';
import { queryRows, textIn } from './sql.ts';

const USERS = 5000;
const address = (n: number) => `student${n}@lookup.example`;
const batch = Array.from({ length: 500 }, (_, i) => address(i * 7 + 1));

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.execute(sql`
    INSERT INTO users (id, role, email, password_hash, first_name, last_name)
    SELECT lpad(g::text, 24, '0'), 'student', 'student' || g || '@lookup.example', 'x', 'Student', g::text
    FROM generate_series(1, ${USERS}) AS g`);
  await database.db.execute(sql`ANALYZE users`);
});

afterAll(async () => {
  await drop();
});

/** Every index the plan of `query` reads. */
async function indexesOf(query: ReturnType<typeof sql>): Promise<string[]> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(database.db, sql`EXPLAIN (FORMAT JSON) ${query}`);
  const raw = row?.['QUERY PLAN'];
  const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
  return [...text.matchAll(/"Index Name":\s*"([^"]+)"/g)].map((m) => m[1] ?? '');
}

describe('lookups of users by a list of addresses', () => {
  // The trap itself, on PostgreSQL 15 (the server). PGlite (PostgreSQL 18) plans the plain list through the
  // b-tree on this data, so there the two guards below hold either way; on PostgreSQL they fail without
  // decision 650 (run the file with TEST_DATABASE_URL).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('on this data PostgreSQL plans the plain IN list through the trigram index (the trap)', async () => {
    const list = sql.join(batch.map((a) => sql`${a}`), sql`, `);
    expect(await indexesOf(sql`SELECT email FROM users WHERE email IN (${list})`)).toContain('users_email_trgm_idx');
  });

  it("the e-mail preference lookup of a fan-out batch (500 addresses) never reads the trigram index", async () => {
    const query = preferencesOf(database.db, batch).getSQL();
    expect(await indexesOf(query)).not.toContain('users_email_trgm_idx');
    const rows = await preferencesOf(database.db, [...batch, 'nobody@lookup.example', address(1).toUpperCase()]);
    expect(rows).toHaveLength(batch.length);
  });

  it('textIn finds exactly the listed values, for short and empty lists too, without the trigram index', async () => {
    for (const list of [[], [address(3)], [address(3), address(4), 'nobody@lookup.example'], batch]) {
      const query = sql`SELECT ${users.email} AS email FROM ${users} WHERE ${textIn(users.email, list)}`;
      expect(await indexesOf(query)).not.toContain('users_email_trgm_idx');
      const rows = await queryRows<{ email: string }>(database.db, query);
      expect(rows.map((r) => r.email).sort()).toEqual(list.filter((a) => a !== 'nobody@lookup.example').sort());
    }
  });
});
