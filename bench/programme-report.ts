// The programme outcome report at the scale (issue 26): 2,000 pairs and 20,000 meetings, p95 ≤ 300 ms.
//
//   npx tsx bench/programme-report.ts [--requests 200] [--json out.json]
//   env: BENCH_DATABASE_URL (PostgreSQL: a fresh database is created and dropped) or nothing (PGlite in a temp dir)
//   --keep (PostgreSQL: leave the database for EXPLAIN)   --no-close (do not close the programme)
//   also: npm run bench -- --only programme-report   (BENCH_DATABASE_URL=… for PostgreSQL)
//
// One published programme is filled with SQL: 1,000 mentors with two mentees each (2,000 pairs, 2,000
// relationships of which 100 ended by a rematch and replaced), 1,600 confirmed agreements, 20,000 held
// sessions (10 per pair over 120 days; plus 2,000 cancelled and 1,000 no-shows that must not count),
// two check-ins for 80 % of the held sessions (~32,000), 4,000 goals (half achieved) and a message per
// pair. Then GET /api/admin/programmes/:id/report is called through the whole Fastify pipeline
// (app.inject: access hook, validation, the handler, the response serializer; no socket), 20 warm-up
// calls, then --requests calls one after another; p50/p95/p99 and the verdict against 300 ms p95.
// The CSV export of the pair table and the close (ending 2,000 pairs, issuing certificates) are timed once.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { benchConfig, scratchDatabase } from './bench-lib.ts';

const BOUND_MS = 300;
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) =>
      a.startsWith('--') ? [a.slice(2), all[i + 1] && !all[i + 1]?.startsWith('--') ? all[i + 1] : 'true'] : null,
    )
    .filter((x): x is [string, string] => x !== null),
);
const REQUESTS = Number(args.requests ?? 200);
const PG_URL = process.env.BENCH_DATABASE_URL || undefined;
const PAIRS = 2000;

const EPOCH = Math.floor(Date.now() / 1000)
  .toString(16)
  .padStart(8, '0');
/** A 24-character id: fixed prefix, a table tag, the row number. */
const id = (tag: string, n: string) => `('${EPOCH}' || '${tag}' || lpad(to_hex(${n}), 12, '0'))`;
/**
 * CPU (user + system, ms) the database's server processes serving `db` have used so far, read from /proc:
 * PostgreSQL on this machine only (null otherwise). Like the API's own CPU, the machine's load does not
 * inflate it much, which the wall times it shares two cores with cannot say.
 */
async function databaseCpuMs(query: (text: string) => Promise<Array<{ pid: number }>>): Promise<number | null> {
  try {
    const rows = await query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
    let ticks = 0;
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return (ticks * 1000) / 100;
  } catch {
    return null;
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0) * 10) / 10;
};

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mb-bench-report-'));
  const scratch = PG_URL ? await scratchDatabase(PG_URL, 'mb_bench_report', { keep: Boolean(args.keep) }) : undefined;
  const config = benchConfig(dataDir, scratch?.url);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const app = await buildApp({ config, database, startJobs: false, logger: false });
    await app.ready();
    const q = (text: string) => database.query(text);
    const t0 = performance.now();
    const adminId = `${EPOCH}ad00000000000001`;
    const prog = `${EPOCH}b0f0000000000001`;
    await q(
      `INSERT INTO users (id, role, email, password_hash, first_name, last_name) VALUES ('${adminId}', 'admin', 'admin@report.bench', 'x', 'Bench', 'Admin')`,
    );
    await q(`INSERT INTO users (id, role, email, password_hash, first_name, last_name, is_verified)
             SELECT ${id('b001', 'n')}, 'professional', 'mentor' || n || '@report.bench', 'x', 'Mentor', 'N' || n, true FROM generate_series(1, ${PAIRS / 2}) n`);
    await q(`INSERT INTO users (id, role, email, password_hash, first_name, last_name)
             SELECT ${id('b002', 'n')}, 'student', 'mentee' || n || '@report.bench', 'x', 'Mentee', 'N' || n FROM generate_series(1, ${PAIRS}) n`);
    // Published 120 days ago.
    await q(`INSERT INTO programmes (id, name, starts_on, ends_on, status, matched_at, published_at, created_by)
             VALUES ('${prog}', 'Bench cohort', (now() - interval '121 days')::date, (now() + interval '60 days')::date, 'published',
                     now() - interval '121 days', now() - interval '120 days', '${adminId}')`);
    await q(`INSERT INTO programme_participants (id, programme_id, user_id, role, status, topics)
             SELECT ${id('b003', 'n')}, '${prog}', ${id('b001', 'n')}, 'mentor', 'joined', '["Optics"]' FROM generate_series(1, ${PAIRS / 2}) n`);
    await q(`INSERT INTO programme_participants (id, programme_id, user_id, role, status, topics)
             SELECT ${id('b004', 'n')}, '${prog}', ${id('b002', 'n')}, 'mentee', 'joined', '["Optics"]' FROM generate_series(1, ${PAIRS}) n`);
    // Mentee n with mentor 1 + (n - 1) % 1000: two mentees per mentor.
    const mentorOf = `1 + (n - 1) % ${PAIRS / 2}`;
    await q(`INSERT INTO programme_pairs (id, programme_id, mentor_id, mentee_id, score)
             SELECT ${id('b005', 'n')}, '${prog}', ${id('b001', mentorOf)}, ${id('b002', 'n')}, 1 FROM generate_series(1, ${PAIRS}) n`);
    // Relationships: 100 ended by a rematch (day 40) and replaced by one with the same mentor since then.
    await q(`INSERT INTO relationships (id, kind, programme_id, pair_id, mentor_id, mentee_id, status, started_at, ended_at, ended_reason)
             SELECT ${id('b006', 'n')}, 'programme', '${prog}', ${id('b005', 'n')}, ${id('b001', mentorOf)}, ${id('b002', 'n')},
                    CASE WHEN n <= 100 THEN 'ended' ELSE 'active' END, now() - interval '120 days',
                    CASE WHEN n <= 100 THEN now() - interval '80 days' END, CASE WHEN n <= 100 THEN 'Rematched' END
             FROM generate_series(1, ${PAIRS}) n`);
    await q(`INSERT INTO relationships (id, kind, programme_id, pair_id, mentor_id, mentee_id, status, started_at)
             SELECT ${id('b007', 'n')}, 'programme', '${prog}', NULL, ${id('b001', mentorOf)}, ${id('b002', 'n')}, 'active', now() - interval '79 days'
             FROM generate_series(1, 100) n`);
    await q(`INSERT INTO relationship_agreements (relationship_id, cadence_days, format, duration_minutes, aims, version, mentor_confirmed_version, mentee_confirmed_version)
             SELECT ${id('b006', 'n')}, 14, 'video', 60, 'Career', 1, 1, 1 FROM generate_series(1, ${(PAIRS * 4) / 5}) n`);
    // 10 held sessions per pair, one every 11 days from day 1, plus a cancelled one and (for half) a no-show.
    await q(`INSERT INTO mentoring_sessions (id, professional_id, student_id, topic, starts_at, ends_at, timezone, status, attendance)
             SELECT ${id('b008', '(n - 1) * 10 + k')}, ${id('b001', mentorOf)}, ${id('b002', 'n')}, 'Career',
                    now() - interval '119 days' + (k * 11) * interval '1 day' + (n % 24) * interval '1 hour',
                    now() - interval '119 days' + (k * 11) * interval '1 day' + (n % 24) * interval '1 hour' + interval '1 hour', 'UTC',
                    'completed', 'attended'
             FROM generate_series(1, ${PAIRS}) n, generate_series(0, 9) k`);
    await q(`INSERT INTO mentoring_sessions (id, professional_id, student_id, topic, starts_at, ends_at, timezone, status)
             SELECT ${id('b009', 'n')}, ${id('b001', mentorOf)}, ${id('b002', 'n')}, 'Career', now() - interval '5 days', now() - interval '5 days' + interval '1 hour', 'UTC', 'cancelled'
             FROM generate_series(1, ${PAIRS}) n`);
    await q(`INSERT INTO mentoring_sessions (id, professional_id, student_id, topic, starts_at, ends_at, timezone, status, attendance)
             SELECT ${id('b00a', 'n')}, ${id('b001', mentorOf)}, ${id('b002', 'n')}, 'Career', now() - interval '3 days', now() - interval '3 days' + interval '1 hour', 'UTC', 'completed', 'no-show'
             FROM generate_series(1, ${PAIRS / 2}) n`);
    // Check-ins by both sides for 80 % of the held sessions, on the relationship the session belongs to.
    for (const [who, tag] of [
      ['mentor', 'b001'],
      ['mentee', 'b002'],
    ] as const) {
      const user = who === 'mentor' ? id(tag, mentorOf) : id(tag, 'n');
      await q(`INSERT INTO meeting_check_ins (session_id, user_id, relationship_id, minutes, rating)
               SELECT ${id('b008', '(n - 1) * 10 + k')}, ${user},
                      CASE WHEN n <= 100 AND k >= 4 THEN ${id('b007', 'n')} ELSE ${id('b006', 'n')} END,
                      45 + 15 * ((n + k) % 4), 1 + (n * 7 + k * 3 ${who === 'mentor' ? '+ 1' : ''}) % 5
               FROM generate_series(1, ${PAIRS}) n, generate_series(0, 9) k WHERE (n + k) % 5 <> 0`);
    }
    await q(`INSERT INTO relationship_goals (id, relationship_id, title, status, achieved_at)
             SELECT ${id('b00b', '(n - 1) * 2 + k')}, ${id('b006', 'n')}, 'Goal ' || k, CASE WHEN k = 1 THEN 'achieved' WHEN n % 10 = 0 THEN 'dropped' ELSE 'open' END,
                    CASE WHEN k = 1 THEN now() - interval '10 days' END
             FROM generate_series(1, ${PAIRS}) n, generate_series(1, 2) k`);
    await q(`INSERT INTO conversation_messages (id, professional_id, student_id, sender_id, body, created_at)
             SELECT ${id('b00c', 'n')}, ${id('b001', mentorOf)}, ${id('b002', 'n')}, ${id('b002', 'n')}, 'Hello', now() - (n % 30) * interval '1 day'
             FROM generate_series(1, ${PAIRS}) n`);
    // Profiles for the report's filters (decision 1010): mentees in years of study 1–4, mentors at 20 organisations.
    await q(`INSERT INTO student_profiles (user_id, university, course, year, roll_number)
             SELECT ${id('b002', 'n')}, 'Bench University', 'Physics', 1 + n % 4, 'R' || n FROM generate_series(1, ${PAIRS}) n`);
    await q(`INSERT INTO professional_profiles (user_id, company)
             SELECT ${id('b001', 'n')}, 'Organisation ' || (1 + n % 20) FROM generate_series(1, ${PAIRS / 2}) n`);
    // Two surveys that went out (decision 1011): pairing fit (a rating) answered 1,500 times, closing (NPS) 2,000 times.
    await q(`INSERT INTO programme_surveys (id, programme_id, title, kind, audience, trigger, send_at, sent_at, questions)
             VALUES (${id('b00d', '1')}, '${prog}', 'Pairing fit', 'pairing-fit', 'everyone', 'first-meeting', now() - interval '118 days', now() - interval '118 days',
                     '[{"id":"q1","kind":"rating","prompt":"How good a fit?","required":true,"options":[],"scaleMax":null,"lowLabel":"","highLabel":""},
                       {"id":"q2","kind":"text","prompt":"Anything else?","required":false,"options":[],"scaleMax":null,"lowLabel":"","highLabel":""}]'),
                    (${id('b00d', '2')}, '${prog}', 'Closing survey', 'closing', 'everyone', 'date', now() - interval '2 days', now() - interval '2 days',
                     '[{"id":"q1","kind":"nps","prompt":"Would you recommend it?","required":true,"options":[],"scaleMax":null,"lowLabel":"","highLabel":""}]')`);
    await q(`INSERT INTO survey_responses (id, survey_id, answers, submitted_on)
             SELECT ${id('b00e', 'n')}, ${id('b00d', '1')}, jsonb_build_object('q1', 1 + n % 5, 'q2', 'Fine'), (now() - interval '100 days')::date FROM generate_series(1, 1500) n`);
    await q(`INSERT INTO survey_responses (id, survey_id, answers, submitted_on)
             SELECT ${id('b00f', 'n')}, ${id('b00d', '2')}, jsonb_build_object('q1', n % 11), (now() - interval '1 day')::date FROM generate_series(1, 2000) n`);
    if (scratch) await q('ANALYZE');
    const prepMs = Math.round(performance.now() - t0);
    const [{ n: meetings } = { n: 0 }] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mentoring_sessions WHERE status <> 'cancelled' AND attendance = 'attended'`,
    );

    const token = await app.ctx.tokens.sign({ sub: adminId, role: 'admin', tv: 0 }, false);
    const headers = { authorization: `Bearer ${token}` };
    const url = `/api/admin/programmes/${prog}/report`;
    const call = async (u: string) => {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url: u, headers });
      const ms = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${u}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { ms, body: res.body };
    };
    const first = await call(url);
    const report = JSON.parse(first.body).data;
    for (let i = 0; i < 20; i++) await call(url);
    const times: number[] = [];
    const dbCpu = (text: string) => database.query<{ pid: number }>(text);
    const db0 = scratch ? await databaseCpuMs(dbCpu) : null;
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) times.push((await call(url)).ms);
    const cpu = process.cpuUsage(cpu0);
    /** The API process's own CPU per report (user + system): what the machine's load cannot inflate. */
    const nodeCpuMs = Math.round(((cpu.user + cpu.system) / 1000 / REQUESTS) * 10) / 10;
    const db1 = scratch ? await databaseCpuMs(dbCpu) : null;
    /** PostgreSQL's CPU per report (its backends for this database; the pool's connections stay open throughout). */
    const dbCpuMs = db0 !== null && db1 !== null ? Math.round(((db1 - db0) / REQUESTS) * 10) / 10 : null;
    // The same report filtered by cohort and by mentor's organisation (decision 1010), 50 calls each.
    const filtered: Record<string, { p50: number; p95: number }> = {};
    for (const [name, query] of [
      ['cohort', 'cohort=2'],
      ['mentorOrganisation', 'mentorOrganisation=Organisation%203'],
    ] as const) {
      const xs: number[] = [];
      for (let i = 0; i < 50; i++) xs.push((await call(`${url}?${query}`)).ms);
      filtered[name] = { p50: pct(xs, 50), p95: pct(xs, 95) };
    }
    const exportMs = (await call(`/api/admin/programmes/${prog}/report/export?table=pairs`)).ms;
    if (args['no-close']) {
      console.log(
        JSON.stringify({ p50: pct(times, 50), p95: pct(times, 95), nodeCpuMs, dbCpuMs, filtered, loadavg: os.loadavg() }),
      );
      await app.close();
      return;
    }
    const closeStart = performance.now();
    const closed = await app.inject({
      method: 'POST',
      url: `/api/admin/programmes/${prog}/close`,
      headers,
      payload: { confirmName: 'Bench cohort' },
    });
    const closeMs = performance.now() - closeStart;
    if (closed.statusCode !== 200) throw new Error(`close: ${closed.statusCode} ${closed.body.slice(0, 300)}`);
    const closedTimes: number[] = [];
    for (let i = 0; i < 50; i++) closedTimes.push((await call(url)).ms);
    const result = {
      database: scratch ? 'postgresql' : 'pglite',
      pairs: report.pairs.total,
      meetingsHeld: report.meetings.held,
      sessionsAttended: meetings,
      prepMs,
      requests: REQUESTS,
      firstMs: Math.round(first.ms),
      p50: pct(times, 50),
      p95: pct(times, 95),
      p99: pct(times, 99),
      max: Math.round(Math.max(...times)),
      nodeCpuMsPerReport: nodeCpuMs,
      databaseCpuMsPerReport: dbCpuMs,
      filtered,
      closedP95: pct(closedTimes, 95),
      pairsExportMs: Math.round(exportMs),
      closeMs: Math.round(closeMs),
      closure: JSON.parse(closed.body).data.closure,
      loadavg: os.loadavg().map((n) => n.toFixed(2)),
    };
    const verdict = {
      budget: 'programme report, 2,000 pairs and 20,000 meetings: p95 ≤ 300 ms',
      measured: `p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms over ${REQUESTS} calls (${result.database}; ${result.pairs} relationships, ${result.meetingsHeld} meetings)`,
      held: result.pairs >= PAIRS && result.meetingsHeld >= 20_000 ? result.p95 <= BOUND_MS : null,
    };
    console.log(JSON.stringify({ ...result, verdict }, null, 2));
    if (args.json) writeFileSync(args.json, JSON.stringify({ ...result, verdict }, null, 2));
    await app.close();
  } finally {
    await database.close().catch(() => undefined);
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
