import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  rdAlerts,
  rdApplicationDocuments,
  rdApplicationEvents,
  rdApplications,
  rdBookmarks,
  rdProjectRoles,
  rdProjects,
} from '../../db/schema/rd-projects.ts';
import { files } from '../../db/schema/platform.ts';
import { studentProfiles, users } from '../../db/schema/users.ts';
import { once, onceRaw, param, UNNAMED } from '../../lib/prepared.ts';
import { queryRows } from '../../lib/sql.ts';

export type ProjectRow = typeof rdProjects.$inferSelect;
export type RoleRow = typeof rdProjectRoles.$inferSelect;
export type ApplicationRow = typeof rdApplications.$inferSelect;

export interface StatusCounts {
  total: number;
  pending: number;
  underReview: number;
  interviewScheduled: number;
  accepted: number;
  rejected: number;
  withdrawn: number;
}

export interface LoadedProject {
  row: ProjectRow;
  roles: RoleRow[];
  counts: StatusCounts;
  createdBy: { firstName: string; lastName: string } | null;
}

export const emptyCounts = (): StatusCounts => ({
  total: 0,
  pending: 0,
  underReview: 0,
  interviewScheduled: 0,
  accepted: 0,
  rejected: 0,
  withdrawn: 0,
});

export function addCount(counts: StatusCounts, status: string, n: number) {
  counts.total += n;
  if (status === 'pending') counts.pending += n;
  else if (status === 'under-review') counts.underReview += n;
  else if (status === 'interview-scheduled') counts.interviewScheduled += n;
  else if (status === 'accepted') counts.accepted += n;
  else if (status === 'rejected') counts.rejected += n;
  else if (status === 'withdrawn') counts.withdrawn += n;
}

/** Projects with their roles, application counts and creator, in the order of `ids`. */
export async function loadProjects(db: Db, ids: readonly string[]): Promise<LoadedProject[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ project: rdProjects, firstName: users.firstName, lastName: users.lastName })
    .from(rdProjects)
    .leftJoin(users, eq(users.id, rdProjects.createdBy))
    .where(inArray(rdProjects.id, [...ids]));
  return withRolesAndCounts(db, ids, rows);
}

/**
 * One page of a filtered, sorted project list with its total, as loadProjects would load the page's ids:
 * the page's projects, their creators and the total (count(*) OVER ()) are one statement instead of three
 * (a count, the page's ids, the projects; issue 13). An empty page past the end carries no count: counted
 * separately then.
 *
 * Its statements are built once per shape (decision 640): `key` names the shape (which filters and which
 * sort), `where` and `order` build it with `param()` placeholders, `values` binds them (and `limit`, `offset`).
 */
export async function loadProjectPage(
  db: Db,
  key: string,
  where: () => SQL | undefined,
  order: () => SQL[],
  values: Record<string, unknown> & { limit: number; offset: number },
): Promise<{ total: number; loaded: LoadedProject[] }> {
  const page = once(db, `rd.page:${key}`, () =>
    db
      .select({ project: rdProjects, firstName: users.firstName, lastName: users.lastName, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(rdProjects)
      .leftJoin(users, eq(users.id, rdProjects.createdBy))
      .where(where())
      .orderBy(...order())
      .limit(param('limit'))
      .offset(param('offset'))
      .prepare(UNNAMED),
  );
  const rows = await page.execute(values);
  let total = rows[0]?.total;
  if (total === undefined) {
    total = 0;
    if (values.offset > 0) {
      const counted = once(db, `rd.count:${key}`, () =>
        db.select({ n: sql<number>`count(*)::int` }).from(rdProjects).where(where()).prepare(UNNAMED),
      );
      const [row] = await counted.execute(values);
      total = Number(row?.n ?? 0);
    }
  }
  return { total, loaded: rows.length ? await withRolesAndCounts(db, rows.map((r) => r.project.id), rows) : [] };
}

/** The roles and application counts of the projects `ids` (an array parameter: one statement whatever their number). */
const rolesOf = (db: Db) =>
  once(db, 'rd.roles', () =>
    db
      .select()
      .from(rdProjectRoles)
      .where(sql`${rdProjectRoles.projectId} = ANY(${param('ids')})`)
      .orderBy(asc(rdProjectRoles.position), asc(rdProjectRoles.id))
      .prepare(UNNAMED),
  );

const applicationCountsOf = (db: Db) =>
  once(db, 'rd.application-counts', () =>
    db
      .select({ projectId: rdApplications.projectId, status: rdApplications.status, n: sql<number>`count(*)::int` })
      .from(rdApplications)
      .where(sql`${rdApplications.projectId} = ANY(${param('ids')})`)
      .groupBy(rdApplications.projectId, rdApplications.status)
      .prepare(UNNAMED),
  );

async function withRolesAndCounts(
  db: Db,
  ids: readonly string[],
  rows: { project: typeof rdProjects.$inferSelect; firstName: string | null; lastName: string | null }[],
): Promise<LoadedProject[]> {
  const roles = await rolesOf(db).execute({ ids: [...ids] });
  const counts = await applicationCountsOf(db).execute({ ids: [...ids] });
  const byId = new Map<string, LoadedProject>();
  for (const r of rows) {
    byId.set(r.project.id, {
      row: r.project,
      roles: [],
      counts: emptyCounts(),
      createdBy: r.firstName === null ? null : { firstName: r.firstName, lastName: r.lastName ?? '' },
    });
  }
  for (const role of roles) byId.get(role.projectId)?.roles.push(role);
  for (const c of counts) {
    const p = byId.get(c.projectId);
    if (p) addCount(p.counts, c.status, Number(c.n));
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function loadProject(db: Db, id: string): Promise<LoadedProject | undefined> {
  return (await loadProjects(db, [id]))[0];
}

/**
 * The student's bookmarks, alerts and applications among `projectIds`: the per-user part of a (cached)
 * R&D list, in one statement (issue 13; it was three).
 */
type StudentStateRow = {
  kind: 'b' | 'a' | 'p';
  project_id: string;
  preferences: Record<string, boolean> | null;
  id: string | null;
  status: ApplicationRow['status'] | null;
  role_title: string | null;
  applied_ms: number | string | null;
};
const studentStateStatement = (db: Db) =>
  onceRaw<StudentStateRow>(
    db,
    'rd.student-state',
    () => sql`SELECT 'b' AS kind, ${rdBookmarks.projectId} AS project_id, NULL::jsonb AS preferences, NULL AS id, NULL AS status, NULL AS role_title,
               NULL::float8 AS applied_ms
          FROM ${rdBookmarks} WHERE ${rdBookmarks.userId} = ${param('student')} AND ${rdBookmarks.projectId} = ANY(${param('ids')})
        UNION ALL
        SELECT 'a', ${rdAlerts.projectId}, ${rdAlerts.preferences}, NULL, NULL, NULL, NULL
          FROM ${rdAlerts} WHERE ${rdAlerts.userId} = ${param('student')} AND ${rdAlerts.projectId} = ANY(${param('ids')})
        UNION ALL
        SELECT 'p', ${rdApplications.projectId}, NULL, ${rdApplications.id}, ${rdApplications.status}, ${rdProjectRoles.title},
               (extract(epoch FROM ${rdApplications.appliedAt}) * 1000)::float8
          FROM ${rdApplications} JOIN ${rdProjectRoles} ON ${rdProjectRoles.id} = ${rdApplications.roleId}
          WHERE ${rdApplications.studentId} = ${param('student')} AND ${rdApplications.projectId} = ANY(${param('ids')})`,
  );

export async function studentState(db: Db, studentId: string, projectIds: readonly string[]) {
  const bookmarks = new Set<string>();
  const alerts = new Map<string, Record<string, boolean>>();
  const applications = new Map<string, { id: string; status: ApplicationRow['status']; roleTitle: string; appliedAt: Date }>();
  if (!projectIds.length) return { bookmarks, alerts, applications };
  // Built once (decision 640): the page's ids are one array parameter.
  const rows = await studentStateStatement(db)({ student: studentId, ids: [...projectIds] });
  for (const r of rows) {
    if (r.kind === 'b') bookmarks.add(r.project_id);
    else if (r.kind === 'a') alerts.set(r.project_id, r.preferences ?? {});
    else if (r.id && r.status)
      applications.set(r.project_id, { id: r.id, status: r.status, roleTitle: r.role_title ?? '', appliedAt: new Date(Number(r.applied_ms)) });
  }
  return { bookmarks, alerts, applications };
}

export interface LoadedApplication {
  row: ApplicationRow;
  roleTitle: string;
  student: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    university: string | null;
    course: string | null;
    year: number | null;
  };
  reviewedBy: { firstName: string; lastName: string } | null;
  documents: { id: string; type: string; originalName: string; mimeType: string; size: number }[];
  events: { status: string; at: Date }[];
}

/** Applications with student, role, documents and status history. */
const reviewer = alias(users, 'reviewer');

export async function loadApplications(db: Db, where: SQL | undefined): Promise<LoadedApplication[]> {
  const rows = await db
    .select({
      app: rdApplications,
      roleTitle: rdProjectRoles.title,
      studentId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      university: studentProfiles.university,
      course: studentProfiles.course,
      year: studentProfiles.year,
      reviewerFirst: reviewer.firstName,
      reviewerLast: reviewer.lastName,
    })
    .from(rdApplications)
    .innerJoin(rdProjectRoles, eq(rdProjectRoles.id, rdApplications.roleId))
    .innerJoin(users, eq(users.id, rdApplications.studentId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, rdApplications.studentId))
    .leftJoin(reviewer, eq(reviewer.id, rdApplications.reviewedBy))
    .where(where)
    .orderBy(sql`${rdApplications.appliedAt} DESC`, sql`${rdApplications.id} DESC`);
  const ids = rows.map((r) => r.app.id);
  const docs = ids.length
    ? await db
        .select({
          id: rdApplicationDocuments.id,
          applicationId: rdApplicationDocuments.applicationId,
          type: rdApplicationDocuments.type,
          originalName: files.originalName,
          mimeType: files.mimeType,
          size: files.size,
        })
        .from(rdApplicationDocuments)
        .innerJoin(files, eq(files.id, rdApplicationDocuments.fileId))
        .where(inArray(rdApplicationDocuments.applicationId, ids))
        .orderBy(asc(rdApplicationDocuments.id))
    : [];
  const events = ids.length
    ? await db
        .select({ applicationId: rdApplicationEvents.applicationId, status: rdApplicationEvents.status, at: rdApplicationEvents.createdAt })
        .from(rdApplicationEvents)
        .where(inArray(rdApplicationEvents.applicationId, ids))
        .orderBy(asc(rdApplicationEvents.createdAt), asc(rdApplicationEvents.id))
    : [];
  return rows.map((r) => ({
    row: r.app,
    roleTitle: r.roleTitle,
    student: {
      id: r.studentId,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      university: r.university,
      course: r.course,
      year: r.year,
    },
    reviewedBy: r.reviewerFirst === null ? null : { firstName: r.reviewerFirst, lastName: r.reviewerLast ?? '' },
    documents: docs.filter((d) => d.applicationId === r.app.id),
    events: events.filter((e) => e.applicationId === r.app.id),
  }));
}

/** Students with an alert on the project (with their preferences and e-mail). */
export async function alertHolders(db: Db, projectId: string) {
  return db
    .select({ userId: rdAlerts.userId, preferences: rdAlerts.preferences })
    .from(rdAlerts)
    .innerJoin(users, eq(users.id, rdAlerts.userId))
    .where(and(eq(rdAlerts.projectId, projectId), eq(users.isActive, true)));
}

/** Storage keys of every document of a project's applications (to remove after deleting it). */
export async function projectDocumentFiles(db: Db, projectId: string) {
  return queryRows<{ file_id: string; storage_key: string }>(
    db,
    sql`SELECT f.id AS file_id, f.storage_key FROM rd_application_documents d
        JOIN rd_applications a ON a.id = d.application_id
        JOIN files f ON f.id = d.file_id
        WHERE a.project_id = ${projectId}`,
  );
}

/** Applications matching `where`, with their project and role titles and the student's address and name. */
export function applicationInContext(db: Db, where: SQL | undefined) {
  return db
    .select({ app: rdApplications, projectTitle: rdProjects.title, roleTitle: rdProjectRoles.title, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(rdApplications)
    .innerJoin(rdProjects, eq(rdProjects.id, rdApplications.projectId))
    .innerJoin(rdProjectRoles, eq(rdProjectRoles.id, rdApplications.roleId))
    .innerJoin(users, eq(users.id, rdApplications.studentId))
    .where(where);
}
