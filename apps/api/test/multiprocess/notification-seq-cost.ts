// What the per-user notification number (docs/decisions/600) costs a hot user: many transactions at once
// each notifying the same user (likes on many ideas of one author) serialise on that user's counter row
// from the insert until commit. Measured on PostgreSQL, against the same inserts with the seq trigger
// dropped (the old behaviour), and against the same load spread over many users.
//
//   cd apps/api && COST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx test/multiprocess/notification-seq-cost.ts
//
// Makes its own database (mb_seqcost_*) and drops it. COST_SECONDS (default 5) per measurement.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { openPostgres } from '../../src/db/client.ts';
import { users } from '../../src/db/schema/users.ts';
import { notify } from '../../src/modules/notifications/notifications.service.ts';
import { withDatabase } from '../global-setup.ts';

const URL_ = process.env.COST_DATABASE_URL;
if (!URL_) {
  console.log('set COST_DATABASE_URL to a PostgreSQL server');
  process.exit(0);
}
const SECONDS = Number(process.env.COST_SECONDS ?? 5);
const name = `mb_seqcost_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: URL_ });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const database = openPostgres(withDatabase(URL_, name), { max: 40 });
try {
  await database.migrate();
  const ids: string[] = [];
  for (let i = 0; i < 64; i++) {
    const [u] = await database.db
      .insert(users)
      .values({ role: 'student', email: `cost-${i}@example.com`, passwordHash: 'x', firstName: 'Cost', lastName: `${i}`, passwordChangedAt: new Date() })
      .returning({ id: users.id });
    ids.push(u?.id ?? '');
  }

  async function measure(label: string, concurrency: number, userOf: (worker: number) => string) {
    const latencies: number[] = [];
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, w) => {
        while (Date.now() < until) {
          const start = performance.now();
          await database.db.transaction(async (tx) => {
            await notify(tx, { userId: userOf(w), type: 'idea', subType: 'like', title: 'Someone liked your idea', message: 'cost' });
          });
          latencies.push(performance.now() - start);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const q = (p: number) => (latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(1);
    console.log(
      `${label.padEnd(36)} c=${String(concurrency).padStart(2)}  ${String(Math.round(latencies.length / SECONDS)).padStart(5)} tx/s  p50 ${q(0.5)} ms  p99 ${q(0.99)} ms  load ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
  }

  const hot = ids[0] ?? '';
  // Warm up (pool connections, plans, caches) before anything is measured; not printed.
  const quiet = console.log;
  console.log = () => undefined;
  await measure('warm-up', 32, (w) => ids[w % ids.length] ?? '');
  console.log = quiet;
  for (const c of [1, 8, 32]) {
    await measure('with seq, one hot user', c, () => hot);
    await measure('with seq, one user per worker', c, (w) => ids[w % ids.length] ?? '');
  }
  // The old behaviour: no trigger, no counter, no unique (user_id, seq).
  await database.query('DROP TRIGGER notifications_assign_seq ON notifications');
  await database.query('DROP INDEX notifications_user_seq_idx');
  for (const c of [1, 8, 32]) {
    await measure('without seq (old), one hot user', c, () => hot);
    await measure('without seq (old), one user per worker', c, (w) => ids[w % ids.length] ?? '');
  }
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
