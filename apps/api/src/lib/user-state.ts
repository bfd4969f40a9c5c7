import { sql } from 'drizzle-orm';
import type { RegistrationStatus } from '@app/shared/workshops';
import type { Db } from '../db/client.ts';
import type { rdApplications } from '../db/schema/rd-projects.ts';
import type { CatalogueCache } from './cache.ts';
import { queryRows } from './sql.ts';

/**
 * A user's own state that the cached lists merge per caller (issue 13, docs/decisions/645): read whole,
 * once, and kept in the catalogue cache's per-user part until a statement touches one of the user's rows
 * (the PER_USER_TABLES triggers in lib/cache.ts, on every process) or a shared table it also reads
 * changes. A list hit then needs no SQL for its per-user part.
 *
 * A user with more than USER_STATE_CAP rows of one kind gets `null` for it: the caller then reads the
 * page's ids only, as before (bounded memory per user; no real user is near it).
 */
export const USER_STATE_CAP = 2000;

export interface WorkshopViewerState {
  /** The approved university the student is affiliated with (decision 630), with its name. */
  university: { id: string; name: string } | null;
  /** Registration status by workshop id; null: over the cap. */
  registrations: Map<string, RegistrationStatus> | null;
}

/** A student's affiliation and registrations (workshop list). Reads student_affiliations, organisations, workshop_registrations. */
export function workshopViewerState(db: Db, cache: CatalogueCache, studentId: string): Promise<WorkshopViewerState> {
  return cache.forUser(studentId, 'workshops.viewer', ['organisations'], async () => {
    const [university] = await queryRows<{ id: string; name: string }>(
      db,
      sql`SELECT o.id, o.name FROM student_affiliations a JOIN organisations o ON o.id = a.organisation_id
          WHERE a.student_id = ${studentId} AND o.type = 'university' AND o.status = 'approved'`,
    );
    const rows = await queryRows<{ workshop_id: string; status: RegistrationStatus }>(
      db,
      sql`SELECT workshop_id, status FROM workshop_registrations WHERE student_id = ${studentId} LIMIT ${USER_STATE_CAP + 1}`,
    );
    return {
      university: university ? { id: university.id, name: university.name } : null,
      registrations: rows.length > USER_STATE_CAP ? null : new Map(rows.map((r) => [r.workshop_id, r.status])),
    };
  });
}

/** The ideas a user has liked; null: over the cap. Reads idea_likes. */
export function likedIdeas(db: Db, cache: CatalogueCache, userId: string): Promise<Set<string> | null> {
  return cache.forUser(userId, 'ideas.liked', [], async () => {
    const rows = await queryRows<{ idea_id: string }>(
      db,
      sql`SELECT idea_id FROM idea_likes WHERE user_id = ${userId} LIMIT ${USER_STATE_CAP + 1}`,
    );
    return rows.length > USER_STATE_CAP ? null : new Set(rows.map((r) => r.idea_id));
  });
}

type ApplicationStatus = (typeof rdApplications.$inferSelect)['status'];

export interface RdStudentState {
  bookmarks: Set<string>;
  alerts: Map<string, Record<string, boolean>>;
  applications: Map<string, { id: string; status: ApplicationStatus; roleTitle: string; appliedAt: Date }>;
}

/**
 * A student's bookmarks, alerts and applications (with the applied role's title), the same shape as
 * rd-projects.repo studentState but for every project; null: over the cap. Reads rd_bookmarks, rd_alerts,
 * rd_applications and rd_project_roles (a role's title).
 */
export function rdStudentState(db: Db, cache: CatalogueCache, studentId: string): Promise<RdStudentState | null> {
  return cache.forUser(studentId, 'rd.student-state', ['rd_project_roles'], async () => {
    const rows = await queryRows<{
      kind: 'b' | 'a' | 'p';
      project_id: string;
      preferences: Record<string, boolean> | null;
      id: string | null;
      status: ApplicationStatus | null;
      role_title: string | null;
      applied_ms: number | string | null;
    }>(
      db,
      sql`(SELECT 'b' AS kind, project_id, NULL::jsonb AS preferences, NULL AS id, NULL AS status, NULL AS role_title, NULL::float8 AS applied_ms
             FROM rd_bookmarks WHERE user_id = ${studentId} LIMIT ${USER_STATE_CAP + 1})
          UNION ALL
          (SELECT 'a', project_id, preferences, NULL, NULL, NULL, NULL FROM rd_alerts WHERE user_id = ${studentId} LIMIT ${USER_STATE_CAP + 1})
          UNION ALL
          (SELECT 'p', a.project_id, NULL, a.id, a.status, r.title, (extract(epoch FROM a.created_at) * 1000)::float8
             FROM rd_applications a JOIN rd_project_roles r ON r.id = a.role_id WHERE a.student_id = ${studentId} LIMIT ${USER_STATE_CAP + 1})`,
    );
    const state: RdStudentState = { bookmarks: new Set(), alerts: new Map(), applications: new Map() };
    for (const r of rows) {
      if (r.kind === 'b') state.bookmarks.add(r.project_id);
      else if (r.kind === 'a') state.alerts.set(r.project_id, r.preferences ?? {});
      else if (r.id && r.status)
        state.applications.set(r.project_id, {
          id: r.id,
          status: r.status,
          roleTitle: r.role_title ?? '',
          appliedAt: new Date(Number(r.applied_ms)),
        });
    }
    const over = (kind: string) => rows.filter((r) => r.kind === kind).length > USER_STATE_CAP;
    return over('b') || over('a') || over('p') ? null : state;
  });
}
