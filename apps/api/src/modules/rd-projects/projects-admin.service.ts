import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { makePagination } from '@app/shared/api';
import {
  RD_MESSAGES,
  canTransition,
  parseDeadline,
  projectFormError,
  statusTransitionMessage,
  type AdminProjectDto,
  type AdminProjectListQuery,
  type ProjectBody,
  type RdStatus,
} from '@app/shared/rd-projects';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/platform.ts';
import { rdAlerts, rdApplications, rdProjectRoles, rdProjects } from '../../db/schema/rd-projects.ts';
import { badRequest, conflict, notFound, pgCode, PG } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import type { Actor } from '../../lib/http.ts';
import type { Storage } from '../../lib/storage.ts';
import { audit } from '../../lib/audit.ts';
import { notifyAlertHolders } from './alerts.ts';
import { adminProjectToDto } from './rd-projects.presenter.ts';
import { loadProject, loadProjects, projectDocumentFiles } from './rd-projects.repo.ts';
import { likePattern } from '../../lib/sql.ts';

export async function listProjects(db: Db, query: AdminProjectListQuery) {
  const where: SQL[] = [];
  if (query.status && query.status !== 'all') where.push(eq(rdProjects.status, query.status));
  if (query.field && query.field !== 'all') where.push(eq(rdProjects.field, query.field));
  if (query.search) {
    const p = likePattern(query.search);
    const any = or(ilike(rdProjects.title, p), ilike(rdProjects.summary, p), ilike(rdProjects.field, p), sql`${rdProjects.supervisor}->>'name' ILIKE ${p}`);
    if (any) where.push(any);
  }
  const cond = where.length ? and(...where) : undefined;
  const [totalRow] = await db.select({ n: sql<number>`count(*)::int` }).from(rdProjects).where(cond);
  const total = Number(totalRow?.n ?? 0);
  const idRows = await db
    .select({ id: rdProjects.id })
    .from(rdProjects)
    .where(cond)
    .orderBy(desc(rdProjects.createdAt), desc(rdProjects.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const projects = (await loadProjects(db, idRows.map((r) => r.id))).map(adminProjectToDto);
  const pagination = makePagination(query.page, query.limit, total);
  return { projects, pagination, total, pages: pagination.pages };
}

export async function getProject(db: Db, id: string): Promise<AdminProjectDto> {
  if (!isId(id)) throw notFound('Project');
  const p = await loadProject(db, id);
  if (!p) throw notFound('Project');
  return adminProjectToDto(p);
}

function checkForm(body: ProjectBody, now: Date, deadlineUnchanged = false) {
  const error = projectFormError(body, now, { deadlineUnchanged });
  if (error) throw badRequest(error);
}

function projectValues(body: ProjectBody) {
  const deadline = parseDeadline(body.applicationProcess.applicationDeadline);
  if (!deadline) throw badRequest(RD_MESSAGES.deadlineFuture);
  const end = body.timeline.expectedEndDate.trim().slice(0, 10);
  return {
    title: body.title.trim(),
    summary: body.summary.trim(),
    description: body.description,
    field: body.field.trim(),
    priority: body.priority,
    visibility: body.visibility,
    supervisor: {
      name: body.supervisor.name.trim(),
      title: body.supervisor.title,
      department: body.supervisor.department,
      email: body.supervisor.email.trim().toLowerCase(),
      bio: body.supervisor.bio,
    },
    duration: body.timeline.duration,
    startDate: body.timeline.startDate,
    expectedEndDate: end,
    applicationDeadline: deadline,
    objectives: body.objectives,
    tags: body.tags,
    milestones: body.milestones.map((m) => ({
      title: m.title,
      description: m.description,
      status: m.status,
      ...(m.dueDate ? { dueDate: m.dueDate } : {}),
      ...(m.completedAt ? { completedAt: m.completedAt } : {}),
    })),
    selectionCriteria: body.applicationProcess.selectionCriteria,
    interviewRequired: body.applicationProcess.interviewRequired,
    documentsRequired: body.applicationProcess.documentsRequired,
    requirements: body.requirements,
  };
}

function roleValues(role: ProjectBody['roles'][number], projectId: string, position: number) {
  return {
    projectId,
    position,
    title: role.title,
    description: role.description,
    maxPositions: role.maxPositions,
    skillsRequired: role.skillsRequired,
    degreeLevel: role.eligibilityCriteria.degreeLevel,
    minCgpa: role.eligibilityCriteria.minCGPA,
    languages: role.eligibilityCriteria.languages,
    experience: role.eligibilityCriteria.experience,
    benefits: role.benefits,
    workMode: role.workMode,
    compensationType: role.compensation.type,
    compensationAmount: role.compensation.amount,
    compensationCurrency: role.compensation.currency,
    location: role.location,
  };
}

export async function createProject(db: Db, actor: Actor, body: ProjectBody, now = new Date()): Promise<AdminProjectDto> {
  checkForm(body, now);
  const status: RdStatus = body.status ?? 'draft';
  if (status !== 'draft' && !canTransition('draft', status)) throw conflict(statusTransitionMessage('draft', status));
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rdProjects)
      .values({ ...projectValues(body), status, createdBy: actor.id })
      .returning({ id: rdProjects.id });
    if (!row) throw new Error('project insert returned nothing');
    await tx.insert(rdProjectRoles).values(body.roles.map((r, i) => roleValues(r, row.id, i)));
    await audit(tx, actor.id, 'create', 'rd-project', row.id, null, { title: body.title, status });
    return row.id;
  });
  return getProject(db, id);
}

export async function updateProject(db: Db, actor: Actor, id: string, body: ProjectBody, now = new Date()): Promise<AdminProjectDto> {
  if (!isId(id)) throw notFound('Project');
  const current = await loadProject(db, id);
  if (!current) throw notFound('Project');
  const newDeadline = parseDeadline(body.applicationProcess.applicationDeadline);
  const deadlineUnchanged = Boolean(newDeadline && newDeadline.getTime() === current.row.applicationDeadline.getTime());
  checkForm(body, now, deadlineUnchanged);
  const from = current.row.status;
  const to = body.status ?? from;
  if (to !== from && !canTransition(from, to)) throw conflict(statusTransitionMessage(from, to));

  try {
    await db.transaction(async (tx) => {
      const values = projectValues(body);
      // The status part is a compare-and-set: a concurrent change makes this a 409, never a skipped state.
      const [updated] = await tx
        .update(rdProjects)
        .set({ ...values, status: to, updatedAt: new Date() })
        .where(and(eq(rdProjects.id, id), eq(rdProjects.status, from)))
        .returning({ id: rdProjects.id });
      if (!updated) throw conflict('This project was changed by someone else. Please reload and try again.');

      const existing = new Map(current.roles.map((r) => [r.id, r]));
      const kept = new Set<string>();
      for (const [i, role] of body.roles.entries()) {
        const match = role._id ? existing.get(role._id) : undefined;
        if (match) {
          kept.add(match.id);
          const [row] = await tx
            .update(rdProjectRoles)
            .set(roleValues(role, id, i))
            .where(and(eq(rdProjectRoles.id, match.id), sql`${rdProjectRoles.currentPositions} <= ${role.maxPositions}`))
            .returning({ id: rdProjectRoles.id });
          if (!row) throw conflict(RD_MESSAGES.maxBelowFilled);
        } else {
          await tx.insert(rdProjectRoles).values(roleValues(role, id, i));
        }
      }
      const removed = current.roles.filter((r) => !kept.has(r.id)).map((r) => r.id);
      if (removed.length) {
        const [used] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(rdApplications)
          .where(inArray(rdApplications.roleId, removed));
        if (Number(used?.n ?? 0) > 0) throw conflict(RD_MESSAGES.roleHasApplications);
        await tx.delete(rdProjectRoles).where(inArray(rdProjectRoles.id, removed));
      }
      // A moved deadline earns a fresh reminder.
      if (!deadlineUnchanged) await tx.update(rdAlerts).set({ deadlineNotifiedAt: null }).where(eq(rdAlerts.projectId, id));

      await notifyAlertHolders(tx, id, 'updates', 'updated', (t) => ({
        title: t('notification.rd.updatedTitle'),
        message: t('notification.rd.updated', { title: values.title }),
      }));
      if (to !== from) await notifyStatusChange(tx, id, values.title, to);
      await audit(tx, actor.id, 'update', 'rd-project', id, snapshot(current.row), { ...values, status: to });
    });
  } catch (error) {
    if (pgCode(error) === PG.checkViolation) throw conflict(RD_MESSAGES.maxBelowFilled);
    throw error;
  }
  return getProject(db, id);
}

function snapshot(row: { title: string; status: string; applicationDeadline: Date; expectedEndDate: string; visibility: string; priority: string }) {
  return {
    title: row.title,
    status: row.status,
    applicationDeadline: row.applicationDeadline.toISOString(),
    expectedEndDate: row.expectedEndDate,
    visibility: row.visibility,
    priority: row.priority,
  };
}

async function notifyStatusChange(tx: Db, projectId: string, title: string, status: RdStatus) {
  await notifyAlertHolders(tx, projectId, 'statusChanges', status, (t) => ({
    title: t('notification.rd.projectStatusTitle'),
    message: t('notification.rd.projectStatus', { title, status }),
  }));
}

export async function changeStatus(db: Db, actor: Actor, id: string, status: RdStatus): Promise<AdminProjectDto> {
  if (!isId(id)) throw notFound('Project');
  const current = await loadProject(db, id);
  if (!current) throw notFound('Project');
  const from = current.row.status;
  if (!canTransition(from, status)) throw conflict(statusTransitionMessage(from, status));
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(rdProjects)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(rdProjects.id, id), eq(rdProjects.status, from)))
      .returning({ id: rdProjects.id, title: rdProjects.title });
    if (!row) throw conflict('This project was changed by someone else. Please reload and try again.');
    await notifyStatusChange(tx, id, row.title, status);
    await audit(tx, actor.id, 'status', 'rd-project', id, { status: from }, { status });
  });
  return getProject(db, id);
}

/** Delete a project with its roles, applications and their documents (files removed after commit). */
export async function deleteProject(db: Db, storage: Storage, actor: Actor, id: string): Promise<void> {
  if (!isId(id)) throw notFound('Project');
  const keys = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(rdProjects).where(eq(rdProjects.id, id));
    if (!current) throw notFound('Project');
    const docs = await projectDocumentFiles(tx, id);
    await tx.delete(rdProjects).where(eq(rdProjects.id, id));
    if (docs.length) await tx.delete(files).where(inArray(files.id, docs.map((d) => d.file_id)));
    await audit(tx, actor.id, 'delete', 'rd-project', id, snapshot(current), null);
    return docs.map((d) => d.storage_key);
  });
  await Promise.all(keys.map((k) => storage.remove(k).catch(() => undefined)));
}
