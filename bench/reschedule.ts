// Reschedule fan-out (issue 12): an admin moves a workshop with 5,000 registrants.
//
//   node --import tsx bench/reschedule.ts [--registrants 5000] [--json out.json]
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/reschedule.ts
//
// Builds the real API in this process on a fresh database (PGlite in a temp DATA_DIR, or a temporary
// PostgreSQL database), listening on 127.0.0.1 (port BENCH_RESCHEDULE_PORT, default 3155), with the
// job runner off so each phase is measured alone:
//  1. the request: PUT /api/admin/workshops/{id} over HTTP (fetch), moving the start and end time, five
//     times — the median answer is the budget "≤ 200 ms" (the request writes one change row and one job);
//  2. the fan-out: the job the request queued (event.change), run as the job runner runs it, until every
//     registrant has an in-app notification and a queued e-mail — the budget "≤ 60 s". Delivery of the
//     queued e-mails (SMTP or outbox files) is the e-mail job's, not measured here.
// Prints one JSON object (and writes it to --json when given).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { hashPassword } from '../apps/api/src/lib/password.ts';
import { queryRows } from '../apps/api/src/lib/sql.ts';
import { newId } from '../apps/api/src/lib/ids.ts';
import { insertWorkshop } from '../apps/api/src/modules/workshops/workshops.fixtures.ts';
import { EVENT_CHANGE_JOB } from '../apps/api/src/lib/event-changes.ts';
import { createEventChangeJob } from '../apps/api/src/modules/calendar/fan-out.ts';
import { benchConfig, scratchDatabase } from './bench-lib.ts';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) => (a.startsWith('--') ? [a.slice(2), all[i + 1] && !all[i + 1]?.startsWith('--') ? all[i + 1] : 'true'] : null))
    .filter((x): x is [string, string] => x !== null),
);
const REGISTRANTS = Number(args.registrants ?? 5000);
const PORT = Number(process.env.BENCH_RESCHEDULE_PORT ?? 3155);
const PG_URL = process.env.BENCH_DATABASE_URL;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mb-bench-reschedule-'));
  const scratch = PG_URL ? await scratchDatabase(PG_URL, 'mb_bench_reschedule') : undefined;
  const config = benchConfig(dataDir, scratch?.url, { PORT: String(PORT), HOST: '127.0.0.1' });
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database, startJobs: false, logger: false });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const db = database.db;
  try {
    // Data: an admin, REGISTRANTS students (one shared password hash) and their registrations.
    const hash = await hashPassword(`Bench-${randomBytes(6).toString('hex')}`);
    const adminId = newId();
    await db.execute(sql`INSERT INTO users (id, role, email, password_hash, first_name, last_name) VALUES (${adminId}, 'admin', 'admin@reschedule.bench', ${hash}, 'Bench', 'Admin')`);
    const pro = newId();
    await db.execute(sql`INSERT INTO users (id, role, email, password_hash, first_name, last_name, is_verified) VALUES (${pro}, 'professional', 'pro@reschedule.bench', ${hash}, 'Bench', 'Mentor', true)`);
    await db.execute(sql`INSERT INTO professional_profiles (user_id, title, company) VALUES (${pro}, 'Engineer', 'Bench')`);
    // The workshop form caps capacity at 1,000 (WORKSHOP_MAX_PARTICIPANTS), and the PUT validates the whole
    // workshop. The scale is 5,000 registrants, so the bench writes the registrations directly and
    // leaves the seat counter at the cap: the fan-out walks registrations, never the counter.
    const cap = Math.min(REGISTRANTS, 1000);
    const workshop = await insertWorkshop(db, { professionalId: pro, daysFromNow: 30, maxParticipants: cap, registeredCount: cap, timezone: 'Europe/London' });
    const prepStart = performance.now();
    for (let from = 0; from < REGISTRANTS; from += 1000) {
      const ids = Array.from({ length: Math.min(1000, REGISTRANTS - from) }, () => newId());
      const rows = ids.map((id, i) => ({ id, n: from + i }));
      await db.execute(sql`
        INSERT INTO users (id, role, email, password_hash, first_name, last_name)
        SELECT x->>'id', 'student', 'student' || (x->>'n') || '@reschedule.bench', ${hash}, 'Student', x->>'n'
        FROM json_array_elements(${JSON.stringify(rows)}::json) AS x`);
      await db.execute(sql`
        INSERT INTO workshop_registrations (id, workshop_id, student_id, status)
        SELECT x->>'rid', ${workshop.id}, x->>'id', 'registered'
        FROM json_array_elements(${JSON.stringify(rows.map((r) => ({ ...r, rid: newId() })))}::json) AS x`);
    }
    const prepMs = Math.round(performance.now() - prepStart);
    const token = await app.ctx.tokens.sign({ sub: adminId, role: 'admin', tv: 0 }, false);
    const base = `http://127.0.0.1:${PORT}`;
    const put = async (startTime: string, endTime: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/admin/workshops/${workshop.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ startTime, endTime }),
      });
      await res.text();
      if (res.status !== 200) throw new Error(`PUT answered ${res.status}`);
      return Math.round((performance.now() - t0) * 10) / 10;
    };
    // Warm-up on a workshop nobody registered for (JIT, connection pool), then the measured request.
    const warm = await insertWorkshop(db, { professionalId: pro, daysFromNow: 31 });
    await fetch(`${base}/api/admin/workshops/${warm.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ startTime: '09:00', endTime: '11:00' }),
    }).then((r) => r.text());
    // Five reschedules in a row (each a real change: a new start time); the answer time is their median.
    // Each queues its own fan-out job; the older ones are superseded (decision 421), the last one is run.
    const answers: number[] = [];
    for (const [startTime, endTime] of [['14:00', '16:00'], ['14:30', '16:30'], ['15:00', '17:00'], ['15:30', '17:30'], ['16:00', '18:00']] as const) {
      answers.push(await put(startTime, endTime));
    }
    const sorted = [...answers].sort((a, b) => a - b);
    const answerMs = sorted[2] ?? 0;

    const [job] = await queryRows<{ id: string; payload: { changeId: string } }>(
      db,
      sql`SELECT id, payload FROM jobs WHERE type = ${EVENT_CHANGE_JOB} AND status = 'pending' ORDER BY created_at DESC LIMIT 1`,
    );
    if (!job) throw new Error('the reschedule queued no fan-out job');
    const fanStart = performance.now();
    await createEventChangeJob(db, config)(job.payload);
    const fanOutMs = Math.round(performance.now() - fanStart);
    const [counts] = await queryRows<{ emails: number; notifications: number }>(db, sql`
      SELECT (SELECT count(*)::int FROM emails WHERE subject LIKE 'Updated:%') AS emails,
             (SELECT count(*)::int FROM notifications WHERE sub_type = 'rescheduled') AS notifications`);
    const result = {
      database: PG_URL ? 'postgres' : 'pglite',
      // The answer time does not depend on the registrants (the request writes two rows); on a shared
      // machine it depends on the load, so the load is part of the result.
      loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
      registrants: REGISTRANTS,
      prepareMs: prepMs,
      answerMs,
      answersMs: answers,
      fanOutMs,
      emailsQueued: Number(counts?.emails ?? 0),
      notifications: Number(counts?.notifications ?? 0),
      budgets: {
        answer: { budget: 'reschedule with 5,000 registrants answers ≤ 200 ms (median of 5)', held: answerMs <= 200 },
        fanOut: {
          budget: 'all 5,000 e-mails queued within 60 s',
          // Everyone registered plus the instructor.
          held: fanOutMs <= 60_000 && Number(counts?.emails ?? 0) >= REGISTRANTS + 1,
        },
      },
    };
    const text = JSON.stringify(result);
    if (args.json && args.json !== 'true') writeFileSync(args.json, text);
    console.log(text);
  } finally {
    await app.close();
    await database.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
