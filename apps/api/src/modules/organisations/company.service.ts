import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ProjectBody } from '@app/shared/rd-projects';
import type { Db } from '../../db/client.ts';
import { organisationProjects, organisations } from '../../db/schema/organisations.ts';
import { rdProjects } from '../../db/schema/rd-projects.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Actor, ActorOrganisation } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { queryRows } from '../../lib/sql.ts';
import { notifyAdmins, notifyEach } from '../notifications/index.ts';
import { createProject } from '../rd-projects/index.ts';
import { ratingOf } from '../professionals/index.ts';

interface ProjectRow {
  id: string;
  title: string;
  field: string;
  status: string;
  moderation: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  application_deadline: string | Date;
  created_at: string | Date;
  applications: number;
  accepted: number;
  summary: string;
  organisation_id: string;
  organisation_name: string;
}

function projectsSql(where: SQL) {
  return sql`
    SELECT p.id, p.title, p.field, p.status, p.summary, p.application_deadline, p.created_at, op.moderation, op.reason,
      o.id AS organisation_id, o.name AS organisation_name,
      (SELECT count(*)::int FROM rd_applications a WHERE a.project_id = p.id AND a.status <> 'withdrawn') AS applications,
      (SELECT count(*)::int FROM rd_applications a WHERE a.project_id = p.id AND a.status = 'accepted') AS accepted
    FROM organisation_projects op
    JOIN rd_projects p ON p.id = op.project_id
    JOIN organisations o ON o.id = op.organisation_id
    WHERE ${where}
    ORDER BY p.created_at DESC, p.id DESC`;
}

const toDto = (r: ProjectRow) => ({
  id: r.id,
  title: r.title,
  field: r.field,
  status: r.status,
  moderation: r.moderation,
  reason: r.reason,
  applicationDeadline: new Date(r.application_deadline).toISOString(),
  createdAt: new Date(r.created_at).toISOString(),
  applications: Number(r.applications),
  accepted: Number(r.accepted),
});

export async function listOwnProjects(db: Db, org: ActorOrganisation) {
  const rows = await queryRows<ProjectRow>(db, projectsSql(sql`op.organisation_id = ${org.id}`));
  return rows.map(toDto);
}

/** A company posts a project: created active, but hidden until an administrator approves it. */
export async function postProject(db: Db, actor: Actor, org: ActorOrganisation, body: ProjectBody) {
  const id = await db.transaction(async (tx) => {
    const project = await createProject(tx, actor, { ...body, status: 'active' });
    await tx.insert(organisationProjects).values({ projectId: project._id, organisationId: org.id });
    await notifyAdmins(tx, ({ t }) => ({
      type: 'rd-project',
      subType: 'moderation',
      title: t('notification.project.moderationTitle'),
      message: t('notification.project.moderation', { title: body.title }),
      actionUrl: '/admin/dashboard?tab=organisations',
    }));
    return project._id;
  });
  const [row] = await queryRows<ProjectRow>(db, projectsSql(sql`op.project_id = ${id}`));
  if (!row) throw notFound('Project');
  return toDto(row);
}

/** The caller's organisation's project, or 404 (another company's project is indistinguishable from none). */
export async function assertOwnProject(db: Db, org: ActorOrganisation, projectId: string) {
  if (!isId(projectId)) throw notFound('Project');
  const [row] = await db
    .select({ id: organisationProjects.projectId })
    .from(organisationProjects)
    .where(and(eq(organisationProjects.projectId, projectId), eq(organisationProjects.organisationId, org.id)));
  if (!row) throw notFound('Project');
}

export async function moderationQueue(db: Db) {
  const rows = await queryRows<ProjectRow>(db, projectsSql(sql`op.moderation = 'pending'`));
  return rows.map((r) => ({ ...toDto(r), summary: r.summary, organisation: { id: r.organisation_id, name: r.organisation_name } }));
}

export async function moderate(db: Db, actor: Actor, projectId: string, body: { decision: 'approve' | 'reject'; reason?: string }) {
  if (!isId(projectId)) throw notFound('Project');
  const moderation = body.decision === 'approve' ? 'approved' : 'rejected';
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(organisationProjects)
      .set({ moderation, reason: body.reason ?? null, moderatedBy: actor.id, moderatedAt: new Date() })
      .where(and(eq(organisationProjects.projectId, projectId), eq(organisationProjects.moderation, 'pending')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: organisationProjects.projectId }).from(organisationProjects).where(eq(organisationProjects.projectId, projectId));
      if (!exists) throw notFound('Project');
      throw conflict('This project has already been moderated');
    }
    await audit(tx, actor.id, body.decision, 'rd-project-moderation', projectId, { moderation: 'pending' }, { moderation, reason: body.reason ?? null });
    const [project] = await tx.select({ title: rdProjects.title }).from(rdProjects).where(eq(rdProjects.id, projectId));
    const members = await queryRows<{ user_id: string }>(tx, sql`SELECT user_id FROM organisation_members WHERE organisation_id = ${row.organisationId}`);
    const title = project?.title ?? '';
    await notifyEach(tx, members, (m) => m.user_id, ({ t }) => ({
      type: 'rd-project',
      subType: moderation === 'approved' ? 'approved' : 'rejected',
      title: t('notification.project.moderatedTitle', { decision: moderation }),
      message: moderation === 'approved' ? t('notification.project.published', { title }) : t('notification.project.notApproved', { title, reason: body.reason ?? '' }),
      actionUrl: '/company/dashboard',
    }));
  });
  const [row] = await queryRows<ProjectRow>(db, projectsSql(sql`op.project_id = ${projectId}`));
  if (!row) throw notFound('Project');
  return toDto(row);
}

/** How the company's projects and the experts it endorsed perform. */
export async function performance(db: Db, org: ActorOrganisation) {
  const projects = await listOwnProjects(db, org);
  const mentors = await queryRows<{ id: string; first_name: string; last_name: string; is_verified: boolean; sessions: number; rating_sum: number; rating_count: number }>(
    db,
    sql`SELECT u.id, u.first_name, u.last_name, u.is_verified, pp.rating_sum, pp.rating_count,
          (SELECT count(*)::int FROM mentoring_sessions s WHERE s.professional_id = u.id AND s.status <> 'cancelled') AS sessions
        FROM expert_applications ea JOIN users u ON u.id = ea.user_id JOIN professional_profiles pp ON pp.user_id = u.id
        WHERE ea.endorsed_by = ${org.id} ORDER BY u.first_name, u.id`,
  );
  const [company] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, org.id));
  if (!company) throw notFound('Organisation');
  return {
    projects: {
      posted: projects.length,
      live: projects.filter((p) => p.moderation === 'approved' && p.status === 'active').length,
      applications: projects.reduce((n, p) => n + p.applications, 0),
      accepted: projects.reduce((n, p) => n + p.accepted, 0),
    },
    mentors: mentors.map((m) => ({
      id: m.id,
      name: `${m.first_name} ${m.last_name}`.trim(),
      verified: m.is_verified,
      sessions: Number(m.sessions),
      rating: Number(m.rating_count) > 0 ? ratingOf({ ratingSum: Number(m.rating_sum), ratingCount: Number(m.rating_count) }).average : null,
    })),
  };
}


/** A single project a company posted that students may not see yet (pending, rejected, or company not approved). */
