import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { makePagination } from '@app/shared/api';
import type { StudentProjectDto, StudentProjectListQuery } from '@app/shared/rd-projects';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/platform.ts';
import { rdAlerts, rdApplications, rdBookmarks, rdProjects } from '../../db/schema/rd-projects.ts';
import type { CatalogueCache } from '../../lib/cache.ts';
import { notFound } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import { param } from '../../lib/prepared.ts';
import type { Actor } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { rdStudentState } from '../../lib/user-state.ts';
import { companyProjectHidden, companyProjectVisible } from './company-visibility.ts';
import { likePattern } from '../../lib/sql.ts';
import { publicProjectToDto, studentProjectToDto } from './rd-projects.presenter.ts';
import { loadProject, loadProjectPage, loadProjects, studentState } from './rd-projects.repo.ts';

/** Listed to students and the public: active and public (PRODUCT.md). */
const listed = () => and(eq(rdProjects.status, 'active'), eq(rdProjects.visibility, 'public'), companyProjectVisible());

const DAY = 86_400_000;

function roleExists(condition: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM rd_project_roles r WHERE r.project_id = ${rdProjects.id} AND ${condition})`;
}

/** Allow-listed sorts: the query value picks one of these, never raw SQL. */
const SORTS: Record<StudentProjectListQuery['sortBy'], SQL[]> = {
  newest: [desc(rdProjects.createdAt), desc(rdProjects.id)],
  'deadline-asc': [asc(rdProjects.applicationDeadline), desc(rdProjects.id)],
  'deadline-desc': [desc(rdProjects.applicationDeadline), desc(rdProjects.id)],
  priority: [
    sql`CASE ${rdProjects.priority} WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END`,
    desc(rdProjects.createdAt),
    desc(rdProjects.id),
  ],
  popular: [
    desc(rdProjects.views),
    sql`(SELECT count(*) FROM rd_applications a WHERE a.project_id = ${rdProjects.id}) DESC`,
    desc(rdProjects.createdAt),
    desc(rdProjects.id),
  ],
  title: [sql`lower(${rdProjects.title})`, desc(rdProjects.id)],
};

export async function listForStudent(
  db: Db,
  actor: Actor,
  userId: string,
  query: StudentProjectListQuery,
  now?: Date,
  cache?: CatalogueCache,
) {
  // A caller-given clock (tests) reads uncached: the cache's entries are for the real clock.
  const fixedNow = now !== undefined;
  now ??= new Date();
  // Only one's own list: another user's id is not found (PRODUCT.md: do not reveal).
  if (userId !== actor.id) throw notFound('User');
  const set = (v: string | undefined) => (v && v !== 'all' ? v : undefined);
  const field = set(query.field);
  const roleType = set(query.roleType);
  const workMode = set(query.workMode);
  const duration = set(query.duration);
  const deadline = set(query.deadlineFilter);
  const nowIso = now.toISOString();
  const window = deadline === 'this-week' || deadline === 'this-month';
  // The statements are built once per shape (decision 640): which filters are set and the sort; values are bound.
  const shape = [
    field ? 'f' : '-',
    duration ? 'd' : '-',
    roleType ? 'r' : '-',
    workMode ? 'w' : '-',
    deadline === 'open' ? 'o' : window ? 'u' : '-',
    query.availableOnly ? 'a' : '-',
    query.search ? 's' : '-',
  ].join('');
  const condition = () => {
    const where: (SQL | undefined)[] = [listed()];
    if (field) where.push(eq(rdProjects.field, param('field')));
    if (duration) where.push(eq(rdProjects.duration, param('duration')));
    if (roleType) where.push(roleExists(sql`r.title = ${param('roleType')}`));
    if (workMode) where.push(roleExists(sql`r.work_mode = ${param('workMode')}`));
    if (deadline === 'open') where.push(sql`${rdProjects.applicationDeadline} > ${param('now')}`);
    if (window) where.push(sql`${rdProjects.applicationDeadline} > ${param('now')} AND ${rdProjects.applicationDeadline} <= ${param('until')}`);
    if (query.availableOnly) {
      where.push(sql`${rdProjects.applicationDeadline} > ${param('now')}`);
      where.push(roleExists(sql`r.current_positions < r.max_positions`));
    }
    if (query.search) {
      const p = param('pattern');
      where.push(
        sql`(${rdProjects.title} ILIKE ${p} OR ${rdProjects.summary} ILIKE ${p} OR ${rdProjects.description} ILIKE ${p}
           OR ${rdProjects.field} ILIKE ${p} OR ${rdProjects.tags}::text ILIKE ${p} OR ${rdProjects.supervisor}->>'name' ILIKE ${p})`,
      );
    }
    return and(...where);
  };
  const values = {
    field,
    duration,
    roleType,
    workMode,
    now: nowIso,
    until: window ? new Date(now.getTime() + (deadline === 'this-week' ? 7 : 30) * DAY).toISOString() : undefined,
    pattern: query.search ? likePattern(query.search) : undefined,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  };
  const read = () => loadProjectPage(db, `student:${shape}:${query.sortBy}`, condition, () => SORTS[query.sortBy], values);
  // The shared part (total and the page's projects) comes from the catalogue cache (decision 441, 610); the
  // caller's bookmarks, alerts and applications are one query on top. A deadline filter reads the clock:
  // such an entry lives 15 s at most (as the workshop list's).
  const clock = Boolean(deadline || query.availableOnly);
  const key = { field, roleType, workMode, duration, deadline, availableOnly: query.availableOnly, search: query.search, sortBy: query.sortBy, page: query.page, limit: query.limit };
  const { total, loaded } = cache && !fixedNow ? await cache.get('rd.student-list', RD_LIST_TABLES, key, read, clock ? { ttlMs: 15_000 } : {}) : await read();
  // With the cache on, the caller's bookmarks, alerts and applications are their cached own state
  // (decision 645); otherwise (or past its cap) one query for the page's ids.
  const state =
    (cache?.enabled ? await rdStudentState(db, cache, actor.id) : null) ?? (await studentState(db, actor.id, loaded.map((p) => p.row.id)));
  return { projects: loaded.map((p) => studentProjectToDto(p, state, now)), pagination: makePagination(query.page, query.limit, total) };
}

/**
 * What a listed project is read from (listed(), the filters and sorts, loadProjects): a cached R&D list
 * depends on these tables (decision 610).
 */
export const RD_LIST_TABLES = ['rd_projects', 'rd_project_roles', 'rd_applications', 'users', 'organisation_projects', 'organisations'] as const;

async function toStudentDtos(db: Db, studentId: string, ids: string[], now: Date): Promise<StudentProjectDto[]> {
  const loaded = await loadProjects(db, ids);
  const state = await studentState(db, studentId, ids);
  return loaded.map((p) => studentProjectToDto(p, state, now));
}

/**
 * What a student may open: a public, non-draft project, or any project they applied to (so their
 * application's project stays readable after it closes).
 */
async function visibleTo(db: Db, studentId: string, id: string) {
  if (!isId(id)) return undefined;
  const p = await loadProject(db, id);
  if (!p) return undefined;
  if (p.row.visibility === 'public' && p.row.status !== 'draft' && !(await companyProjectHidden(db, id))) return p;
  const [own] = await db
    .select({ id: rdApplications.id })
    .from(rdApplications)
    .where(and(eq(rdApplications.projectId, id), eq(rdApplications.studentId, studentId)));
  return own ? p : undefined;
}

export async function projectForStudent(db: Db, actor: Actor, id: string, now = new Date()): Promise<StudentProjectDto> {
  const p = await visibleTo(db, actor.id, id);
  if (!p) throw notFound('Project');
  // One view per user per project per day: the insert decides, the counter follows it.
  const day = now.toISOString().slice(0, 10);
  await db.transaction(async (tx) => {
    const inserted = await queryRows<{ project_id: string }>(
      tx,
      sql`INSERT INTO rd_project_views (project_id, user_id, day) VALUES (${id}, ${actor.id}, ${day})
          ON CONFLICT DO NOTHING RETURNING project_id`,
    );
    if (inserted.length) await tx.update(rdProjects).set({ views: sql`${rdProjects.views} + 1` }).where(eq(rdProjects.id, id));
  });
  const [dto] = await toStudentDtos(db, actor.id, [id], now);
  if (!dto) throw notFound('Project');
  return dto;
}

export async function toggleBookmark(db: Db, actor: Actor, id: string): Promise<boolean> {
  const p = await visibleTo(db, actor.id, id);
  if (!p) throw notFound('Project');
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(rdBookmarks)
      .where(and(eq(rdBookmarks.projectId, id), eq(rdBookmarks.userId, actor.id)))
      .returning({ id: rdBookmarks.projectId });
    if (removed.length) return false;
    await tx.insert(rdBookmarks).values({ projectId: id, userId: actor.id }).onConflictDoNothing();
    return true;
  });
}

export async function toggleAlert(db: Db, actor: Actor, id: string, preferences: Record<string, boolean>) {
  const p = await visibleTo(db, actor.id, id);
  if (!p) throw notFound('Project');
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(rdAlerts)
      .where(and(eq(rdAlerts.projectId, id), eq(rdAlerts.userId, actor.id)))
      .returning({ id: rdAlerts.projectId });
    if (removed.length) return { hasAlert: false, preferences: null };
    await tx.insert(rdAlerts).values({ projectId: id, userId: actor.id, preferences }).onConflictDoNothing();
    return { hasAlert: true, preferences };
  });
}

/** Bookmarked projects still visible to the student (newest bookmark first). */
export async function bookmarks(db: Db, actor: Actor, now = new Date()): Promise<StudentProjectDto[]> {
  const rows = await db
    .select({ id: rdBookmarks.projectId })
    .from(rdBookmarks)
    .innerJoin(rdProjects, eq(rdProjects.id, rdBookmarks.projectId))
    .where(and(eq(rdBookmarks.userId, actor.id), eq(rdProjects.visibility, 'public'), ne(rdProjects.status, 'draft'), companyProjectVisible()))
    .orderBy(desc(rdBookmarks.createdAt));
  return toStudentDtos(db, actor.id, rows.map((r) => r.id), now);
}

export async function publicProjects(db: Db, query: { page: number; limit: number; search?: string; field?: string }, cache?: CatalogueCache) {
  const field = query.field && query.field !== 'all' ? query.field : undefined;
  // Built once per shape (decision 640): whether a field and a search are set; the values are bound.
  const condition = () => {
    const where: (SQL | undefined)[] = [listed()];
    if (field) where.push(eq(rdProjects.field, param('field')));
    if (query.search) {
      const p = param('pattern');
      where.push(sql`(${rdProjects.title} ILIKE ${p} OR ${rdProjects.summary} ILIKE ${p} OR ${rdProjects.field} ILIKE ${p} OR ${rdProjects.tags}::text ILIKE ${p})`);
    }
    return and(...where);
  };
  const values = { field, pattern: query.search ? likePattern(query.search) : undefined, limit: query.limit, offset: (query.page - 1) * query.limit };
  const read = () =>
    loadProjectPage(db, `public:${field ? 'f' : '-'}${query.search ? 's' : '-'}`, condition, () => [asc(rdProjects.applicationDeadline), desc(rdProjects.id)], values);
  // Nothing per user and nothing read from the clock: the whole page is shared (decision 610).
  const key = { field, search: query.search, page: query.page, limit: query.limit };
  const { total, loaded } = cache ? await cache.get('rd.public-list', RD_LIST_TABLES, key, read) : await read();
  return { projects: loaded.map(publicProjectToDto), pagination: makePagination(query.page, query.limit, total) };
}

/** Undelivered R&D notifications of the caller, marked delivered in the same statement: each shows once. */
export async function takeNotifications(db: Db, actor: Actor) {
  const rows = await db
    .update(notifications)
    .set({ deliveredAt: new Date() })
    .where(and(eq(notifications.userId, actor.id), eq(notifications.type, 'rd-project'), sql`${notifications.deliveredAt} IS NULL`))
    .returning();
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
    .map((n) => ({ _id: n.id, title: n.title, message: n.message, subType: n.subType, actionUrl: n.actionUrl, createdAt: n.createdAt.toISOString() }));
}

