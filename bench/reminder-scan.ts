// The reminder scan at full scale (issue 12): ≤ 1 s per scan.
//
//   node --import tsx bench/reminder-scan.ts [out.json]     env: DATABASE_URL (PostgreSQL) or nothing (PGlite in memory)
//
// A fresh database is filled with a full-scale calendar: 20,000 students, 2,000 professionals, 5,000
// published workshops over ±60 days with 20 registrations each (100,000), 50,000 scheduled mentoring
// sessions over ±60 days. Then scanReminders (apps/api/src/modules/reminders/reminders.ts) is timed:
// the first scan (sends what is due: about a day of events), then steady-state scans (nothing new due:
// what every process does every minute). Prints one line per measurement and a verdict against 1,000 ms.
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS, fromPglite, openPostgres, type Database } from '../apps/api/src/db/client.ts';
import { scanReminders } from '../apps/api/src/modules/reminders/reminders.ts';
import { scratchDatabase } from './bench-lib.ts';

const BOUND_MS = 1000;
const url = process.env.DATABASE_URL || undefined;

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!url) {
    const database = fromPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    return { database, drop: () => database.close() };
  }
  const scratch = await scratchDatabase(url, 'mb_bench_rem');
  const database = openPostgres(scratch.url, { max: 4 });
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A 24-hex id: fixed epoch prefix (the same in every statement), a table tag, the row number. */
const EPOCH = Math.floor(Date.now() / 1000).toString(16).padStart(8, '0');
const id = (tag: string, n: string) => `('${EPOCH}' || '${tag}' || lpad(to_hex(${n}), 12, '0'))`;

async function main() {
  const { database, drop } = await open();
  try {
    await database.migrate();
    const q = (text: string) => database.query(text);
    const t0 = Date.now();
    await q(`INSERT INTO users (id, role, email, password_hash, first_name, last_name)
             SELECT ${id('a001', 'n')}, 'student', 'bench-s' || n || '@example.com', 'x', 'Student', 'N' || n FROM generate_series(1, 20000) n`);
    await q(`INSERT INTO users (id, role, email, password_hash, first_name, last_name)
             SELECT ${id('a002', 'n')}, 'professional', 'bench-p' || n || '@example.com', 'x', 'Pro', 'N' || n FROM generate_series(1, 2000) n`);
    // Workshops every ~17 minutes from 60 days ago to 60 days ahead, 2 h long.
    await q(`INSERT INTO workshops (id, title, description, category, date, start_time, end_time, timezone, starts_at, ends_at, max_participants, registered_count, status, professional_id, meeting_link)
             SELECT ${id('a003', 'n')}, 'Workshop ' || n, 'Bench', 'Technology', (s AT TIME ZONE 'UTC')::date, to_char(s AT TIME ZONE 'UTC', 'HH24:MI'),
                    to_char((s + interval '2 hours') AT TIME ZONE 'UTC', 'HH24:MI'), 'UTC', s, s + interval '2 hours', 30, 20, 'published',
                    ${id('a002', '1 + n % 2000')}, 'https://meet.jit.si/bench-' || n
             FROM (SELECT n, now() - interval '60 days' + (n * interval '120 days' / 5000) AS s FROM generate_series(1, 5000) n) w`);
    await q(`INSERT INTO workshop_registrations (id, workshop_id, student_id, status)
             SELECT ${id('a004', '(w - 1) * 20 + k')}, ${id('a003', 'w')}, ${id('a001', '1 + ((w * 37 + k * 997) % 20000)')}, 'registered'
             FROM generate_series(1, 5000) w, generate_series(1, 20) k
             ON CONFLICT DO NOTHING`);
    await q(`INSERT INTO mentoring_sessions (id, professional_id, student_id, topic, starts_at, ends_at, timezone, status, meet_link)
             SELECT ${id('a005', 'n')}, ${id('a002', '1 + n % 2000')}, ${id('a001', '1 + (n * 7) % 20000')}, 'Session ' || n, s, s + interval '1 hour', 'UTC', 'scheduled', 'https://meet.jit.si/s-' || n
             FROM (SELECT n, now() - interval '60 days' + (n * interval '120 days' / 50000) AS s FROM generate_series(1, 50000) n) x`);
    await q('ANALYZE');
    console.error(`reminder-scan: data in ${Date.now() - t0} ms`);

    const publicUrl = 'http://127.0.0.1';
    const measure = async (label: string, now: Date) => {
      const start = process.hrtime.bigint();
      const sent = await scanReminders(database.db, now, publicUrl);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      return { label, ms: Math.round(ms), sent: sent.workshops + sent.sessions + sent.interviews };
    };
    const now = new Date();
    const results = [await measure('first scan (sends what is due in the next 24 h)', now)];
    for (let i = 1; i <= 5; i++) results.push(await measure(`steady scan ${i} (a minute later)`, new Date(now.getTime() + i * 60_000)));
    const steady = results.slice(1).map((r) => r.ms).sort((a, b) => a - b);
    const median = steady[Math.floor(steady.length / 2)] ?? 0;
    for (const r of results) console.log(`reminder scan, ${r.label}: ${r.ms} ms, ${r.sent} reminders sent`);
    const verdict = {
      budget: `reminder scan at full scale (5,000 workshops × 20, 50,000 sessions): ≤ ${BOUND_MS} ms`,
      measured: `steady median ${median} ms; first scan ${results[0]?.ms} ms sending ${results[0]?.sent}`,
      held: median <= BOUND_MS,
    };
    console.log(`${verdict.held ? 'HELD' : 'MISS'}  ${verdict.budget}: ${verdict.measured}`);
    if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify({ results, verdict }, null, 2));
  } finally {
    await drop();
  }
}

await main();
