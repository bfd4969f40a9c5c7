import { and, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  RD_DOCUMENT_LABELS,
  RD_DOCUMENT_TYPES,
  RD_MESSAGES,
  RD_WITHDRAWABLE,
  applyFields,
  type StudentApplicationDto,
} from '@app/shared/rd-projects';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/platform.ts';
import { rdApplicationDocuments, rdApplicationEvents, rdApplications, rdProjects } from '../../db/schema/rd-projects.ts';
import { badRequest, conflict, notFound, pgCode, PG } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import type { Actor } from '../../lib/http.ts';
import type { Storage } from '../../lib/storage.ts';
import { checkDocument, type CheckedDocument, type UploadedDocument } from './documents.ts';
import { interviewIcs } from './applications-admin.service.ts';
import { interviewSlot, studentApplicationToDto } from './rd-projects.presenter.ts';
import { loadApplications, loadProject, type LoadedApplication } from './rd-projects.repo.ts';
import { companyProjectHidden } from './company-visibility.ts';
import { applicationInContext } from './rd-projects.repo.ts';
import { catalogueMessages } from '../../lib/request-validation.ts';

/**
 * 'Not before today' for a student anywhere: the latest time zone's date (UTC-12) is the earliest
 * calendar date still current somewhere, so no student is refused their own today.
 */
export function earliestToday(now: Date): string {
  return DateTime.fromJSDate(now, { zone: 'Etc/GMT+12' }).toISODate() ?? now.toISOString().slice(0, 10);
}

export async function apply(
  db: Db,
  storage: Storage,
  actor: Actor,
  projectId: string,
  form: { fields: Record<string, string>; documents: UploadedDocument[] },
  now = new Date(),
): Promise<StudentApplicationDto> {
  if (!isId(projectId)) throw notFound('Project');
  const project = await loadProject(db, projectId);
  if (!project || project.row.visibility !== 'public' || project.row.status === 'draft' || (await companyProjectHidden(db, project.row.id))) {
    throw notFound('Project');
  }

  const parsed = applyFields.safeParse(form.fields, { error: catalogueMessages() });
  if (!parsed.success) {
    const messages = [...new Set(parsed.error.issues.map((i) => i.message))];
    throw badRequest(messages[0] ?? 'Invalid application', messages);
  }
  const fields = parsed.data;
  if (fields.availableStartDate && fields.availableStartDate < earliestToday(now)) throw badRequest(RD_MESSAGES.startDatePast);

  if (project.row.status !== 'active') throw conflict(RD_MESSAGES.notAccepting);
  if (project.row.applicationDeadline.getTime() <= now.getTime()) throw conflict(RD_MESSAGES.deadlinePassed);
  const role =
    project.roles.find((r) => r.id === fields.roleAppliedFor) ??
    project.roles.find((r) => r.title === fields.roleAppliedFor && r.currentPositions < r.maxPositions) ??
    project.roles.find((r) => r.title === fields.roleAppliedFor);
  if (!role) throw badRequest(RD_MESSAGES.roleRequired);
  if (role.currentPositions >= role.maxPositions) throw conflict(RD_MESSAGES.roleFull);
  const [existing] = await db
    .select({ id: rdApplications.id })
    .from(rdApplications)
    .where(and(eq(rdApplications.projectId, projectId), eq(rdApplications.studentId, actor.id)));
  if (existing) throw conflict(RD_MESSAGES.alreadyApplied);

  for (const required of project.row.documentsRequired) {
    const type = RD_DOCUMENT_TYPES.find((t) => t === required);
    if (type && !form.documents.some((d) => d.type === type)) throw badRequest(RD_MESSAGES.documentRequired(RD_DOCUMENT_LABELS[type]));
  }
  const checked: CheckedDocument[] = [];
  for (const doc of form.documents) checked.push(await checkDocument(doc));

  // Files first (generated names), then every row in one transaction; any failure removes the files.
  const keys: string[] = [];
  try {
    for (const doc of checked) keys.push(await storage.put('rd-documents', doc.extension, doc.buffer));
    const applicationId = await db.transaction(async (tx) => {
      const [app] = await tx
        .insert(rdApplications)
        .values({
          projectId,
          roleId: role.id,
          studentId: actor.id,
          motivation: fields.motivation,
          availableStartDate: fields.availableStartDate,
          expectedDuration: fields.expectedDuration,
          relevantExperience: fields.relevantExperience,
          appliedAt: now,
          updatedAt: now,
        })
        .returning({ id: rdApplications.id });
      if (!app) throw new Error('application insert returned nothing');
      for (const [i, doc] of checked.entries()) {
        const [file] = await tx
          .insert(files)
          .values({ ownerId: actor.id, kind: 'rd-document', storageKey: keys[i] ?? '', mimeType: doc.mimeType, size: doc.buffer.length, originalName: doc.safeName })
          .returning({ id: files.id });
        if (!file) throw new Error('file insert returned nothing');
        await tx.insert(rdApplicationDocuments).values({ applicationId: app.id, type: doc.type, fileId: file.id });
      }
      await tx.insert(rdApplicationEvents).values({ applicationId: app.id, status: 'pending', actorId: actor.id, createdAt: now });
      return app.id;
    });
    return await myApplication(db, actor, applicationId);
  } catch (error) {
    await Promise.all(keys.map((k) => storage.remove(k).catch(() => undefined)));
    if (pgCode(error) === PG.uniqueViolation) throw conflict(RD_MESSAGES.alreadyApplied);
    throw error;
  }
}

async function withProjects(db: Db, apps: LoadedApplication[]): Promise<StudentApplicationDto[]> {
  const ids = [...new Set(apps.map((a) => a.row.projectId))];
  if (!ids.length) return [];
  const projects = await db
    .select({ id: rdProjects.id, title: rdProjects.title, field: rdProjects.field, status: rdProjects.status, summary: rdProjects.summary, supervisor: rdProjects.supervisor, applicationDeadline: rdProjects.applicationDeadline })
    .from(rdProjects)
    .where(inArray(rdProjects.id, ids));
  const byId = new Map(projects.map((p) => [p.id, p]));
  return apps.flatMap((a) => {
    const p = byId.get(a.row.projectId);
    return p ? [studentApplicationToDto(a, { ...p, supervisorName: p.supervisor.name })] : [];
  });
}

export async function myApplications(db: Db, actor: Actor): Promise<StudentApplicationDto[]> {
  return withProjects(db, await loadApplications(db, eq(rdApplications.studentId, actor.id)));
}

export async function myApplication(db: Db, actor: Actor, id: string): Promise<StudentApplicationDto> {
  if (!isId(id)) throw notFound('Application');
  const [dto] = await withProjects(db, await loadApplications(db, and(eq(rdApplications.id, id), eq(rdApplications.studentId, actor.id))));
  if (!dto) throw notFound('Application');
  return dto;
}

export async function withdraw(db: Db, actor: Actor, id: string, now = new Date()): Promise<StudentApplicationDto> {
  if (!isId(id)) throw notFound('Application');
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: rdApplications.status })
      .from(rdApplications)
      .where(and(eq(rdApplications.id, id), eq(rdApplications.studentId, actor.id)));
    if (!current) throw notFound('Application');
    const [row] = await tx
      .update(rdApplications)
      .set({ status: 'withdrawn', updatedAt: now })
      .where(and(eq(rdApplications.id, id), eq(rdApplications.studentId, actor.id), inArray(rdApplications.status, [...RD_WITHDRAWABLE])))
      .returning({ id: rdApplications.id });
    if (!row) throw conflict(RD_MESSAGES.cannotWithdraw);
    await tx.insert(rdApplicationEvents).values({ applicationId: id, status: 'withdrawn', actorId: actor.id, createdAt: now });
  });
  return myApplication(db, actor, id);
}

export async function myDocument(db: Db, actor: Actor, applicationId: string, documentId: string) {
  if (!isId(applicationId) || !isId(documentId)) throw notFound('Document');
  const [doc] = await db
    .select({ storageKey: files.storageKey, mimeType: files.mimeType, originalName: files.originalName })
    .from(rdApplicationDocuments)
    .innerJoin(rdApplications, eq(rdApplications.id, rdApplicationDocuments.applicationId))
    .innerJoin(files, eq(files.id, rdApplicationDocuments.fileId))
    .where(and(eq(rdApplicationDocuments.id, documentId), eq(rdApplications.id, applicationId), eq(rdApplications.studentId, actor.id)));
  if (!doc) throw notFound('Document');
  return doc;
}

/** The .ics of the student's scheduled interview. */
export async function myInterviewIcs(db: Db, actor: Actor, applicationId: string, mailFrom: string): Promise<string> {
  if (!isId(applicationId)) throw notFound('Application');
  const [row] = await applicationInContext(db, and(eq(rdApplications.id, applicationId), eq(rdApplications.studentId, actor.id)));
  if (!row) throw notFound('Application');
  const slot = row.app.status === 'interview-scheduled' ? interviewSlot(row.app.interview) : null;
  if (!slot || !row.app.interview) throw notFound('Interview');
  return interviewIcs({
    applicationId,
    projectTitle: row.projectTitle,
    roleTitle: row.roleTitle,
    interview: row.app.interview,
    slot,
    sequence: row.app.interviewSequence,
    method: 'PUBLISH',
    mailFrom,
    attendee: { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email },
  });
}
