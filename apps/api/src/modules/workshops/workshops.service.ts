import { randomBytes } from 'node:crypto';
import { letter, recipientLocale, voiceOf } from '../../lib/recipient-locale.ts';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { makePagination } from '@app/shared/api';
import {
  WORKSHOP_MESSAGES,
  type RegistrationStatus,
  type WorkshopDto,
  type WorkshopListQuery,
  type WorkshopRegistrationDto,
} from '@app/shared/workshops';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { workshopRegistrations, workshops } from '../../db/schema/workshops.ts';
import { buildIcs, eventUid, organizerOf, type IcsEvent, type IcsMethod } from '../../lib/calendar.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { CatalogueCache } from '../../lib/cache.ts';
import type { Actor } from '../../lib/http.ts';
import { isId, newId } from '../../lib/ids.ts';
import { queueEmail } from '../../lib/mail.ts';
import { likePattern, queryRows } from '../../lib/sql.ts';
import { workshopViewerState } from '../../lib/user-state.ts';
import { notify } from '../notifications/index.ts';
import { fullName } from '../users/index.ts';
import { canSeeWorkshop, organisationNames, viewerUniversity, visibleToStudent } from './workshops-visibility.ts';
import { findWorkshop, registrationStatuses, selectWorkshops, toWorkshopDto, type WorkshopWithInstructor } from './workshops.presenter.ts';
import { workshopListCount, workshopListPage, workshopSearchPage } from './workshops.repo.ts';
import { inert } from '../../lib/email-template.ts';
import { extend } from '../../lib/dto.ts';

export interface Viewer {
  actor: Actor | null;
}

function isManager(actor: Actor | null, row: WorkshopWithInstructor): boolean {
  return actor?.role === 'admin' || (actor?.role === 'professional' && row.workshop.professionalId === actor.id);
}

/** What a workshop with its instructor is read from (selectWorkshops): a cached read depends on these tables. */
const WORKSHOP_TABLES = ['workshops', 'users', 'professional_profiles'] as const;

export async function listWorkshops(db: Db, actor: Actor | null, query: WorkshopListQuery, cache?: CatalogueCache) {
  // University-only workshops (decision 630): the public catalogue plus the viewer's own university's.
  // With the cache on, a student's affiliation and registrations are their cached own state (decision 645).
  const shared = cache?.enabled ? cache : undefined;
  const viewer = shared && actor?.role === 'student' ? await workshopViewerState(db, shared, actor.id) : undefined;
  const university = viewer ? (viewer.university?.id ?? null) : await viewerUniversity(db, actor);
  const search = query.search?.trim();
  const category = query.category?.trim();
  const byCategory = Boolean(category && category.toLowerCase() !== 'all');
  const student = actor?.role === 'student' ? actor.id : null;
  // The statements are built once per shape (decision 640, workshops.repo.ts); the request's values are bound.
  const read = async (perUser: string | null = null): Promise<{ rows: (WorkshopWithInstructor & { myStatus?: RegistrationStatus | null })[]; total: number }> => {
    const shape = { search: Boolean(search), category: byCategory, university: Boolean(university), student: Boolean(perUser) };
    const offset = (query.page - 1) * query.limit;
    const values = {
      pattern: search ? likePattern(search) : undefined,
      category: byCategory ? category : undefined,
      university: university ?? undefined,
      // Read uncached for a student, the page carries the student's registration status (a scalar subquery:
      // one statement fewer, issue 13); the cached page is shared, so there the status is one query on top.
      student: perUser ?? undefined,
      limit: query.limit,
      offset,
    };
    const countAll = async () => (await workshopListCount(db, shape).execute(values))[0]?.n ?? 0;
    if (search) {
      // A search has to test every listed workshop before it can sort them (no index serves ILIKE here),
      // so the page query counts the matches as it goes (count(*) OVER ()) instead of a second scan.
      // An empty page past the end carries no count: count separately then.
      const found = await workshopSearchPage(db, shape).execute(values);
      return { rows: found, total: found[0]?.total ?? (offset > 0 ? await countAll() : 0) };
    } else {
      // Without a search the page walks workshops_listing_order_idx and stops after it; the count is its own
      // query (count(*) OVER () here made the page join and count every listed workshop: the raw handler of
      // this list fell from 604 to 281 req/s at scale 0.25).
      const total = await countAll();
      return { rows: await workshopListPage(db, shape).execute(values), total };
    }
  };
  // The shared part comes from the catalogue cache (decision 441); the caller's own registration statuses
  // come from their cached own state (decision 645; a page query only past its cap). The list also changes
  // with the clock (a workshop ends): 15 s at most.
  const { rows, total } = shared
    ? await shared.get('workshops.list', WORKSHOP_TABLES, { search, category, page: query.page, limit: query.limit, university }, () => read(), { ttlMs: 15_000 })
    : await read(student);
  const statuses =
    student && shared
      ? (viewer?.registrations ?? (await registrationStatuses(db, student, rows.map((r) => r.workshop.id))))
      : new Map<string, RegistrationStatus>();
  // Only the viewer's own university can appear here: its name, read once when the page holds one.
  const universityName =
    university && rows.some((r) => r.workshop.organisationId)
      ? (viewer?.university?.name ?? (await organisationNames(db, [university])).get(university))
      : undefined;
  return {
    workshops: rows.map((r) => {
      const dto = toWorkshopDto(r, {
        signedIn: Boolean(actor),
        registrationStatus: (shared ? statuses.get(r.workshop.id) : r.myStatus) ?? null,
        manager: isManager(actor, r),
      });
      return r.workshop.organisationId ? extend(dto, { organisationName: universityName ?? null }) : dto;
    }),
    pagination: makePagination(query.page, query.limit, total),
  };
}

async function registrationOf(db: Db, workshopId: string, studentId: string) {
  const [reg] = await db
    .select()
    .from(workshopRegistrations)
    .where(and(eq(workshopRegistrations.workshopId, workshopId), eq(workshopRegistrations.studentId, studentId)));
  return reg;
}

/** A listed workshop, one the student has a registration for, or one the caller manages; 404 otherwise. */
export async function getWorkshop(db: Db, actor: Actor | null, id: string, cache?: CatalogueCache): Promise<WorkshopDto> {
  if (!isId(id)) throw notFound('Workshop');
  const row = cache ? await cache.get('workshops.detail', WORKSHOP_TABLES, id, () => findWorkshop(db, id)) : await findWorkshop(db, id);
  if (!row) throw notFound('Workshop');
  const reg = actor?.role === 'student' ? await registrationOf(db, id, actor.id) : undefined;
  const listed = row.workshop.status === 'published' || row.workshop.status === 'completed';
  const manager = isManager(actor, row);
  if (!listed && !reg && !manager) throw notFound('Workshop');
  if (!(await canSeeWorkshop(db, actor, row.workshop))) throw notFound('Workshop');
  const dto = toWorkshopDto(row, { signedIn: Boolean(actor), registrationStatus: reg?.status ?? null, manager });
  if (!row.workshop.organisationId) return dto;
  return extend(dto, { organisationName: (await organisationNames(db, [row.workshop.organisationId])).get(row.workshop.organisationId) ?? null });
}

/** The invitation for a workshop as an iCalendar event (the feed lists these; workshopIcs wraps one). */
export function workshopEvent(
  row: WorkshopWithInstructor,
  attendees: { name: string; email: string }[],
  options: { method?: IcsMethod; publicUrl: string; mailFrom: string },
): IcsEvent {
  const w = row.workshop;
  const online = w.deliveryMode !== 'offline';
  const place = [w.venue, w.address, w.city, w.state].filter(Boolean).join(', ');
  const instructorName = row.instructor?.id
    ? fullName({ firstName: row.instructor.firstName ?? '', lastName: row.instructor.lastName ?? '' })
    : (w.manualInstructor?.name ?? '');
  const description = [
    w.description,
    instructorName ? `Instructor: ${instructorName}` : '',
    online && w.meetingLink ? `Join: ${w.meetingLink}` : '',
    `Details: ${options.publicUrl}/student/dashboard?tab=workshops&workshop=${w.id}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const cancelled = w.status === 'cancelled';
  return {
    uid: eventUid('workshop', w.id),
    sequence: w.sequence,
    method: options.method ?? 'REQUEST',
    status: cancelled || options.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    start: w.startsAt,
    end: w.endsAt,
    timezone: w.timezone,
    summary: w.title,
    description,
    location: w.deliveryMode === 'online' ? (w.meetingLink ?? 'Online') : place || undefined,
    url: online && w.meetingLink ? w.meetingLink : undefined,
    organizer: organizerOf(options.mailFrom),
    attendees,
  };
}

/**
 * The .ics of a workshop for one attendee: REQUEST (invitation or update), CANCEL (the workshop was
 * cancelled or the seat given up) or PUBLISH (a download). SEQUENCE is the workshop's counter, so a
 * download is always the current version.
 */
export function workshopIcs(
  row: WorkshopWithInstructor,
  attendee: { name: string; email: string },
  options: { method?: IcsMethod; publicUrl: string; mailFrom: string },
): string {
  return buildIcs(workshopEvent(row, [attendee], options));
}

export interface RegisterDeps {
  db: Db;
  publicUrl: string;
  mailFrom: string;
}

/**
 * Take a seat. The conditional UPDATE is the capacity invariant (no overbooking under concurrency);
 * the unique (workshop, student) pair makes it one registration per student; a cancelled
 * registration comes back to life. Any refusal after the seat was taken rolls the seat back.
 */
export async function register(deps: RegisterDeps, actor: Actor, id: string) {
  if (!isId(id)) throw notFound('Workshop');
  const result = await deps.db.transaction(async (tx) => {
    const existingRow = await findWorkshop(tx, id);
    if (!existingRow || !(await canSeeWorkshop(tx, actor, existingRow.workshop))) throw notFound('Workshop');
    const existing = await registrationOf(tx, id, actor.id);
    if (existing && (existing.status === 'registered' || existing.status === 'attended')) throw conflict(WORKSHOP_MESSAGES.alreadyRegistered);

    const seat = await queryRows<{ id: string }>(tx, sql`
      UPDATE workshops SET registered_count = registered_count + 1, updated_at = updated_at
      WHERE id = ${id} AND registered_count < max_participants AND status = 'published' AND starts_at > now()
      RETURNING id`);
    if (seat.length === 0) {
      const [w] = await tx.select().from(workshops).where(eq(workshops.id, id));
      if (!w) throw notFound('Workshop');
      if (w.status === 'completed') throw badRequest(WORKSHOP_MESSAGES.completed);
      if (w.status !== 'published') throw badRequest(WORKSHOP_MESSAGES.notOpen);
      if (w.startsAt.getTime() <= Date.now()) throw badRequest(WORKSHOP_MESSAGES.started);
      throw conflict(WORKSHOP_MESSAGES.full);
    }

    const rows = await queryRows<{ id: string; status: RegistrationStatus; registered_at: string | Date; cancelled_at: string | Date | null }>(
      tx,
      sql`
      INSERT INTO workshop_registrations (id, workshop_id, student_id, status)
      VALUES (${newId()}, ${id}, ${actor.id}, 'registered')
      ON CONFLICT (workshop_id, student_id) DO UPDATE
        SET status = 'registered', created_at = now(), cancelled_at = NULL
        WHERE workshop_registrations.status = 'cancelled'
      RETURNING id, status, created_at AS registered_at, cancelled_at`,
    );
    const reg = rows[0];
    if (!reg) throw conflict(WORKSHOP_MESSAGES.alreadyRegistered);
    // Coming back after a cancellation: the new REQUEST must outrank the CANCEL this student's calendar holds
    // (decision 821), so the workshop's SEQUENCE goes up once more.
    if (existing?.status === 'cancelled') await tx.execute(sql`UPDATE workshops SET sequence = sequence + 1, updated_at = updated_at WHERE id = ${id}`);

    const row = await findWorkshop(tx, id);
    if (!row) throw notFound('Workshop');
    const w = row.workshop;
    // In the student's own language and zone (decision 970), whatever page they registered from.
    const voice = voiceOf(await recipientLocale(tx, actor.id), w.timezone);
    const when = voice.span(w.startsAt, w.endsAt);
    await notify(tx, {
      userId: actor.id,
      type: 'workshop',
      subType: 'registered',
      title: voice.t('notification.workshop.registeredTitle'),
      message: voice.t('notification.workshop.registered', { title: w.title, when }),
      actionUrl: `/student/dashboard?tab=workshops&workshop=${w.id}`,
      metadata: { workshopId: w.id, priority: 'normal' },
    });
    const name = fullName(actor);
    const ics = workshopIcs(row, { name, email: actor.email }, deps);
    const venue = [w.venue, w.address, w.city, w.state].filter(Boolean).join(', ');
    await queueEmail(tx, {
      to: actor.email,
      language: voice.language,
      subject: voice.t('email.workshop.registeredSubject', { title: inert(w.title) }),
      text: letter(voice, inert(actor.firstName), [
        [
          voice.t('email.workshop.registered', { title: inert(w.title), when }),
          w.deliveryMode !== 'offline' && w.meetingLink ? voice.t('email.where.online', { link: w.meetingLink }) : '',
          w.deliveryMode !== 'online' && venue ? voice.t('email.where.venue', { venue: inert(venue) }) : '',
        ].filter(Boolean).join('\n'),
        voice.t('email.workshop.registeredCalendar'),
      ]),
      action: { label: voice.t('email.workshop.registeredAction'), url: `${deps.publicUrl}/student/dashboard?tab=workshops&workshop=${w.id}` },
      attachments: [{ filename: 'workshop.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: ics, method: 'REQUEST' }],
    });
    return {
      workshop: toWorkshopDto(row, { signedIn: true, registrationStatus: 'registered' }),
      registration: {
        _id: reg.id,
        status: reg.status,
        registeredAt: new Date(reg.registered_at).toISOString(),
        cancelledAt: null,
        certificateAvailable: false,
        certificateId: null,
      },
    };
  });
  return result;
}


/** Give up a seat of an upcoming workshop; the seat is freed in the same transaction. */
export async function cancelRegistration(deps: RegisterDeps, actor: Actor, id: string) {
  if (!isId(id)) throw notFound('Workshop');
  return deps.db.transaction(async (tx) => {
    const row = await findWorkshop(tx, id);
    if (!row) throw notFound('Workshop');
    const existing = await registrationOf(tx, id, actor.id);
    if (!existing || existing.status === 'cancelled') throw notFound('Registration');
    const cancelled = await queryRows<{ id: string }>(tx, sql`
      UPDATE workshop_registrations SET status = 'cancelled', cancelled_at = now()
      WHERE workshop_id = ${id} AND student_id = ${actor.id} AND status = 'registered'
        AND EXISTS (SELECT 1 FROM workshops w WHERE w.id = ${id} AND w.status = 'published' AND w.starts_at > now())
      RETURNING id`);
    if (cancelled.length === 0) throw badRequest(WORKSHOP_MESSAGES.cancelStarted);
    // Every CANCEL raises SEQUENCE (RFC 5546 §2.1.4; decision 821): the workshop's counter goes up by one, so
    // this CANCEL outranks the REQUEST the student holds and a later re-registration's REQUEST outranks it.
    await tx.execute(
      sql`UPDATE workshops SET registered_count = GREATEST(registered_count - 1, 0), sequence = sequence + 1, updated_at = updated_at WHERE id = ${id}`,
    );
    const fresh = await findWorkshop(tx, id);
    if (!fresh) throw notFound('Workshop');
    const voice = voiceOf(await recipientLocale(tx, actor.id), fresh.workshop.timezone);
    await notify(tx, {
      userId: actor.id,
      type: 'workshop',
      subType: 'cancelled',
      title: voice.t('notification.workshop.cancelledTitle'),
      message: voice.t('notification.workshop.cancelled', { title: fresh.workshop.title }),
      actionUrl: `/student/dashboard?tab=workshops&workshop=${id}`,
      priority: 'low',
      metadata: { workshopId: id },
    });
    await queueEmail(tx, {
      to: actor.email,
      language: voice.language,
      subject: voice.t('email.workshop.cancelledSubject', { title: inert(fresh.workshop.title) }),
      text: letter(voice, inert(actor.firstName), [
        voice.t('email.workshop.cancelled', { title: inert(fresh.workshop.title) }),
        voice.t('email.session.attachedCancel'),
      ]),
      action: { label: voice.t('email.workshop.browseAction'), url: `${deps.publicUrl}/student/dashboard?tab=workshops` },
      attachments: [
        {
          filename: 'workshop.ics',
          contentType: 'text/calendar; charset=utf-8; method=CANCEL',
          content: workshopIcs(fresh, { name: fullName(actor), email: actor.email }, { ...deps, method: 'CANCEL' }),
          method: 'CANCEL',
        },
      ],
    });
    return toWorkshopDto(fresh, { signedIn: true, registrationStatus: 'cancelled' });
  });
}

/** The student's registrations (cancelled ones left out), upcoming first. */
export async function listRegistered(db: Db, actor: Actor): Promise<WorkshopRegistrationDto[]> {
  const regs = await db
    .select()
    .from(workshopRegistrations)
    .where(and(eq(workshopRegistrations.studentId, actor.id), ne(workshopRegistrations.status, 'cancelled')));
  if (regs.length === 0) return [];
  const rows = await selectWorkshops(db)
    .where(and(inArray(workshops.id, regs.map((r) => r.workshopId)), visibleToStudent(sql`${workshops.organisationId}`, actor.id)))
    .orderBy(sql`CASE WHEN ${workshops.status} = 'published' THEN 0 ELSE 1 END`, asc(workshops.startsAt));
  const byWorkshop = new Map(regs.map((r) => [r.workshopId, r]));
  return rows.flatMap((row) => {
    const reg = byWorkshop.get(row.workshop.id);
    if (!reg) return [];
    return [
      {
        _id: reg.id,
        status: reg.status,
        registeredAt: reg.registeredAt.toISOString(),
        cancelledAt: reg.cancelledAt?.toISOString() ?? null,
        certificateAvailable: reg.status === 'attended' && row.workshop.status === 'completed',
        certificateId: reg.status === 'attended' && row.workshop.status === 'completed' && reg.certificateIssuedAt ? reg.certificateId : null,
        workshop: toWorkshopDto(row, { signedIn: true, registrationStatus: reg.status }),
      },
    ];
  });
}

/** The .ics of a workshop the student is registered for (registered or attended). */
export async function calendarFor(deps: RegisterDeps, actor: Actor, id: string): Promise<{ ics: string; filename: string }> {
  if (!isId(id)) throw notFound('Workshop');
  const row = await findWorkshop(deps.db, id);
  const reg = row ? await registrationOf(deps.db, id, actor.id) : undefined;
  if (!row || !reg || (reg.status !== 'registered' && reg.status !== 'attended')) throw notFound('Workshop');
  if (!(await canSeeWorkshop(deps.db, actor, row.workshop))) throw notFound('Workshop');
  return {
    ics: workshopIcs(row, { name: fullName(actor), email: actor.email }, { ...deps, method: 'PUBLISH' }),
    filename: `${slug(row.workshop.title)}.ics`,
  };
}

export function slug(value: string): string {
  return (
    value
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'workshop'
  );
}

/** A certificate verification id: 'MB-' and 16 base32 characters (80 random bits). */
export function newCertificateId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `MB-${out.slice(0, 4)}-${out.slice(4, 8)}-${out.slice(8, 12)}-${out.slice(12, 16)}`;
}

export interface CertificateFacts {
  verificationId: string;
  studentName: string;
  workshopTitle: string;
  workshopDate: string;
  instructorName: string | null;
  category: string;
  issuedAt: Date | null;
  /** The holder's language (decision 970): the certificate's own words are printed in it. English when absent. */
  language?: string;
}

/** The certificate of a completed workshop the student attended; its verification id is created once. */
export async function certificateFor(db: Db, actor: Actor, id: string): Promise<CertificateFacts> {
  if (!isId(id)) throw notFound('Workshop');
  const row = await findWorkshop(db, id);
  const reg = row ? await registrationOf(db, id, actor.id) : undefined;
  if (!row || !reg || reg.status === 'cancelled') throw notFound('Workshop');
  if (reg.status !== 'attended' || row.workshop.status !== 'completed') throw badRequest(WORKSHOP_MESSAGES.certificateUnavailable);
  let certificateId = reg.certificateId;
  let issuedAt = reg.certificateIssuedAt;
  if (!certificateId || !issuedAt) {
    // Issued when the workshop completed (workshops-lifecycle.ts); this covers registrations from before that.
    const [updated] = await db
      .update(workshopRegistrations)
      .set({
        certificateId: sql`coalesce(${workshopRegistrations.certificateId}, ${newCertificateId()})`,
        certificateIssuedAt: sql`coalesce(${workshopRegistrations.certificateIssuedAt}, now())`,
      })
      .where(eq(workshopRegistrations.id, reg.id))
      .returning({ certificateId: workshopRegistrations.certificateId, issuedAt: workshopRegistrations.certificateIssuedAt });
    certificateId = updated?.certificateId ?? null;
    issuedAt = updated?.issuedAt ?? null;
  }
  if (!certificateId) throw notFound('Workshop');
  const [me] = await db.select({ certificateName: users.certificateName }).from(users).where(eq(users.id, actor.id));
  const { language } = await recipientLocale(db, actor.id);
  return { ...factsOf(row, printedName({ ...actor, certificateName: me?.certificateName ?? null }), certificateId, issuedAt), language };
}

/** The name a certificate prints: the one the person gave for certificates, else first and last name (decision 831). */
function printedName(user: { firstName: string; lastName: string; certificateName: string | null }): string {
  return user.certificateName?.trim() || fullName(user);
}

function factsOf(row: WorkshopWithInstructor, studentName: string, verificationId: string, issuedAt: Date | null): CertificateFacts {
  const w = row.workshop;
  const instructorName = row.instructor?.id
    ? fullName({ firstName: row.instructor.firstName ?? '', lastName: row.instructor.lastName ?? '' })
    : (w.manualInstructor?.name ?? null);
  return { verificationId, studentName, workshopTitle: w.title, workshopDate: w.date, instructorName, category: w.category, issuedAt };
}

/** Public check of a certificate id: only an attended registration of a completed workshop verifies. */
export async function verifyCertificate(db: Db, verificationId: string): Promise<CertificateFacts> {
  if (!/^MB-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(verificationId)) throw notFound('Certificate');
  const [reg] = await db
    .select({
      workshopId: workshopRegistrations.workshopId,
      studentId: workshopRegistrations.studentId,
      firstName: users.firstName,
      lastName: users.lastName,
      certificateName: users.certificateName,
      issuedAt: workshopRegistrations.certificateIssuedAt,
    })
    .from(workshopRegistrations)
    .innerJoin(users, eq(users.id, workshopRegistrations.studentId))
    .where(and(eq(workshopRegistrations.certificateId, verificationId), eq(workshopRegistrations.status, 'attended')));
  if (!reg) throw notFound('Certificate');
  const row = await findWorkshop(db, reg.workshopId, eq(workshops.status, 'completed'));
  if (!row) throw notFound('Certificate');
  // Printed in its holder's language, whoever downloads it (a family reads what the student reads).
  const { language } = await recipientLocale(db, reg.studentId);
  return { ...factsOf(row, printedName(reg), verificationId, reg.issuedAt), language };
}

/** Count of the student's active registrations (header count). */
export async function countRegistered(db: Db, studentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workshopRegistrations)
    .innerJoin(workshops, eq(workshops.id, workshopRegistrations.workshopId))
    .where(
      and(
        eq(workshopRegistrations.studentId, studentId),
        ne(workshopRegistrations.status, 'cancelled'),
        // The same list as listRegistered: a suspended university's workshop leaves it (decision 630).
        visibleToStudent(sql`${workshops.organisationId}`, studentId),
      ),
    );
  return row?.n ?? 0;
}
