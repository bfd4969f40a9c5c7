// How long drizzle takes to build (not run) a student list's page query: the per-request SQL-text cost that the
// uncached lists pay and their raw handlers do not (docs/performance.md, "Uncached student lists").
//   node --import tsx bench/query-build.ts      (no database needed: the pool never connects)
import { drizzle } from 'drizzle-orm/node-postgres';
import { and, asc, desc, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../apps/api/src/db/client.ts';
import * as schema from '../apps/api/src/db/schema/index.ts';
import { workshops } from '../apps/api/src/db/schema/workshops.ts';
import { selectWorkshops } from '../apps/api/src/modules/workshops/workshops.presenter.ts';
import { selectIdeas } from '../apps/api/src/modules/ideas/ideas.presenter.ts';
import { ideas } from '../apps/api/src/db/schema/ideas.ts';
const db = drizzle(new pg.Pool({ connectionString: 'postgres://x@127.0.0.1:1/x' }), { schema }) as unknown as Db;
const build = () => {
  const where = and(sql`((${workshops.status} = 'published' AND ${workshops.endsAt} > now()) OR ${workshops.status} = 'completed')`);
  return selectWorkshops(db, { myStatus: sql`(SELECT r.status FROM workshop_registrations r WHERE r.workshop_id = ${workshops.id} AND r.student_id = ${'abc'})` })
    .where(where).orderBy(sql`CASE WHEN ${workshops.status} = 'published' THEN 0 ELSE 1 END`, desc(workshops.startsAt), asc(workshops.id)).limit(10).offset(0).toSQL();
};
const buildIdeas = () => selectIdeas(db, 'abc').where(sql`(${ideas.isPublic} AND ${ideas.status} NOT IN ('draft', 'rejected'))`).orderBy(desc(ideas.createdAt), desc(ideas.id)).limit(10).offset(0).toSQL();
for (const [name, f] of [['workshops page', build], ['ideas page', buildIdeas]] as const) {
  for (let i = 0; i < 2000; i++) f();
  const n = 20000; const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) f();
  console.log(name, (Number(process.hrtime.bigint() - t) / n / 1000).toFixed(1), 'µs per build');
}
process.exit(0);
