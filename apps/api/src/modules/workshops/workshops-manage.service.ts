import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { makePagination } from '@app/shared/api';
import {
  UNIVERSITY_WORKSHOP_MESSAGES,
  WORKSHOP_FORM_MESSAGES,
  adminWorkshopBody,
  flattenWorkshopInput,
  myWorkshopBody,
  type AdminWorkshopListQuery,
  type WorkshopRegistrationRow,
} from '@app/shared/workshop-admin';
import type { WorkshopDto } from '@app/shared/workshops';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { professionalProfiles, studentProfiles, users } from '../../db/schema/users.ts';
import { workshopRegistrations, workshops } from '../../db/schema/workshops.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, PG, badRequest, conflict, notFound, pgCode } from '../../lib/errors.ts';
import { localInstant } from '../../lib/local-time.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { createMeetingLink } from '../../lib/meeting.ts';
import { catalogueMessages } from '../../lib/request-validation.ts';
import { ErrorCode } from '@app/shared/api';
import { WORKSHOP_CALENDAR_FIELDS, calendarFieldsChanged, queueEventChange } from '../../lib/event-changes.ts';
import { fullName } from '../users/index.ts';
import { cancelWorkshop, issueCertificates } from './workshops-lifecycle.ts';
import { findWorkshop, selectWorkshops, toWorkshopDto, type WorkshopRow } from './workshops.presenter.ts';
import { organisationNames } from './workshops-visibility.ts';
import { workshopTextMatch } from './workshops.repo.ts';
import { organisationMembers } from '../../db/schema/organisations.ts';
import { notifyMany } from '../notifications/index.ts';
import { extend } from '../../lib/dto.ts';
import { queueEmail } from '../../lib/mail.ts';
import { inert } from '../../lib/email-template.ts';
import { recipientLocale, recipientLocales, voiceOf, type Voice } from '../../lib/recipient-locale.ts';
import { workshopIcs } from './workshops.service.ts';
import { likePattern } from '../../lib/sql.ts';
import { personColumns } from '../../db/columns.ts';

/**
 * Who manages: an admin (every workshop), a professional (only those they instruct), or a university's
 * admin (only its university-only workshops, which it submits for the admin's approval: decision 630).
 */
export type Manager =
  | { kind: 'admin'; actor: Actor }
  | { kind: 'professional'; actor: Actor }
  | { kind: 'university'; actor: Actor; organisationId: string };

function ownership(manager: Manager): SQL | undefined {
  if (manager.kind === 'university') return eq(workshops.organisationId, manager.organisationId);
  return manager.kind === 'professional' ? eq(workshops.professionalId, manager.actor.id) : undefined;
}


export function workshopFilter(query: { search?: string; category?: string; status?: string }, extra?: SQL): SQL | undefined {
  const conditions: SQL[] = [];
  if (extra) conditions.push(extra);
  const search = query.search?.trim();
  if (search) {
    const cond = or(...workshopTextMatch(likePattern(search)));
    if (cond) conditions.push(cond);
  }
  const category = query.category?.trim();
  if (category && category.toLowerCase() !== 'all') conditions.push(sql`lower(${workshops.category}) = lower(${category})`);
  if (query.status) conditions.push(sql`${workshops.status} = ${query.status}`);
  return conditions.length ? and(...conditions) : undefined;
}

const present = (row: Parameters<typeof toWorkshopDto>[0], now?: Date) => toWorkshopDto(row, { signedIn: true, manager: true, now });

export async function listManagedWorkshops(db: Db, manager: Manager, query: AdminWorkshopListQuery, now?: Date) {
  const where = workshopFilter(query, ownership(manager));
  const [total] = await db
    .select({ n: count() })
    .from(workshops)
    .leftJoin(users, eq(users.id, workshops.professionalId))
    .leftJoin(professionalProfiles, eq(professionalProfiles.userId, workshops.professionalId))
    .where(where);
  const rows = await selectWorkshops(db)
    .where(where)
    .orderBy(desc(workshops.startsAt), asc(workshops.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  // Whose students a university-only workshop is for: the admin's approval queue names the university.
  const names = await organisationNames(db, rows.map((row) => row.workshop.organisationId));
  const withNames = rows.map((row) => {
    const dto = present(row, now);
    return row.workshop.organisationId ? extend(dto, { organisationName: names.get(row.workshop.organisationId) ?? null }) : dto;
  });
  return { workshops: withNames, pagination: makePagination(query.page, query.limit, total?.n ?? 0) };
}

export async function loadManaged(db: Db, manager: Manager, id: string) {
  if (!isId(id)) throw notFound('Workshop');
  const row = await findWorkshop(db, id, ownership(manager));
  if (!row) throw notFound('Workshop');
  return row;
}

export async function getManagedWorkshop(db: Db, manager: Manager, id: string, now?: Date): Promise<WorkshopDto> {
  return present(await loadManaged(db, manager, id), now);
}

/** The stored workshop as form input, so a partial PUT can be merged and validated as a whole. */
function asInput(w: WorkshopRow): Record<string, unknown> {
  return {
    title: w.title,
    description: w.description,
    category: w.category,
    difficulty: w.difficulty,
    deliveryMode: w.deliveryMode,
    date: w.date,
    startTime: w.startTime,
    endTime: w.endTime,
    timezone: w.timezone,
    maxParticipants: w.maxParticipants,
    tags: w.tags,
    prerequisites: w.prerequisites,
    learningOutcomes: w.learningOutcomes,
    meetingLink: w.meetingLink ?? undefined,
    venue: w.venue ?? undefined,
    address: w.address ?? undefined,
    city: w.city ?? undefined,
    state: w.state ?? undefined,
    status: w.status === 'published' || w.status === 'draft' ? w.status : 'published',
    professionalId: w.professionalId,
    manualInstructor: w.manualInstructor,
  };
}

function validate(manager: Manager, input: unknown) {
  const schema = manager.kind === 'professional' ? myWorkshopBody : adminWorkshopBody;
  const parsed = schema.safeParse(input, { error: catalogueMessages() });
  if (!parsed.success) {
    const errors = [...new Set(parsed.error.issues.map((i) => i.message))];
    throw badRequest(errors[0] ?? 'Invalid workshop', errors);
  }
  return parsed.data;
}

/** Local date + time in the workshop's zone → UTC instants (luxon, never hand-rolled offsets). */
function instants(date: string, startTime: string, endTime: string, zone: string) {
  const start = localInstant(date, startTime, zone, WORKSHOP_FORM_MESSAGES.date);
  const end = localInstant(date, endTime, zone, WORKSHOP_FORM_MESSAGES.date);
  if (end <= start) throw badRequest(WORKSHOP_FORM_MESSAGES.endAfterStart);
  return { startsAt: start.toUTC().toJSDate(), endsAt: end.toUTC().toJSDate() };
}

async function assertInstructor(db: Db, professionalId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    // Verified only: an expert awaiting verification must not reach students as an instructor (decision 483).
    .where(and(eq(users.id, professionalId), eq(users.role, 'professional'), eq(users.isActive, true), eq(users.isVerified, true)));
  if (!row) throw badRequest(WORKSHOP_FORM_MESSAGES.instructorInvalid);
}

function columns(config: Config, manager: Manager, v: ReturnType<typeof validate>, current?: WorkshopRow) {
  const online = v.deliveryMode === 'online' || v.deliveryMode === 'hybrid';
  const instructor =
    manager.kind === 'professional'
      ? { professionalId: manager.actor.id, manualInstructor: null }
      : v.professionalId
        ? { professionalId: v.professionalId, manualInstructor: null }
        : { professionalId: null, manualInstructor: v.manualInstructor ?? null };
  // An online workshop always has a link: the one given, the one it had, or a new unguessable room.
  const meetingLink = online
    ? (v.meetingLink ?? current?.meetingLink ?? createMeetingLink(config.meetingBaseUrl))
    : (v.meetingLink ?? null);
  return {
    title: v.title,
    description: v.description,
    category: v.category,
    difficulty: v.difficulty,
    deliveryMode: v.deliveryMode,
    ...instructor,
    date: v.date,
    startTime: v.startTime,
    endTime: v.endTime,
    timezone: v.timezone,
    ...instants(v.date, v.startTime, v.endTime, v.timezone),
    maxParticipants: v.maxParticipants,
    status: v.status,
    tags: v.tags,
    prerequisites: v.prerequisites,
    learningOutcomes: v.learningOutcomes,
    meetingLink,
    meetingPlatform:
      online && meetingLink
        ? meetingLink.includes('meet.jit.si')
          ? 'Jitsi Meet'
          : (current?.meetingPlatform ?? 'Online')
        : null,
    venue: v.venue || null,
    address: v.address || null,
    city: v.city || null,
    state: v.state || null,
  };
}

/** The flat form fields from what the client sent (the read shape is accepted too). */
function flat(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The workshop must be a JSON object');
  const { input, errors } = flattenWorkshopInput(body as Record<string, unknown>);
  if (errors.length > 0) throw badRequest(errors[0] ?? 'Invalid workshop', errors);
  return input;
}

export async function createManagedWorkshop(db: Db, config: Config, manager: Manager, body: unknown): Promise<WorkshopDto> {
  const v = validate(manager, flat(body));
  if (manager.kind !== 'professional' && v.professionalId) await assertInstructor(db, v.professionalId);
  // A university submits; only an administrator publishes (decision 630): it starts as a draft awaiting approval.
  const values =
    manager.kind === 'university'
      ? { ...columns(config, manager, v), status: 'draft' as const, organisationId: manager.organisationId }
      : columns(config, manager, v);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(workshops)
      .values({ ...values, createdBy: manager.actor.id })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, manager.actor.id, 'create', 'workshop', row.id, null, row);
    if (row.organisationId && row.professionalId) await askInstructor(tx, row.professionalId, row.id, row.title);
    // Every participant gets the first REQUEST (decision 821): a published workshop's instructor at creation.
    if (row.status === 'published') await emailInstructor(tx, config, row.id, instructorOf(row), 'REQUEST');
    return row.id;
  });
  return getManagedWorkshop(db, manager, id);
}

/**
 * Merge a partial PUT with the stored workshop and validate the whole. Capacity can never drop below the
 * seats already taken: the UPDATE is conditional on it (and the table's check constraint backs it up).
 */
export async function updateManagedWorkshop(
  db: Db,
  config: Config,
  manager: Manager,
  id: string,
  body: Record<string, unknown>,
): Promise<{ workshop: WorkshopDto; statusOnly: boolean }> {
  const current = await loadManaged(db, manager, id);
  if (current.workshop.status === 'completed' || current.workshop.status === 'cancelled') throw badRequest(WORKSHOP_FORM_MESSAGES.finished);
  // A university edits its submission only while it awaits approval, and it stays a draft (decision 632).
  // Issue 28 (decision 733): one rule for the university and the instructor it named — neither rewrites
  // a university's workshop once approved, and neither publishes it (the administrator does).
  const universityRule = manager.kind !== 'admin' && current.workshop.organisationId !== null;
  if (universityRule && current.workshop.status !== 'draft') throw conflict(UNIVERSITY_WORKSHOP_MESSAGES.notAwaitingApproval);
  const patch = flat(body);
  if (universityRule) patch.status = 'draft';
  // A read-back status the form cannot set (e.g. completed) that did not change is not a change.
  if (patch.status === current.workshop.status) delete patch.status;
  const keys = Object.keys(patch);
  const statusOnly = keys.length === 1 && keys[0] === 'status';
  const merged = { ...asInput(current.workshop), ...patch };
  if (manager.kind === 'admin' && 'manualInstructor' in patch && patch.manualInstructor && !('professionalId' in patch))
    merged.professionalId = null;
  if (manager.kind === 'admin' && 'professionalId' in patch && patch.professionalId && !('manualInstructor' in patch))
    merged.manualInstructor = null;
  const v = validate(manager, merged);
  if (manager.kind !== 'professional' && v.professionalId && v.professionalId !== current.workshop.professionalId)
    await assertInstructor(db, v.professionalId);
  const values: ReturnType<typeof columns> & { instructorAcceptedAt?: Date | null } = columns(config, manager, v, current.workshop);
  // Issue 28 (decision 733): a university's newly named instructor must accept before it can be published.
  const instructorChanged = current.workshop.organisationId !== null && (values.professionalId ?? null) !== current.workshop.professionalId;
  if (instructorChanged) values.instructorAcceptedAt = null;
  const awaiting = current.workshop.organisationId !== null && values.professionalId && (instructorChanged || !current.workshop.instructorAcceptedAt);
  if (awaiting && values.status === 'published' && current.workshop.status !== 'published') throw conflict(UNIVERSITY_WORKSHOP_MESSAGES.instructorNotAccepted);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(workshops)
        .set(values)
        .where(and(eq(workshops.id, id), sql`${workshops.registeredCount} <= ${values.maxParticipants}`))
        .returning();
      if (!row) throw badRequest(WORKSHOP_FORM_MESSAGES.belowRegistrations);
      if (instructorChanged && row.professionalId) await askInstructor(tx, row.professionalId, row.id, row.title);
      // The instructor's own calendar (decision 821): the first REQUEST when the workshop is published with
      // them, or when they become the instructor of a published one; the instructor it no longer has gets a
      // CANCEL that raises SEQUENCE.
      const before = instructorOf(current.workshop);
      const after = instructorOf(row);
      const wasPublished = current.workshop.status === 'published';
      const sameInstructor = (before?.id ?? before?.email.toLowerCase()) === (after?.id ?? after?.email.toLowerCase());
      if (wasPublished && before && (!sameInstructor || row.status !== 'published')) {
        await tx.update(workshops).set({ sequence: sql`${workshops.sequence} + 1` }).where(eq(workshops.id, id));
        await emailInstructor(tx, config, id, before, 'CANCEL');
      }
      if (row.status === 'published' && after && (!wasPublished || !sameInstructor)) await emailInstructor(tx, config, id, after, 'REQUEST');
      // A new date, time, zone, place, link or mode reaches every registrant and the instructor with the
      // updated invitation (SEQUENCE + 1), through the fan-out job (docs/decisions/421).
      if (calendarFieldsChanged(current.workshop, row, WORKSHOP_CALENDAR_FIELDS) && (row.status === 'published' || row.registeredCount > 0)) {
        await queueEventChange(tx, { kind: 'workshop', id, change: 'updated', actorId: manager.actor.id });
      }
      const action = statusOnly ? (v.status === 'published' ? 'publish' : 'unpublish') : 'update';
      await audit(tx, manager.actor.id, action, 'workshop', id, current.workshop, row);
      // Publishing a university's workshop is the administrator's approval: its admins hear of it (decision 630).
      if (row.organisationId && current.workshop.status === 'draft' && row.status === 'published') {
        await tellUniversityAdmins(tx, row.organisationId, id, 'approved', (t) => ({
          title: t('notification.workshop.approvedTitle'),
          message: t('notification.workshop.approved', { title: row.title }),
        }));
      }
    });
  } catch (error) {
    if (pgCode(error) === PG.checkViolation) throw badRequest(WORKSHOP_FORM_MESSAGES.belowRegistrations);
    throw error;
  }
  return { workshop: await getManagedWorkshop(db, manager, id), statusOnly };
}

/**
 * Delete a workshop (docs/decisions/200, 401). One that has registrations (other than cancelled ones) is
 * cancelled instead, its registrants told, so their history stays; one without is erased.
 */
export async function deleteManagedWorkshop(db: Db, manager: Manager, id: string, now: Date): Promise<{ cancelled: boolean }> {
  const current = await loadManaged(db, manager, id);
  // A university withdraws its submission while it awaits approval; afterwards only an administrator cancels it
  // (the instructor it named follows the same rule: decision 733).
  if (manager.kind !== 'admin' && current.workshop.organisationId !== null && current.workshop.status !== 'draft')
    throw conflict(UNIVERSITY_WORKSHOP_MESSAGES.notAwaitingApproval);
  const [held] = await db
    .select({ n: count() })
    .from(workshopRegistrations)
    .where(and(eq(workshopRegistrations.workshopId, id), ne(workshopRegistrations.status, 'cancelled')));
  if ((held?.n ?? 0) > 0) {
    if (current.workshop.status === 'cancelled' || current.workshop.status === 'completed') throw badRequest(WORKSHOP_FORM_MESSAGES.keepHistory);
    await cancelWorkshop(db, manager.actor, current.workshop, now);
    return { cancelled: true };
  }
  await db.transaction(async (tx) => {
    await tx.delete(workshops).where(eq(workshops.id, id));
    await audit(tx, manager.actor.id, 'delete', 'workshop', id, current.workshop, null);
  });
  return { cancelled: false };
}

type Instructor = { id: string | null; email: string; name: string } | null;

/** The workshop's instructor as a calendar attendee: a professional (looked up later) or a manual one. */
function instructorOf(w: { professionalId: string | null; manualInstructor: { name: string; email?: string | null } | null }): Instructor {
  if (w.professionalId) return { id: w.professionalId, email: '', name: '' };
  const manual = w.manualInstructor;
  return manual?.email ? { id: null, email: manual.email, name: manual.name } : null;
}

/**
 * The instructor's invitation (REQUEST) or cancellation (CANCEL) for their own calendar, in the caller's
 * transaction, at the workshop's current SEQUENCE (decision 821).
 */
async function emailInstructor(tx: Db, config: Config, workshopId: string, who: Instructor, method: 'REQUEST' | 'CANCEL') {
  if (!who) return;
  let person = who;
  if (who.id) {
    const [u] = await tx.select({ email: users.email, firstName: users.firstName, lastName: users.lastName, isActive: users.isActive }).from(users).where(eq(users.id, who.id));
    if (!u?.isActive) return;
    person = { id: who.id, email: u.email, name: fullName(u) };
  }
  const row = await findWorkshop(tx, workshopId);
  if (!row || !person.email) return;
  const w = row.workshop;
  const invite = method === 'REQUEST';
  // In the instructor's language and zone (decision 1060); a manual instructor without an account: the platform's.
  const voice = voiceOf(person.id ? await recipientLocale(tx, person.id) : undefined, w.timezone);
  const { t } = voice;
  const when = voice.span(w.startsAt, w.endsAt);
  await queueEmail(
    tx,
    {
      to: person.email,
      language: voice.language,
      subject: invite ? t('email.instructor.subject', { title: inert(w.title), when }) : t('email.instructor.removedSubject', { title: inert(w.title) }),
      text: [
        t('email.greeting', { name: inert(person.name) }),
        invite ? t('email.instructor.assigned', { title: inert(w.title), when }) : t('email.instructor.removed', { title: inert(w.title), when }),
        invite ? t('email.session.attachedInvite') : t('email.session.attachedCancel'),
      ].join('\n\n'),
      action: { label: t('email.workshop.registeredAction'), url: `${config.publicUrl}/professional/dashboard?tab=workshops` },
      attachments: [
        {
          filename: invite ? 'invite.ics' : 'cancel.ics',
          contentType: `text/calendar; charset=utf-8; method=${method}`,
          content: workshopIcs(row, { name: person.name, email: person.email }, { method, publicUrl: config.publicUrl, mailFrom: config.mailFrom }),
          method,
        },
      ],
    },
    { category: 'changes' },
  );
}

/** What an administrator decided about a university's workshop reaches each of its admins (decisions 630, 632). */
/** Issue 28 (decision 733): the professional a university named is asked, in-app, to accept or decline. */
async function askInstructor(tx: Db, professionalId: string, workshopId: string, title: string) {
  const { t } = voiceOf(await recipientLocale(tx, professionalId));
  await notifyMany(tx, [
    {
      userId: professionalId,
      type: 'workshop' as const,
      subType: 'instructor-request',
      title: t('notification.workshop.instructorRequestTitle'),
      message: t('notification.workshop.instructorRequest', { title }),
      actionUrl: '/professional/dashboard?tab=workshops',
      priority: 'high' as const,
      metadata: { workshopId },
    },
  ]);
}

/**
 * The named instructor accepts (the workshop may then be approved and published) or declines (they are no
 * longer its instructor; the university is told). Only a university's workshop awaiting them.
 */
export async function answerAssignment(db: Db, actor: Actor, id: string, decision: 'accept' | 'decline', now: Date) {
  const current = await loadManaged(db, { kind: 'professional', actor }, id);
  const w = current.workshop;
  if (!w.organisationId || w.instructorAcceptedAt || w.status !== 'draft') throw conflict(UNIVERSITY_WORKSHOP_MESSAGES.notAwaitingInstructor);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(workshops)
      .set(decision === 'accept' ? { instructorAcceptedAt: now } : { professionalId: null })
      .where(and(eq(workshops.id, id), eq(workshops.professionalId, actor.id), sql`${workshops.instructorAcceptedAt} IS NULL`))
      .returning();
    if (!row) throw conflict(UNIVERSITY_WORKSHOP_MESSAGES.notAwaitingInstructor);
    await audit(tx, actor.id, decision === 'accept' ? 'accept-instructor' : 'decline-instructor', 'workshop', id, { professionalId: actor.id }, { professionalId: row.professionalId });
    await tellUniversityAdmins(tx, w.organisationId as string, id, decision === 'accept' ? 'instructor-accepted' : 'instructor-declined', (t) => ({
      title: t('notification.workshop.instructorAnsweredTitle', { decision }),
      message: t('notification.workshop.instructorAnswered', { name: fullName(actor), decision, title: w.title }),
    }));
  });
  return decision === 'accept' ? UNIVERSITY_WORKSHOP_MESSAGES.assignmentAccepted : UNIVERSITY_WORKSHOP_MESSAGES.assignmentDeclined;
}

async function tellUniversityAdmins(
  tx: Db,
  organisationId: string,
  workshopId: string,
  subType: string,
  say: (t: Voice['t']) => { title: string; message: string },
) {
  const members = await tx
    .select({ userId: organisationMembers.userId })
    .from(organisationMembers)
    .where(eq(organisationMembers.organisationId, organisationId));
  // Each admin in their own language (decision 1150).
  const locales = await recipientLocales(tx, members.map((m) => m.userId));
  await notifyMany(
    tx,
    members.map((m) => ({
      userId: m.userId,
      type: 'workshop' as const,
      subType,
      ...say(voiceOf(locales.get(m.userId)).t),
      actionUrl: '/university/dashboard',
      metadata: { workshopId },
    })),
  );
}

/**
 * An administrator declines a university's submission (decision 632): the draft is removed (the audit log
 * keeps it) and the university's admins are told why. A published workshop, or one that is not a
 * university's, is not a submission: unpublish or delete it instead.
 */
export async function rejectUniversityWorkshop(db: Db, actor: Actor, id: string, reason: string): Promise<void> {
  const current = await loadManaged(db, { kind: 'admin', actor }, id);
  const organisationId = current.workshop.organisationId;
  if (!organisationId || current.workshop.status !== 'draft') throw badRequest(UNIVERSITY_WORKSHOP_MESSAGES.onlySubmissions);
  await db.transaction(async (tx) => {
    // Conditional on still being a draft: a concurrent publish wins, and this rejection then changes nothing.
    const [gone] = await tx
      .delete(workshops)
      .where(and(eq(workshops.id, id), eq(workshops.status, 'draft')))
      .returning({ id: workshops.id });
    if (!gone) throw badRequest(UNIVERSITY_WORKSHOP_MESSAGES.onlySubmissions);
    await audit(tx, actor.id, 'reject', 'workshop', id, current.workshop, { reason });
    await tellUniversityAdmins(tx, organisationId, id, 'rejected', (t) => ({
      title: t('notification.workshop.notApprovedTitle'),
      message: t('notification.workshop.notApproved', { title: current.workshop.title, reason }),
    }));
  });
}

export async function setBanner(
  db: Db,
  manager: Manager,
  id: string,
  key: string,
): Promise<{ workshop: WorkshopDto; previous: string | null }> {
  const current = await loadManaged(db, manager, id);
  await db.transaction(async (tx) => {
    await tx.update(workshops).set({ bannerImageKey: key }).where(eq(workshops.id, id));
    await audit(
      tx,
      manager.actor.id,
      'banner',
      'workshop',
      id,
      { bannerImageKey: current.workshop.bannerImageKey },
      { bannerImageKey: key },
    );
  });
  return { workshop: await getManagedWorkshop(db, manager, id), previous: current.workshop.bannerImageKey };
}

function toRegistrationRow(r: {
  reg: typeof workshopRegistrations.$inferSelect;
  student: { id: string; firstName: string; lastName: string; email: string };
  university: string | null;
}): WorkshopRegistrationRow {
  return {
    _id: r.reg.id,
    status: r.reg.status,
    registeredAt: r.reg.registeredAt.toISOString(),
    cancelledAt: r.reg.cancelledAt?.toISOString() ?? null,
    checkedInAt: r.reg.checkedInAt?.toISOString() ?? null,
    certificateId: r.reg.certificateIssuedAt ? r.reg.certificateId : null,
    student: {
      _id: r.student.id,
      firstName: r.student.firstName,
      lastName: r.student.lastName,
      fullName: fullName(r.student),
      email: r.student.email,
      university: r.university,
    },
  };
}

function selectRegistrations(db: Db) {
  return db
    .select({
      reg: workshopRegistrations,
      student: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      university: studentProfiles.university,
    })
    .from(workshopRegistrations)
    .innerJoin(users, eq(users.id, workshopRegistrations.studentId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, workshopRegistrations.studentId));
}

export async function listRegistrations(db: Db, manager: Manager, id: string): Promise<WorkshopRegistrationRow[]> {
  await loadManaged(db, manager, id);
  const rows = await selectRegistrations(db)
    .where(eq(workshopRegistrations.workshopId, id))
    .orderBy(asc(workshopRegistrations.registeredAt));
  return rows.map(toRegistrationRow);
}

/**
 * Mark attended/absent (feeds certificates), during or after the workshop, never a cancelled seat or
 * workshop. Marking someone attended on a completed workshop issues their certificate then (once).
 */
export async function markAttendance(
  db: Db,
  manager: Manager,
  id: string,
  registrationId: string,
  status: 'registered' | 'attended' | 'absent',
  now: Date,
  publicUrl: string,
) {
  const current = await loadManaged(db, manager, id);
  if (!isId(registrationId)) throw notFound('Registration');
  assertMarkable(current.workshop, status, now);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(workshopRegistrations)
      .where(and(eq(workshopRegistrations.id, registrationId), eq(workshopRegistrations.workshopId, id)));
    if (!before) throw notFound('Registration');
    if (before.status === 'cancelled') throw new AppError(ErrorCode.CONFLICT, 409, WORKSHOP_FORM_MESSAGES.registrationCancelled);
    await tx.update(workshopRegistrations).set({ status }).where(eq(workshopRegistrations.id, registrationId));
    await audit(
      tx,
      manager.actor.id,
      'attendance',
      'workshop_registration',
      registrationId,
      { status: before.status },
      { status, workshopId: id },
    );
    if (status === 'attended') await issueCertificates(tx, current.workshop, now, publicUrl, registrationId);
    const [row] = await selectRegistrations(tx).where(eq(workshopRegistrations.id, registrationId));
    if (!row) throw notFound('Registration');
    return toRegistrationRow(row);
  });
}

function assertMarkable(w: WorkshopRow, status: string, now: Date) {
  if (w.status === 'cancelled') throw badRequest(WORKSHOP_FORM_MESSAGES.attendanceCancelledWorkshop);
  if (status !== 'registered' && w.startsAt.getTime() > now.getTime()) throw badRequest(WORKSHOP_FORM_MESSAGES.attendanceTooEarly);
}

/** "Mark all": every live registration (or the listed ones) attended or absent in one transaction. */
export async function markAttendanceBulk(
  db: Db,
  manager: Manager,
  id: string,
  input: { status: 'attended' | 'absent'; registrationIds?: string[] },
  now: Date,
  publicUrl: string,
) {
  const current = await loadManaged(db, manager, id);
  assertMarkable(current.workshop, input.status, now);
  const ids = input.registrationIds?.filter(isId);
  if (input.registrationIds && (!ids || ids.length === 0)) throw badRequest(WORKSHOP_FORM_MESSAGES.noOneToMark);
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(workshopRegistrations)
      .set({ status: input.status })
      .where(
        and(
          eq(workshopRegistrations.workshopId, id),
          ne(workshopRegistrations.status, 'cancelled'),
          ids ? inArray(workshopRegistrations.id, ids) : undefined,
        ),
      )
      .returning({ id: workshopRegistrations.id });
    if (changed.length === 0) throw badRequest(WORKSHOP_FORM_MESSAGES.noOneToMark);
    await audit(tx, manager.actor.id, 'attendance-bulk', 'workshop', id, null, { status: input.status, count: changed.length });
    if (input.status === 'attended') await issueCertificates(tx, current.workshop, now, publicUrl);
    const rows = await selectRegistrations(tx).where(eq(workshopRegistrations.workshopId, id)).orderBy(asc(workshopRegistrations.registeredAt));
    return { updated: changed.length, registrations: rows.map(toRegistrationRow) };
  });
}

/** Active professionals for the admin's instructor picker. */
export async function instructorOptions(db: Db) {
  const rows = await db
    .select({
      ...personColumns,
      title: professionalProfiles.title,
      expertise: professionalProfiles.expertise,
    })
    .from(users)
    .innerJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
    .where(and(eq(users.role, 'professional'), eq(users.isActive, true), eq(users.isVerified, true)))
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(1000);
  return rows.map((r) => ({ _id: r.id, name: fullName(r), email: r.email, title: r.title, expertise: r.expertise }));
}
