import { sql } from 'drizzle-orm';
import { makePagination } from '@app/shared/api';
import { AFFILIATION_VISIBILITY, type CohortData, type StudentEngagementDto } from '@app/shared/organisations';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Actor, ActorOrganisation } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { queryRows } from '../../lib/sql.ts';
import { likePattern } from '../../lib/sql.ts';
import { sendAccountLink, sendConfirmationLink, universityForEmail } from './confirmations.ts';

interface EngagementRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  course: string | null;
  year: number | null;
  confirmed_at: string | Date;
  sessions: number;
  workshops_attended: number;
  ideas: number;
  applications: number;
}

/**
 * A university's own students only: every query starts from student_affiliations of the caller's
 * organisation (never an id from the request alone), decision 486.
 */
function engagementSql(organisationId: string, extra = sql``) {
  return sql`
    SELECT u.id, u.first_name, u.last_name, u.email, sp.course, sp.year, a.confirmed_at,
      (SELECT count(*)::int FROM mentoring_sessions s WHERE s.student_id = u.id AND s.status <> 'cancelled') AS sessions,
      (SELECT count(*)::int FROM workshop_registrations r WHERE r.student_id = u.id AND r.status = 'attended') AS workshops_attended,
      (SELECT count(*)::int FROM ideas i WHERE i.author_id = u.id AND i.status <> 'draft') AS ideas,
      (SELECT count(*)::int FROM rd_applications p WHERE p.student_id = u.id) AS applications
    FROM student_affiliations a
    JOIN users u ON u.id = a.student_id
    LEFT JOIN student_profiles sp ON sp.user_id = u.id
    WHERE a.organisation_id = ${organisationId} ${extra}`;
}

function toDto(r: EngagementRow): StudentEngagementDto {
  return {
    id: r.id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    email: r.email,
    course: r.course,
    year: r.year === null ? null : Number(r.year),
    affiliatedSince: new Date(r.confirmed_at).toISOString(),
    sessions: Number(r.sessions),
    workshopsAttended: Number(r.workshops_attended),
    ideas: Number(r.ideas),
    applications: Number(r.applications),
  };
}

function searchFilter(search: string | undefined) {
  const s = search?.trim();
  if (!s) return sql``;
  const p = likePattern(s);
  return sql`AND ((u.first_name || ' ' || u.last_name) ILIKE ${p} OR u.email ILIKE ${p} OR sp.course ILIKE ${p})`;
}

export async function listStudents(db: Db, org: ActorOrganisation, query: { page: number; limit: number; search?: string }) {
  const filter = searchFilter(query.search);
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM student_affiliations a JOIN users u ON u.id = a.student_id LEFT JOIN student_profiles sp ON sp.user_id = u.id WHERE a.organisation_id = ${org.id} ${filter}`,
  );
  const rows = await queryRows<EngagementRow>(
    db,
    sql`${engagementSql(org.id, filter)} ORDER BY u.last_name, u.first_name, u.id LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
  );
  return { students: rows.map(toDto), pagination: makePagination(query.page, query.limit, Number(total?.n ?? 0)) };
}

/** Another university's student, or no student at all: the same 404. */
export async function getStudent(db: Db, org: ActorOrganisation, id: string) {
  if (!isId(id)) throw notFound('Student');
  const [row] = await queryRows<EngagementRow>(db, engagementSql(org.id, sql`AND u.id = ${id}`));
  if (!row) throw notFound('Student');
  return toDto(row);
}

export async function* allStudents(db: Db, org: ActorOrganisation): AsyncIterable<StudentEngagementDto> {
  const size = 500;
  for (let offset = 0; ; offset += size) {
    const rows = await queryRows<EngagementRow>(db, sql`${engagementSql(org.id)} ORDER BY u.id LIMIT ${size} OFFSET ${offset}`);
    for (const r of rows) yield toDto(r);
    if (rows.length < size) return;
  }
}

/** Cohort charts: totals and, per year of study, how many students and how many took part in anything. */
export async function cohort(db: Db, org: ActorOrganisation): Promise<CohortData> {
  const rows = await queryRows<EngagementRow>(db, engagementSql(org.id));
  const students = rows.map(toDto);
  const totals = { students: students.length, sessions: 0, workshopsAttended: 0, ideas: 0, applications: 0 };
  const byYear = new Map<number | null, { year: number | null; students: number; active: number }>();
  for (const s of students) {
    totals.sessions += s.sessions;
    totals.workshopsAttended += s.workshopsAttended;
    totals.ideas += s.ideas;
    totals.applications += s.applications;
    const bucket = byYear.get(s.year) ?? { year: s.year, students: 0, active: 0 };
    bucket.students += 1;
    if (s.sessions + s.workshopsAttended + s.ideas + s.applications > 0) bucket.active += 1;
    byYear.set(s.year, bucket);
  }
  return { totals, byYear: [...byYear.values()].sort((a, b) => (a.year ?? 99) - (b.year ?? 99)) };
}

// The student's side.

export async function affiliationOf(db: Db, studentId: string) {
  const [row] = await queryRows<{ name: string; email: string; confirmed_at: string | Date }>(
    db,
    sql`SELECT o.name, a.email, a.confirmed_at FROM student_affiliations a JOIN organisations o ON o.id = a.organisation_id
        WHERE a.student_id = ${studentId} AND o.status = 'approved'`,
  );
  const [pending] = await queryRows<{ email: string }>(
    db,
    sql`SELECT email FROM email_confirmations WHERE user_id = ${studentId} AND purpose IN ('affiliation', 'account')
        AND used_at IS NULL AND expires_at > now() ORDER BY created_at DESC LIMIT 1`,
  );
  return {
    affiliation: row ? { university: row.name, email: row.email, confirmedAt: new Date(row.confirmed_at).toISOString() } : null,
    pendingEmail: pending?.email ?? null,
    visibility: row ? [...AFFILIATION_VISIBILITY] : [],
  };
}

/** A student asks to be affiliated through an address at a university's domain: a link goes to it. */
export async function requestAffiliation(db: Db, config: Config, actor: Actor, email: string) {
  const university = await universityForEmail(db, email);
  if (!university) throw badRequest('No approved university on MentorBridge uses this e-mail domain yet');
  await db.transaction((tx) =>
    sendConfirmationLink(tx, config.publicUrl, {
      userId: actor.id,
      purpose: 'affiliation',
      email,
      firstName: actor.firstName,
      why: { reason: 'studentAsked', organisation: university.name },
    }),
  );
  return university.name;
}

/** After a student registers: an address at a university's domain gets a confirmation link. */
export async function offerAffiliationOnRegister(db: Db, config: Config, user: { id: string; email: string; firstName: string }) {
  const university = await universityForEmail(db, user.email);
  if (!university) return;
  await sendAccountLink(db, config.publicUrl, user, { reason: 'studentConfirm', organisation: university.name });
}
