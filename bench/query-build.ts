// How long drizzle takes to build (not run) a student list's page query: the per-request SQL-text cost that the
// uncached lists paid and their raw handlers do not (docs/performance.md, "Uncached student lists"), next to
// what a request pays now that each shape's statement is built once (decision 640): finding the built
// statement and binding the request's values.
//   node --import tsx bench/query-build.ts      (no database needed: the pool never connects)
import { drizzle } from 'drizzle-orm/node-postgres';
import { and, asc, desc, fillPlaceholders, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../apps/api/src/db/client.ts';
import * as schema from '../apps/api/src/db/schema/index.ts';
import { workshops } from '../apps/api/src/db/schema/workshops.ts';
import { selectWorkshops } from '../apps/api/src/modules/workshops/workshops.presenter.ts';
import { workshopListPage } from '../apps/api/src/modules/workshops/workshops.repo.ts';
import { selectIdeas } from '../apps/api/src/modules/ideas/ideas.presenter.ts';
import { ideas } from '../apps/api/src/db/schema/ideas.ts';
import { once, param, UNNAMED } from '../apps/api/src/lib/prepared.ts';
const db = drizzle(new pg.Pool({ connectionString: 'postgres://x@127.0.0.1:1/x' }), { schema }) as unknown as Db;
// Before: the page query built anew per request, as the services did.
const build = () => {
  const where = and(sql`((${workshops.status} = 'published' AND ${workshops.endsAt} > now()) OR ${workshops.status} = 'completed')`);
  return selectWorkshops(db, { myStatus: sql`(SELECT r.status FROM workshop_registrations r WHERE r.workshop_id = ${workshops.id} AND r.student_id = ${'abc'})` })
    .where(where).orderBy(sql`CASE WHEN ${workshops.status} = 'published' THEN 0 ELSE 1 END`, desc(workshops.startsAt), asc(workshops.id)).limit(10).offset(0).toSQL();
};
const buildIdeas = () => selectIdeas(db, 'abc').where(sql`(${ideas.isPublic} AND ${ideas.status} NOT IN ('draft', 'rejected'))`).orderBy(desc(ideas.createdAt), desc(ideas.id)).limit(10).offset(0).toSQL();
// After: the statement of the shape (built on first use), its parameters filled for this request.
const shape = { search: false, category: false, university: false, student: true };
const reuse = () => {
  const page = workshopListPage(db, shape) as unknown as { params: unknown[] };
  return fillPlaceholders(page.params, { student: 'abc', limit: 10, offset: 0 });
};
const ideasPage = () =>
  once(db, 'bench.ideas', () =>
    selectIdeas(db, param('viewer')).where(sql`(${ideas.isPublic} AND ${ideas.status} NOT IN ('draft', 'rejected'))`).orderBy(desc(ideas.createdAt), desc(ideas.id)).limit(param('limit')).offset(param('offset')).prepare(UNNAMED),
  ) as unknown as { params: unknown[] };
const reuseIdeas = () => fillPlaceholders(ideasPage().params, { viewer: 'abc', limit: 10, offset: 0 });
const cases = [
  ['workshops page, built per request', build],
  ['workshops page, built once per shape', reuse],
  ['ideas page, built per request', buildIdeas],
  ['ideas page, built once per shape', reuseIdeas],
] as const;
for (const [, f] of cases) for (let i = 0; i < 2000; i++) f();
// Two rounds, interleaved, so that a change of load during the run shows as a spread rather than a bias.
for (let round = 1; round <= 2; round++) {
  for (const [name, f] of cases) {
    const n = name.includes('once') ? 200_000 : 20_000;
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) f();
    console.log(`round ${round}: ${name}`, (Number(process.hrtime.bigint() - t) / n / 1000).toFixed(2), 'µs');
  }
}
process.exit(0);
