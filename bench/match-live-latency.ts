// Server time of one student's mentor list as the API serves it (decision 656), for one code version:
// one long-lived process and database handle, the student's profile read, then the list, with the shared
// mentor pool through a catalogue cache (no writes happen meanwhile, so it hears no invalidations).
// Used for before/after comparisons back to back: pass the apps/api/src of another checkout (e.g. made with
// `git archive <commit> apps/api/src packages/shared/src | tar -x -C .tmp/before`) to time that version.
//
//   npx tsx bench/match-live-latency.ts [--src <apps/api/src>] --db <database> [--students 100]
//     (BENCH_DATABASE_URL as for bench:match; default postgres://postgres@127.0.0.1:5432/postgres)
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? (argv[i + 1] as string) : fallback;
};
const root = resolve(arg('src', new URL('../apps/api/src', import.meta.url).pathname));
const dbName = arg('db', '');
const students = Number(arg('students', '100'));
if (!dbName || !Number.isInteger(students) || students < 1) {
  console.error('usage: npx tsx bench/match-live-latency.ts [--src <apps/api/src>] --db <database> [--students 100]');
  process.exit(2);
}
const svc = await import(`${root}/modules/matching/recommendations.service.ts`);
const { openPostgres } = await import(`${root}/db/client.ts`);
const { createCatalogueCache } = await import(`${root}/lib/cache.ts`);
const { queryRows } = await import(`${root}/lib/sql.ts`);
const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = `/${dbName}`;
const database = openPostgres(url.toString(), { max: 2 });
const cache = createCatalogueCache({ mode: 'on', live: () => true, barrier: async () => true });
const now = new Date(arg('at', '2026-11-24T00:00:00Z'));
const ids = (await queryRows(database.db, sql`SELECT user_id AS id FROM student_profiles ORDER BY md5(user_id::text) LIMIT ${students}`)) as { id: string }[];
const times: number[] = [];
for (const { id } of ids) {
  const t0 = performance.now();
  const s = await svc.loadStudent(database.db, id);
  await svc.recommendProfessionals(database.db, s, 5, now, cache);
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const pct = (q: number) => +(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
console.log(JSON.stringify({ src: root, database: dbName, students: times.length, p50: pct(0.5), p95: pct(0.95), max: pct(1) }));
await database.close();
