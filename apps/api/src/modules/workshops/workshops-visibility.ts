import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/http.ts';
import { onceRaw, param } from '../../lib/prepared.ts';
import { queryRows } from '../../lib/sql.ts';

/**
 * University-only workshops (decisions 488, 630). A workshop with an organisation id is seen only by the
 * students affiliated with that university while it is approved, by that university's admins, and by
 * platform admins; everyone else gets 404. Workshops without one are the public catalogue.
 */

/** The approved university a student is affiliated with, or null (anyone else: null). */
export async function viewerUniversity(db: Db, actor: Actor | null): Promise<string | null> {
  if (actor?.role !== 'student') return null;
  // Every workshop list asks this first: built once (decision 640).
  const universityOf = onceRaw<{ id: string }>(
    db,
    'workshops.viewer-university',
    () => sql`SELECT o.id FROM student_affiliations a JOIN organisations o ON o.id = a.organisation_id
        WHERE a.student_id = ${param('student')} AND o.type = 'university' AND o.status = 'approved'`,
  );
  const [row] = await universityOf({ student: actor.id });
  return row?.id ?? null;
}

/** SQL: the workshop whose organisation column is `organisationColumn` is visible to this student (null: public only). */
export function visibleToStudent(organisationColumn: SQL, studentId: string | null): SQL {
  if (!studentId) return sql`${organisationColumn} IS NULL`;
  return sql`(${organisationColumn} IS NULL OR EXISTS (
    SELECT 1 FROM student_affiliations va JOIN organisations vo ON vo.id = va.organisation_id
    WHERE va.student_id = ${studentId} AND va.organisation_id = ${organisationColumn} AND vo.status = 'approved'))`;
}

/** Whether the caller may see this workshop at all (the detail, registration and .ics answer 404 otherwise). */
export async function canSeeWorkshop(db: Db, actor: Actor | null, workshop: { organisationId: string | null }): Promise<boolean> {
  if (!workshop.organisationId) return true;
  if (actor?.role === 'admin') return true;
  if (actor?.role === 'university_admin') return actor.organisation?.id === workshop.organisationId;
  if (actor?.role !== 'student') return false;
  return (await viewerUniversity(db, actor)) === workshop.organisationId;
}

/** The names of the given organisations (the admin queue and the detail say whose students a workshop is for). */
export async function organisationNames(db: Db, ids: (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await queryRows<{ id: string; name: string }>(
    db,
    sql`SELECT id, name FROM organisations WHERE id IN (${sql.join(
      wanted.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
