// VACUUM (ANALYZE) the bench's working database, between the scenarios that write (logins, the write mix)
// and the list comparisons (API with the cache off, then the raw handlers): both read the tables in the
// same state, instead of one before autovacuum got to the dead rows the writes left and the other after.
//
//   node --import tsx bench/vacuum.ts      env: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite; no other process may hold it)
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../apps/api/src/db/client.ts';

const started = Date.now();
if (process.env.DATABASE_URL) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query('VACUUM (ANALYZE)');
  await client.end();
} else {
  const db = await PGlite.create(path.join(process.env.DATA_DIR ?? './data', 'db'), { extensions: PGLITE_EXTENSIONS });
  await db.exec('VACUUM (ANALYZE)');
  await db.close();
}
console.error(`bench: VACUUM (ANALYZE) before the list comparisons took ${Date.now() - started} ms`);
