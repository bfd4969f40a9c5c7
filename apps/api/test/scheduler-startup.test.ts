// Start-up of the scheduler (R&D deadline sweep and every other timed task): never a database query while
// the app is built or made ready; after start-up each slot is queued once, whatever the number of processes.
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { PGLITE_EXTENSIONS, fromPglite, type Database } from '../src/db/client.ts';
import { queryRows } from '../src/lib/sql.ts';
import { openTestDatabase, testConfig } from './harness.ts';
import { DEADLINE_SWEEP_TASK } from '../src/modules/rd-projects/alerts.ts';

/** A server-like configuration: jobs on, not the test environment. */
const serverConfig = () => testConfig({ NODE_ENV: 'development', JOBS_ENABLED: 'true' });

async function readyAndClose(database: Database, check?: () => Promise<void>) {
  const config = serverConfig();
  const app = await buildApp({ config, database, startJobs: false, logger: false });
  try {
    await app.ready();
    await check?.();
  } finally {
    await app.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  }
}

const pendingSweeps = async (database: Database) =>
  (await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM jobs WHERE type = ${`scheduled:${DEADLINE_SWEEP_TASK}`} AND status = 'pending'`))[0]?.n;

describe('R&D deadline sweep start-up', () => {
  it('builds and becomes ready on a database that is not migrated yet', async () => {
    const database = fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    try {
      await expect(readyAndClose(database, () => new Promise((r) => setTimeout(r, 50)))).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });

  it('queues one sweep after start-up on a migrated database, and only one', async () => {
    const opened = await openTestDatabase();
    try {
      await readyAndClose(opened.database, async () => {
        await expect.poll(() => pendingSweeps(opened.database), { timeout: 5000 }).toBe(1);
      });
      // A second process (or a restart) finds the pending sweep and does not add another.
      await readyAndClose(opened.database, async () => {
        await new Promise((r) => setTimeout(r, 200));
        expect(await pendingSweeps(opened.database)).toBe(1);
      });
    } finally {
      await opened.drop();
    }
  });
});
