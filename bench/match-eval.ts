// Offline evaluation of "Recommended for you" (issue 14, decision 463) on the generated data set.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/match-eval.ts --db mb_bench_s1000_v2
//     (or --scale 1: the generator's versioned name, bench/data-version.mjs)
//     [--students 400] [--seed 14] [--at 2026-11-24T00:00:00Z] [--out file.json]
//   npm run bench:match -- --db …                       (the same)
//   npm run bench:match -- --cohort-only                 (only the cohort matching time, no database)
//
// Leave-one-out: for each sampled student, inside a transaction that is rolled back, hide the student's most
// recent workshop registration (to a workshop still open: published, upcoming, not full) and, separately, the
// most recent R&D application (to a project still open), then ask the recommender — and two baselines over
// the same open candidates (most popular; random) — for a ranked list. Hit rate @5: the hidden item is in the
// top 5; NDCG @10 with one relevant item: 1/log2(rank + 1) when rank ≤ 10. Likes are ideas (not a
// recommended kind), so they are not held out. Mentors (data version ≥ 2 has connection requests): the
// student's most recent connection request is hidden the same way; baselines are the most requested
// mentors with room, and random. The mentor list is also measured for spread (the largest share of all
// top-5 slots held by one mentor).
// Server time: each recommend() call timed in-process (the SQL and the scoring, no HTTP).
import { performance } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openPostgres, type Db } from '../apps/api/src/db/client.ts';
import { queryRows } from '../apps/api/src/lib/sql.ts';
import {
  loadStudent,
  recommendProfessionals,
  recommendProjects,
  recommendWorkshops,
} from '../apps/api/src/modules/matching/recommendations.service.ts';
import { MENTOR_CAPACITY_DEFAULT } from '../packages/shared/src/matching.ts';
import { createCatalogueCache } from '../apps/api/src/lib/cache.ts';
import { mulberry32 } from './bench-lib.ts';
import { DATA_VERSION, benchDatabaseName } from './data-version.mjs';
import { stableMatch } from '../apps/api/src/modules/programmes/stable-matching.ts';
import { largeCohort } from '../apps/api/src/modules/programmes/stable-matching.fixtures.ts';

/**
 * Issue 14: cohort matching of 2,000 mentees and 300 mentors (1–8 places, two topics each, five ranked
 * choices) in ≤ 5 s. Three seeded instances, wall and CPU time each; stability of every pair is checked by
 * programmes/stable-matching.test.ts, the time is measured here (never asserted in a test).
 */
function cohortTiming() {
  const runs: { wallMs: number; cpuMs: number; pairs: number; places: number }[] = [];
  for (let run = 0; run < 3; run++) {
    const { mentees, mentors } = largeCohort(mulberry32(7 + run));
    const started = performance.now();
    const cpu = process.cpuUsage();
    const r = stableMatch({ mentees, mentors });
    const used = process.cpuUsage(cpu);
    runs.push({
      wallMs: Math.round(performance.now() - started),
      cpuMs: Math.round((used.user + used.system) / 1000),
      pairs: r.assignment.size,
      places: mentors.reduce((n, m) => n + m.capacity, 0),
    });
  }
  const worst = Math.max(...runs.map((r) => r.wallMs));
  console.error(`${worst <= 5000 ? 'HELD' : 'MISS'}  cohort matching of 2,000 mentees × 300 mentors ≤ 5 s: worst of 3 runs ${worst} ms wall`);
  return { runs, worstWallMs: worst, held: worst <= 5000 };
}

function args(argv: string[]) {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a.startsWith('--')) out[a.slice(2)] = argv[i + 1] && !argv[i + 1]?.startsWith('--') ? (argv[++i] as string) : 'true';
  }
  return out;
}

class Rollback extends Error {}

/** Run `fn` in a transaction that is always rolled back (the held-out rows come back). */
async function inRolledBack<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  let result: T | undefined;
  try {
    await db.transaction(async (tx) => {
      result = await fn(tx);
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return result as T;
}

interface Metric {
  n: number;
  hits5: number;
  ndcg10: number;
}
const metric = (): Metric => ({ n: 0, hits5: 0, ndcg10: 0 });
function score(m: Metric, ranked: string[], hidden: string) {
  m.n++;
  const rank = ranked.indexOf(hidden) + 1;
  if (rank >= 1 && rank <= 5) m.hits5++;
  if (rank >= 1 && rank <= 10) m.ndcg10 += 1 / Math.log2(rank + 1);
}
const report = (m: Metric) => ({ students: m.n, hitRate5: m.n ? +(m.hits5 / m.n).toFixed(4) : 0, ndcg10: m.n ? +(m.ndcg10 / m.n).toFixed(4) : 0 });

function shuffle<T>(items: T[], rnd: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? +(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0).toFixed(1) : 0;
};

async function main() {
  const a = args(process.argv.slice(2));
  const cohort = cohortTiming();
  if (a['cohort-only']) {
    console.log(JSON.stringify({ cohort }, null, 2));
    return;
  }
  const base = process.env.BENCH_DATABASE_URL;
  if (!a.db && a.scale) a.db = benchDatabaseName(String(Math.round(Number(a.scale) * 1000)).padStart(4, '0'));
  if (!base || !a.db) throw new Error('usage: BENCH_DATABASE_URL=… npx tsx bench/match-eval.ts --db <generated database> | --scale <s>');
  const url = new URL(base);
  url.pathname = `/${a.db}`;
  const database = openPostgres(url.toString(), { max: 2, statementTimeoutMs: 60_000 });
  const db = database.db;
  const sampleSize = Number(a.students ?? 400);
  const rnd = mulberry32(Number(a.seed ?? 14));
  const now = a.at ? new Date(a.at) : new Date();

  // Students with a registration to a still-open workshop, and with an application to a still-open project.
  const wsStudents = await queryRows<{ student_id: string; workshop_id: string }>(
    db,
    sql`SELECT DISTINCT ON (r.student_id) r.student_id, r.workshop_id
        FROM workshop_registrations r JOIN workshops w ON w.id = r.workshop_id
        WHERE r.status <> 'cancelled' AND w.status = 'published' AND w.starts_at > ${now.toISOString()}::timestamptz
        ORDER BY r.student_id, r.created_at DESC, r.id DESC`,
  );
  const rdStudents = await queryRows<{ student_id: string; project_id: string }>(
    db,
    sql`SELECT DISTINCT ON (a.student_id) a.student_id, a.project_id
        FROM rd_applications a JOIN rd_projects p ON p.id = a.project_id
        WHERE p.status = 'active' AND p.visibility = 'public' AND p.application_deadline > ${now.toISOString()}::timestamptz
        ORDER BY a.student_id, a.created_at DESC, a.id DESC`,
  );
  // --mentors-only: skip the workshop and project lists (quicker runs when tuning the mentor list; the random
  // baselines then draw fewer numbers, so the mentor samples differ from a full run's: compare like with like).
  const wsSample = shuffle(wsStudents, rnd).slice(0, a['mentors-only'] ? 0 : sampleSize);
  const rdSample = shuffle(rdStudents, rnd).slice(0, a['mentors-only'] ? 0 : sampleSize);

  const ws = { recommender: metric(), popularity: metric(), random: metric() };
  const rd = { recommender: metric(), popularity: metric(), random: metric() };
  const latency: Record<string, number[]> = { workshop: [], 'rd-project': [], professional: [] };

  for (const { student_id: sid, workshop_id: hidden } of wsSample) {
    await inRolledBack(db, async (tx) => {
      await queryRows(
        tx,
        sql`WITH d AS (DELETE FROM workshop_registrations WHERE student_id = ${sid} AND workshop_id = ${hidden} RETURNING workshop_id)
            UPDATE workshops SET registered_count = registered_count - 1 WHERE id IN (SELECT workshop_id FROM d) RETURNING id`,
      );
      const s = await loadStudent(tx, sid);
      const t0 = performance.now();
      const recs = await recommendWorkshops(tx, s, 10, now);
      latency.workshop?.push(performance.now() - t0);
      score(
        ws.recommender,
        recs.map((r) => r.id),
        hidden,
      );
      const open = await queryRows<{ id: string; n: number }>(
        tx,
        sql`SELECT w.id, w.registered_count AS n FROM workshops w
            WHERE w.status = 'published' AND w.starts_at > ${now.toISOString()}::timestamptz AND w.registered_count < w.max_participants
              AND NOT EXISTS (SELECT 1 FROM workshop_registrations r WHERE r.workshop_id = w.id AND r.student_id = ${sid})
            ORDER BY w.registered_count DESC, w.id`,
      );
      score(
        ws.popularity,
        open.slice(0, 10).map((o) => o.id),
        hidden,
      );
      score(
        ws.random,
        shuffle(
          open.map((o) => o.id),
          rnd,
        ).slice(0, 10),
        hidden,
      );
    });
  }

  for (const { student_id: sid, project_id: hidden } of rdSample) {
    await inRolledBack(db, async (tx) => {
      await queryRows(tx, sql`DELETE FROM rd_applications WHERE student_id = ${sid} AND project_id = ${hidden} RETURNING id`);
      const s = await loadStudent(tx, sid);
      const t0 = performance.now();
      const recs = await recommendProjects(tx, s, 10, now);
      latency['rd-project']?.push(performance.now() - t0);
      score(
        rd.recommender,
        recs.map((r) => r.id),
        hidden,
      );
      const open = await queryRows<{ id: string }>(
        tx,
        sql`SELECT p.id FROM rd_projects p
            WHERE p.status = 'active' AND p.visibility = 'public' AND p.application_deadline > ${now.toISOString()}::timestamptz
              AND EXISTS (SELECT 1 FROM rd_project_roles r WHERE r.project_id = p.id AND r.current_positions < r.max_positions)
              AND NOT EXISTS (SELECT 1 FROM rd_applications a WHERE a.project_id = p.id AND a.student_id = ${sid})
            ORDER BY (SELECT count(*) FROM rd_applications a WHERE a.project_id = p.id) DESC, p.id`,
      );
      score(
        rd.popularity,
        open.slice(0, 10).map((o) => o.id),
        hidden,
      );
      score(
        rd.random,
        shuffle(
          open.map((o) => o.id),
          rnd,
        ).slice(0, 10),
        hidden,
      );
    });
  }

  // Mentors: hide the most recent connection request (pending or accepted ones block a mentor from the
  // student's list; any status counts as "this student chose this mentor").
  const crStudents = await queryRows<{ student_id: string; professional_id: string; id: string }>(
    db,
    sql`SELECT DISTINCT ON (r.student_id) r.student_id, r.professional_id, r.id
        FROM connection_requests r JOIN users u ON u.id = r.professional_id AND u.is_active AND u.is_verified
        ORDER BY r.student_id, r.created_at DESC, r.id DESC`,
  );
  const crSample = shuffle(crStudents, rnd).slice(0, sampleSize);
  const mentorsHeld = { recommender: metric(), popularity: metric(), random: metric() };
  const since = new Date(now.getTime() - 90 * 86_400_000).toISOString();
  for (const { student_id: sid, professional_id: hidden, id: requestId } of crSample) {
    await inRolledBack(db, async (tx) => {
      await queryRows(tx, sql`DELETE FROM connection_requests WHERE id = ${requestId} RETURNING id`);
      const s = await loadStudent(tx, sid);
      const t0 = performance.now();
      const recs = await recommendProfessionals(tx, s, 10, now);
      latency.professional?.push(performance.now() - t0);
      score(
        mentorsHeld.recommender,
        recs.map((r) => r.id),
        hidden,
      );
      // Most requested mentors that still have room (the same capacity rule the recommender applies).
      const open = await queryRows<{ id: string }>(
        tx,
        sql`SELECT u.id FROM users u
            JOIN professional_profiles p ON p.user_id = u.id
            LEFT JOIN mentor_settings ms ON ms.professional_id = u.id
            WHERE u.role = 'professional' AND u.is_active AND u.is_verified AND p.accepting_requests
              AND NOT EXISTS (SELECT 1 FROM connection_requests r WHERE r.student_id = ${sid} AND r.professional_id = u.id AND r.status IN ('pending', 'accepted'))
              AND (SELECT count(*) FILTER (WHERE r.status = 'pending') + count(DISTINCT r.student_id) FILTER (WHERE r.status = 'accepted' AND r.responded_at > ${since}::timestamptz)
                   FROM connection_requests r WHERE r.professional_id = u.id) < coalesce(ms.max_mentees, ${MENTOR_CAPACITY_DEFAULT})
            ORDER BY (SELECT count(*) FROM connection_requests r WHERE r.professional_id = u.id) DESC, u.id`,
      );
      score(
        mentorsHeld.popularity,
        open.slice(0, 10).map((o) => o.id),
        hidden,
      );
      score(
        mentorsHeld.random,
        shuffle(
          open.map((o) => o.id),
          rnd,
        ).slice(0, 10),
        hidden,
      );
    });
  }

  // Mentors: spread of the top-5 slots over a sample of students, and the server time of all three lists as
  // the API serves them (decision 656): one long-lived process and database handle, the student's profile
  // read first, the shared mentor rows through a catalogue cache. The cache here hears no invalidations
  // (live, no LISTEN): nothing writes to the database during this part (every held-out change above was
  // rolled back), so no entry can be stale. The held-out parts above run in their own transactions without a
  // cache (the held-out row must not be seen through a shared entry), so their times are the uncached ones.
  const cache = createCatalogueCache({ mode: 'on', live: () => true, barrier: async () => true });
  const live: Record<string, number[]> = { workshop: [], 'rd-project': [], professional: [] };
  const students = await queryRows<{ id: string }>(db, sql`SELECT user_id AS id FROM student_profiles ORDER BY user_id`);
  const proSample = shuffle(students, rnd).slice(0, sampleSize);
  const slots = new Map<string, number>();
  let totalSlots = 0;
  for (const { id } of proSample) {
    let t0 = performance.now();
    const s = await loadStudent(db, id);
    const recs = await recommendProfessionals(db, s, 5, now, cache);
    live.professional?.push(performance.now() - t0);
    for (const r of recs) {
      slots.set(r.id, (slots.get(r.id) ?? 0) + 1);
      totalSlots++;
    }
    if (a['mentors-only']) continue;
    t0 = performance.now();
    await recommendWorkshops(db, await loadStudent(db, id), 5, now);
    live.workshop?.push(performance.now() - t0);
    t0 = performance.now();
    await recommendProjects(db, await loadStudent(db, id), 5, now);
    live['rd-project']?.push(performance.now() - t0);
  }
  const top = [...slots.values()].sort((x, y) => y - x);
  const [{ pros } = { pros: 0 }] = await queryRows<{ pros: number }>(
    db,
    sql`SELECT count(*)::int AS pros FROM users WHERE role = 'professional' AND is_active AND is_verified`,
  );
  const result = {
    database: a.db,
    dataVersion: DATA_VERSION,
    at: now.toISOString(),
    sample: sampleSize,
    workshops: { recommender: report(ws.recommender), popularity: report(ws.popularity), random: report(ws.random) },
    rdProjects: { recommender: report(rd.recommender), popularity: report(rd.popularity), random: report(rd.random) },
    mentorsHeldOut: { recommender: report(mentorsHeld.recommender), popularity: report(mentorsHeld.popularity), random: report(mentorsHeld.random) },
    mentors: {
      students: proSample.length,
      listedMentors: pros,
      topFiveSlots: totalSlots,
      distinctMentorsShown: slots.size,
      largestShare: totalSlots ? +((top[0] ?? 0) / totalSlots).toFixed(4) : 0,
      topThreeShare: totalSlots ? +(((top[0] ?? 0) + (top[1] ?? 0) + (top[2] ?? 0)) / totalSlots).toFixed(4) : 0,
      mostShown: await queryRows<{ id: string; expertise: string; slots: number }>(
        db,
        sql`SELECT p.user_id AS id, p.expertise, x.n::int AS slots
            FROM jsonb_to_recordset(${JSON.stringify([...slots].sort((x, y) => y[1] - x[1]).slice(0, 3).map(([id, n]) => ({ id, n })))}::jsonb) AS x(id text, n int)
            JOIN professional_profiles p ON p.user_id = x.id ORDER BY x.n DESC`,
      ),
    },
    cohort,
    /** Held-out calls: each in its own transaction, no cache (the mentor pool read on every call). */
    latencyMs: Object.fromEntries(
      Object.entries(latency).map(([k, xs]) => [k, { n: xs.length, p50: pct(xs, 50), p95: pct(xs, 95), max: pct(xs, 100) }]),
    ),
    /** As the API serves them: one long-lived handle, profile read + list, mentor pool through the cache. */
    liveLatencyMs: Object.fromEntries(
      Object.entries(live).map(([k, xs]) => [k, { n: xs.length, p50: pct(xs, 50), p95: pct(xs, 95), max: pct(xs, 100) }]),
    ),
    mentorPoolCache: cache.stats(),
  };
  const json = JSON.stringify(result, null, 2);
  console.log(json);
  if (a.out) writeFileSync(a.out, json);
  await database.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
