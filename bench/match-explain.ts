// Where the time of one student's recommendations goes (issue 14, decision 463): every SQL statement the
// recommender runs, with PostgreSQL's own planning and execution times (EXPLAIN ANALYZE), and the
// in-process wall time of each recommend*() call, repeated so caches are warm.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/match-explain.ts --db <generated> [--students 20] [--at …]
//
// How: a Db whose execute() first runs EXPLAIN (ANALYZE, FORMAT JSON) on the same statement, then the
// statement itself (so the recommender sees its normal result). The EXPLAIN run is not counted in the
// wall time reported for the plain calls (those run on the ordinary Db afterwards).
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { openPostgres, type Db } from '../apps/api/src/db/client.ts';
import { queryRows } from '../apps/api/src/lib/sql.ts';
import { loadStudent, recommendProfessionals, recommendProjects, recommendWorkshops } from '../apps/api/src/modules/matching/recommendations.service.ts';
import { benchDatabaseName } from './data-version.mjs';

const a: Record<string, string> = {};
for (let i = 2; i < process.argv.length; i++) {
  const k = process.argv[i] ?? '';
  if (k.startsWith('--')) a[k.slice(2)] = process.argv[i + 1] && !process.argv[i + 1]?.startsWith('--') ? (process.argv[++i] as string) : 'true';
}
if (!a.db && a.scale) a.db = benchDatabaseName(String(Math.round(Number(a.scale) * 1000)).padStart(4, '0'));
const base = process.env.BENCH_DATABASE_URL;
if (!base || !a.db) throw new Error('usage: BENCH_DATABASE_URL=… npx tsx bench/match-explain.ts --db <generated database>');
const url = new URL(base);
url.pathname = `/${a.db}`;
const database = openPostgres(url.toString(), { max: 2, statementTimeoutMs: 60_000 });
const db = database.db;
const now = a.at ? new Date(a.at) : new Date();
const n = Number(a.students ?? 20);

interface Stat {
  calls: number;
  planning: number[];
  execution: number[];
}
const stats = new Map<string, Stat>();
let label = '';
let seq = 0;

/** A Db that EXPLAINs every raw statement before running it. */
const explaining = new Proxy(db, {
  get(target, prop, receiver) {
    if (prop === 'execute') {
      return async (query: SQL) => {
        const plan = await target.execute(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`);
        const rows = (plan as unknown as { rows: { 'QUERY PLAN': { 'Planning Time': number; 'Execution Time': number }[] }[] }).rows;
        const p = rows[0]?.['QUERY PLAN'][0];
        const key = `${label} #${++seq}`;
        const s = stats.get(key) ?? { calls: 0, planning: [], execution: [] };
        s.calls++;
        s.planning.push(p?.['Planning Time'] ?? 0);
        s.execution.push(p?.['Execution Time'] ?? 0);
        stats.set(key, s);
        return target.execute(query);
      };
    }
    return Reflect.get(target, prop, receiver) as unknown;
  },
}) as Db;

const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length ? +(s[Math.floor(s.length / 2)] ?? 0).toFixed(2) : 0;
};
const p95 = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length ? +(s[Math.min(s.length - 1, Math.floor(0.95 * s.length))] ?? 0).toFixed(2) : 0;
};

const students = await queryRows<{ id: string }>(db, sql`SELECT user_id AS id FROM student_profiles ORDER BY md5(user_id) LIMIT ${n}`);
const wall: Record<string, number[]> = { workshop: [], 'rd-project': [], professional: [] };
const kinds = [
  ['workshop', recommendWorkshops],
  ['rd-project', recommendProjects],
  ['professional', recommendProfessionals],
] as const;
for (const { id } of students) {
  for (const [kind, fn] of kinds) {
    label = kind;
    seq = 0;
    const s = await loadStudent(explaining, id);
    await fn(explaining, s, 10, now);
    // Plain, timed (the statements' pages are warm from the EXPLAIN run, as they are in a busy server).
    const t0 = performance.now();
    const s2 = await loadStudent(db, id);
    await fn(db, s2, 10, now);
    wall[kind]?.push(performance.now() - t0);
  }
}
const load = (await import('node:os')).loadavg().map((x) => +x.toFixed(2));
console.log(
  JSON.stringify(
    {
      database: a.db,
      students: students.length,
      loadAverage: load,
      wallMs: Object.fromEntries(Object.entries(wall).map(([k, xs]) => [k, { p50: median(xs), p95: p95(xs) }])),
      statements: Object.fromEntries(
        [...stats.entries()].map(([k, s]) => [k, { calls: s.calls, planningMs: { p50: median(s.planning), p95: p95(s.planning) }, executionMs: { p50: median(s.execution), p95: p95(s.execution) } }]),
      ),
    },
    null,
    2,
  ),
);
await database.close();
