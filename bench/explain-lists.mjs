// EXPLAIN (ANALYZE, BUFFERS) of the SQL bench/capture-sql.ts captured from the list services: the student
// lists, the admin lists and the admin searches (keys: list keys, or `admin` / `student` for a whole group).
//   DATABASE_URL=postgres://…/mb_bench_s1000 node bench/explain-lists.mjs <lists-sql.json> [list keys…]   (FULL=1: whole plans)
import { readFileSync } from 'node:fs';
import pg from 'pg';

const captured = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const keys = process.argv.slice(3);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
const groups = { student: captured.lists ?? [], admin: [...(captured.adminLists ?? []), ...(captured.adminSearches ?? [])] };
const all = [...groups.student, ...groups.admin];
const chosen = keys.length ? all.filter((l) => keys.includes(l.key) || keys.some((k) => groups[k]?.includes(l))) : all;
for (const list of chosen) {
  console.log(`\n=== ${list.key} (${list.path})`);
  for (const s of list.statements) {
    const head = s.sql.slice(0, 100).replace(/\s+/g, ' ');
    if (/^\s*explain/i.test(s.sql)) {
      const t = performance.now();
      await pool.query(s.sql, s.params);
      console.log(`  ${head} … | (the service's estimate) ${(performance.now() - t).toFixed(2)} ms round trip`);
      continue;
    }
    const r = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params);
    const lines = r.rows.map((x) => x['QUERY PLAN']);
    const time = (re) => lines.find((x) => re.test(x))?.trim();
    console.log(`  ${head} … | ${time(/Planning Time/)} | ${time(/Execution Time/)}`);
    if (process.env.FULL) console.log(lines.map((l) => `      ${l}`).join('\n'));
  }
}
await pool.end();
