import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_NOTICE_HOURS,
  MENTORING_MESSAGES,
  type Session,
  type createSessionBody,
  type rescheduleBody,
} from '@app/shared/mentoring';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { mentoringSessions } from '../../db/schema/mentoring.ts';
import { professionalProfiles, users } from '../../db/schema/users.ts';
import { buildIcs, eventUid, organizerOf, type IcsEvent } from '../../lib/calendar.ts';
import { badRequest, conflict, isBookingClash, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { queueEmail } from '../../lib/mail.ts';
import { inert } from '../../lib/email-template.ts';
import { createMeetingLink } from '../../lib/meeting.ts';
import { queueEventChange } from '../../lib/event-changes.ts';
import { SOURCE_LANGUAGE, translator } from '../../lib/i18n.ts';
import { formatLocale, recipientLocale, voiceOf } from '../../lib/recipient-locale.ts';
import { formatters } from '@app/shared/i18n/format';
import type { Translator } from '@app/shared/i18n/translator';
import { notify, notifyIn } from '../notifications/index.ts';
import { slotState } from './availability.service.ts';
import {
  acceptedConnectionId,
  assertSchedulable,
  loadPeople,
  nameOf,
  scheduleInstants,
  type Instants,
  type PersonRow,
} from './mentoring.common.ts';

export type SessionRow = typeof mentoringSessions.$inferSelect;
export interface MentoringDeps {
  db: Db;
  config: Pick<Config, 'meetingBaseUrl' | 'publicUrl' | 'mailFrom'>;
}

export const DEFAULT_TOPIC = 'Mentoring session';

/** The topic as its reader reads it: a session booked without one (stored as DEFAULT_TOPIC) reads in their language. */
export function topicIn(topic: string, t: Translator['t']): string {
  return topic === DEFAULT_TOPIC ? t('email.session.defaultTopic') : topic;
}

/** Which side of the session a user is on (null: neither, e.g. a removed account). */
const sideOf = (row: SessionRow, id: string | null): 'student' | 'professional' | null =>
  id === row.studentId ? 'student' : id === row.professionalId ? 'professional' : null;

/** The instant from which a student may no longer move the session and a cancel counts as late (decision 700). */
export const changeDeadline = (row: SessionRow, noticeHours: number) => new Date(row.startsAt.getTime() - noticeHours * 3_600_000);

export function toSession(row: SessionRow, people: Map<string, PersonRow>, viewerId: string, now = new Date()): Session {
  const student = people.get(row.studentId);
  const pro = people.get(row.professionalId);
  const ended = row.endsAt.getTime() <= now.getTime();
  const status = row.status === 'scheduled' && ended ? 'completed' : row.status;
  const noticeHours = pro?.noticeHours ?? DEFAULT_NOTICE_HOURS;
  const deadline = changeDeadline(row, noticeHours);
  const open = row.status === 'scheduled' && !ended;
  return {
    _id: row.id,
    type: row.type,
    topic: row.topic,
    scheduledAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    duration: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    timezone: row.timezone,
    status,
    // Only the two participants ever see a session, so the link goes to them alone.
    meetLink: row.status === 'cancelled' ? null : row.meetLink,
    sequence: row.sequence,
    student: { _id: row.studentId, name: nameOf(student), email: student?.email ?? '', university: student?.university ?? null },
    professional: {
      _id: row.professionalId,
      name: nameOf(pro),
      email: pro?.email ?? '',
      title: pro?.title || null,
      company: pro?.company || null,
    },
    rating: row.rating,
    canRate: viewerId === row.studentId && row.rating === null && row.status !== 'cancelled' && ended && row.attendance !== 'no-show',
    requestId: row.requestId,
    attendance: row.attendance,
    canMarkAttendance: viewerId === row.professionalId && row.status !== 'cancelled' && row.startsAt.getTime() <= now.getTime(),
    cancellation:
      row.status === 'cancelled'
        ? {
            by: sideOf(row, row.cancelledBy),
            reason: row.cancelReason,
            at: row.cancelledAt ? row.cancelledAt.toISOString() : null,
            late: row.lateCancellation,
          }
        : null,
    rescheduled: row.rescheduledAt
      ? { by: sideOf(row, row.rescheduledBy), reason: row.rescheduleReason, at: row.rescheduledAt.toISOString() }
      : null,
    noticeHours,
    changeDeadline: deadline.toISOString(),
    canCancel: open,
    // The professional may move a session at any time; a student only before the notice window.
    canReschedule: open && (viewerId === row.professionalId || now.getTime() < deadline.getTime()),
    zones: { student: student?.timezone ?? null, professional: pro?.timezone ?? null },
  };
}

/** One session as its viewer sees it. */
async function presentSession(db: Db, row: SessionRow, viewerId: string, now = new Date()): Promise<Session> {
  const [session] = await presentSessions(db, [row], viewerId, now);
  if (!session) throw new Error('presentSessions returned nothing for one row');
  return session;
}

export async function presentSessions(db: Db, rows: SessionRow[], viewerId: string, now = new Date()): Promise<Session[]> {
  const people = await loadPeople(
    db,
    rows.flatMap((r) => [r.studentId, r.professionalId]),
  );
  return rows.map((r) => toSession(r, people, viewerId, now));
}

/**
 * The calendar text of a session (REQUEST for invitations, CANCEL once cancelled, PUBLISH for downloads),
 * its title and description in `language` (the recipient's; the event data stays standard).
 */
export function sessionIcs(
  row: SessionRow,
  people: Map<string, PersonRow>,
  config: MentoringDeps['config'],
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH',
  language: string = SOURCE_LANGUAGE,
): string {
  return buildIcs(sessionEvent(row, people, config, method, language));
}

/** A session as an iCalendar event; both participants are its attendees, MentorBridge its organizer. */
export function sessionEvent(
  row: SessionRow,
  people: Map<string, PersonRow>,
  config: MentoringDeps['config'],
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH',
  language: string = SOURCE_LANGUAGE,
): IcsEvent {
  const student = people.get(row.studentId);
  const pro = people.get(row.professionalId);
  const cancelled = row.status === 'cancelled';
  const { t } = translator(language);
  const names = { mentor: nameOf(pro), student: nameOf(student) };
  return {
    uid: eventUid('session', row.id),
    sequence: row.sequence,
    method: cancelled && method !== 'PUBLISH' ? 'CANCEL' : method,
    start: row.startsAt,
    end: row.endsAt,
    timezone: row.timezone,
    summary: t('calendar.session.summary', { topic: topicIn(row.topic, t), ...names }),
    description: [
      t('calendar.session.description', names),
      row.meetLink && !cancelled ? t('calendar.join', { link: row.meetLink }) : '',
      t('calendar.manage', { url: config.publicUrl }),
    ]
      .filter(Boolean)
      .join('\n'),
    location: !cancelled && row.meetLink ? row.meetLink : undefined,
    url: !cancelled && row.meetLink ? row.meetLink : undefined,
    organizer: organizerOf(config.mailFrom),
    attendees: [pro, student].flatMap((p) => (p ? [{ name: nameOf(p), email: p.email }] : [])),
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
  };
}

function whenText(row: SessionRow, zone: string = row.timezone, language: string = SOURCE_LANGUAGE): string {
  return voiceOf({ language, timeZone: zone }, row.timezone).when(row.startsAt);
}

/**
 * The session's time for one participant, in `language`: in their own zone (the session's when they set
 * none), and the other participant's local time when their zone differs (decision 702).
 */
export function whenFor(row: SessionRow, people: Map<string, PersonRow>, recipientId: string, language: string = SOURCE_LANGUAGE): string {
  const recipient = people.get(recipientId);
  const other = people.get(recipientId === row.studentId ? row.professionalId : row.studentId);
  const mine = recipient?.timezone ?? row.timezone;
  const theirs = other?.timezone ?? row.timezone;
  const text = whenText(row, mine, language);
  if (theirs === mine || !other) return text;
  const time = formatters(formatLocale(language), theirs).dateTime(row.startsAt, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
  return `${text}; ${translator(language).t('email.session.otherZone', { time, name: other.firstName, zone: theirs })}`;
}

/**
 * E-mail the session's calendar invitation (or cancellation) to one participant, in the caller's
 * transaction: text and invitation in the recipient's language (decision 970).
 */
export async function emailSession(
  db: Db,
  config: MentoringDeps['config'],
  row: SessionRow,
  to: 'student' | 'professional',
  kind: 'scheduled' | 'rescheduled' | 'cancelled',
  note?: string,
) {
  const people = await loadPeople(db, [row.studentId, row.professionalId]);
  const recipient = people.get(to === 'student' ? row.studentId : row.professionalId);
  const other = people.get(to === 'student' ? row.professionalId : row.studentId);
  if (!recipient) return;
  const { language, t } = voiceOf(await recipientLocale(db, recipient.id), row.timezone);
  const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const name = inert(nameOf(other));
  const topic = inert(topicIn(row.topic, t));
  const when = whenFor(row, people, recipient.id, language);
  const lines = [
    t('email.greeting', { name: inert(recipient.firstName) }),
    '',
    t(({ scheduled: 'email.session.scheduled', rescheduled: 'email.session.rescheduled', cancelled: 'email.session.cancelled' } as const)[kind], { topic, name, when }),
    kind !== 'cancelled' && row.meetLink ? t('email.session.join', { link: row.meetLink }) : '',
    note ? t('email.session.note', { note: inert(note) }) : '',
    '',
    kind === 'cancelled' ? t('email.session.attachedCancel') : t('email.session.attachedInvite'),
  ].filter((l, i, all) => l !== '' || (i > 0 && all[i - 1] !== ''));
  const dashboard = to === 'student' ? '/student/dashboard' : '/professional/dashboard';
  await queueEmail(db, {
    to: recipient.email,
    language,
    subject: t('email.session.subject', { kind, name }),
    text: lines.join('\n'),
    action: { label: t('email.session.action'), url: `${config.publicUrl}${dashboard}` },
    attachments: [
      {
        filename: kind === 'cancelled' ? 'cancel.ics' : 'invite.ics',
        contentType: `text/calendar; method=${method}`,
        content: sessionIcs(row, people, config, method, language),
        method,
      },
    ],
  }, { category: kind === 'scheduled' ? 'requests' : 'changes' });
}

/** Insert a scheduled session; an overlap with another of the professional's sessions is a 409. */
export async function insertSession(
  db: Db,
  deps: MentoringDeps,
  values: {
    professionalId: string;
    studentId: string;
    requestId?: string | null;
    topic?: string;
    type?: 'individual' | 'group';
    when: Instants;
  },
): Promise<SessionRow> {
  const [row] = await db
    .insert(mentoringSessions)
    .values({
      professionalId: values.professionalId,
      studentId: values.studentId,
      requestId: values.requestId ?? null,
      topic: values.topic?.trim() || DEFAULT_TOPIC,
      type: values.type ?? 'individual',
      startsAt: values.when.start,
      endsAt: values.when.end,
      timezone: values.when.timezone,
      meetLink: createMeetingLink(deps.config.meetingBaseUrl),
    })
    .returning();
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

/** Translate a double booking (exclusion constraint) into the 409 users understand. */
export async function withBookingErrors<T>(work: () => Promise<T>, message: string = MENTORING_MESSAGES.doubleBooked): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isBookingClash(error)) throw conflict(message);
    throw error;
  }
}

export async function mySessions(db: Db, actor: Actor): Promise<Session[]> {
  const rows = await db
    .select()
    .from(mentoringSessions)
    .where(or(eq(mentoringSessions.professionalId, actor.id), eq(mentoringSessions.studentId, actor.id)))
    .orderBy(desc(mentoringSessions.startsAt))
    .limit(500);
  return presentSessions(db, rows, actor.id);
}

/** A professional schedules a session with a student whose request they accepted. */
export async function createSession(
  deps: MentoringDeps,
  actor: Actor,
  body: z.output<typeof createSessionBody>,
): Promise<Session> {
  const { db } = deps;
  if (!isId(body.studentId)) throw notFound('Student');
  const [student] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, body.studentId), eq(users.role, 'student'), eq(users.isActive, true)));
  if (!student) throw notFound('Student');
  const link = await acceptedConnectionId(db, actor.id, body.studentId);
  if (!link) throw badRequest(MENTORING_MESSAGES.notConnected);
  const when = scheduleInstants(body.date, body.startTime, body.endTime, body.timezone);
  assertSchedulable(when);
  const row = await withBookingErrors(() =>
    db.transaction(async (tx) => {
      const created = await insertSession(tx, deps, {
        professionalId: actor.id,
        studentId: body.studentId,
        topic: body.topic,
        type: body.type,
        when,
      });
      const people = await loadPeople(tx, [created.studentId, created.professionalId]);
      const { t, language } = voiceOf(await recipientLocale(tx, created.studentId));
      await notify(tx, {
        userId: body.studentId,
        type: 'session',
        subType: 'scheduled',
        title: t('notification.session.newTitle'),
        message: t('notification.session.new', {
          name: `${actor.firstName} ${actor.lastName}`.trim(),
          topic: topicIn(created.topic, t),
          when: whenFor(created, people, created.studentId, language),
        }),
        actionUrl: '/student/dashboard?tab=professionals',
        metadata: { sessionId: created.id },
      });
      await inviteBoth(tx, deps.config, created);
      return created;
    }),
  );
  return presentSession(db, row, actor.id);
}

/**
 * The first invitation of a new session (METHOD:REQUEST, SEQUENCE 0) to both participants, so that a later
 * update or CANCEL refers to an event each calendar already has (issue 28).
 */
export async function inviteBoth(db: Db, config: MentoringDeps['config'], row: SessionRow, note?: string) {
  await emailSession(db, config, row, 'student', 'scheduled', note);
  await emailSession(db, config, row, 'professional', 'scheduled', note);
}

async function noticeHoursOf(db: Db, professionalId: string): Promise<number> {
  const [row] = await db
    .select({ noticeHours: professionalProfiles.noticeHours })
    .from(professionalProfiles)
    .where(eq(professionalProfiles.userId, professionalId));
  return row?.noticeHours ?? DEFAULT_NOTICE_HOURS;
}

const hours = (n: number) => `${n} hour${n === 1 ? '' : 's'}`;
export const rescheduleTooLate = (noticeHours: number) =>
  `This session starts in less than ${hours(noticeHours)}, so it can no longer be rescheduled. You can still cancel it; that counts as a late cancellation.`;

async function ownSession(db: Db, actor: Actor, id: string, as: 'professional' | 'either'): Promise<SessionRow> {
  if (!isId(id)) throw notFound('Session');
  const owner =
    as === 'professional'
      ? eq(mentoringSessions.professionalId, actor.id)
      : or(eq(mentoringSessions.professionalId, actor.id), eq(mentoringSessions.studentId, actor.id));
  const [row] = await db
    .select()
    .from(mentoringSessions)
    .where(and(eq(mentoringSessions.id, id), owner));
  if (!row) throw notFound('Session');
  return row;
}

export async function getSessionForParticipant(db: Db, actor: Actor, id: string): Promise<SessionRow> {
  return ownSession(db, actor, id, 'either');
}

/**
 * Move a scheduled session. The professional may pick any time (their own calendar); the student picks a
 * free slot of the professional's availability, with a reason, and only before the professional's notice
 * window (decision 700). Both get the updated invitation through the one change path (queueEventChange).
 */
export async function rescheduleSession(
  deps: MentoringDeps,
  actor: Actor,
  id: string,
  body: z.output<typeof rescheduleBody>,
  now = new Date(),
): Promise<Session> {
  const { db } = deps;
  const current = await ownSession(db, actor, id, 'either');
  const asStudent = current.studentId === actor.id;
  if (current.status !== 'scheduled' || current.endsAt.getTime() <= now.getTime()) throw conflict(MENTORING_MESSAGES.sessionNotScheduled);
  const reason = body.reason?.trim() || null;
  // For a student: the session must still start after now + notice.
  let startsAfter: Date | null = null;
  if (asStudent) {
    if (!reason) throw badRequest(MENTORING_MESSAGES.reasonRequired);
    const notice = await noticeHoursOf(db, current.professionalId);
    if (now.getTime() >= changeDeadline(current, notice).getTime()) throw conflict(rescheduleTooLate(notice));
    startsAfter = new Date(now.getTime() + notice * 3_600_000);
  }
  const when = scheduleInstants(body.date, body.startTime, body.endTime, body.timezone);
  assertSchedulable(when, now);
  if (when.start.getTime() === current.startsAt.getTime() && when.end.getTime() === current.endsAt.getTime())
    throw badRequest(MENTORING_MESSAGES.sameTime);
  if (asStudent) {
    const state = await slotState(db, current.professionalId, when.start, when.end, { exceptSessionId: id });
    if (state === 'outside') throw conflict(MENTORING_MESSAGES.slotOutside);
    if (state === 'taken') throw conflict(MENTORING_MESSAGES.slotTaken);
  }
  const row = await withBookingErrors(
    () =>
      db.transaction(async (tx) => {
        const [updated] = await tx
          .update(mentoringSessions)
          .set({ startsAt: when.start, endsAt: when.end, timezone: when.timezone, rescheduledBy: actor.id, rescheduleReason: reason, rescheduledAt: now })
          .where(
            and(
              eq(mentoringSessions.id, id),
              eq(mentoringSessions.status, 'scheduled'),
              // The notice window is checked against the row as it is now: a racing change cannot slip past it.
              startsAfter ? sql`${mentoringSessions.startsAt} > ${startsAfter.toISOString()}::timestamptz` : undefined,
            ),
          )
          .returning();
        if (!updated) throw conflict(MENTORING_MESSAGES.sessionNotScheduled);
        // Both participants get the updated invitation (SEQUENCE + 1); the other one is also told in-app.
        const { sequence } = await queueEventChange(tx, { kind: 'session', id, change: 'updated', actorId: actor.id, note: reason });
        return { ...updated, sequence };
      }),
    asStudent ? MENTORING_MESSAGES.slotTaken : MENTORING_MESSAGES.doubleBooked,
  );
  return presentSession(db, row, actor.id, now);
}

/**
 * Either participant may cancel a scheduled session that has not ended; the other one is told. A student
 * gives a reason, and a cancel inside the professional's notice window is recorded as late (decision 700).
 */
export async function cancelSession(deps: MentoringDeps, actor: Actor, id: string, reason?: string, now = new Date()): Promise<Session> {
  const { db } = deps;
  const current = await ownSession(db, actor, id, 'either');
  const asStudent = current.studentId === actor.id;
  const why = reason?.trim() || null;
  if (asStudent && !why) throw badRequest(MENTORING_MESSAGES.reasonRequired);
  const late = asStudent && now.getTime() >= changeDeadline(current, await noticeHoursOf(db, current.professionalId)).getTime();
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(mentoringSessions)
      .set({ status: 'cancelled', cancelledBy: actor.id, cancelReason: why, cancelledAt: now, lateCancellation: late })
      .where(
        and(
          eq(mentoringSessions.id, id),
          eq(mentoringSessions.status, 'scheduled'),
          sql`${mentoringSessions.endsAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    if (!updated) throw conflict(MENTORING_MESSAGES.sessionNotScheduled);
    // Both participants get the METHOD:CANCEL invitation; the other one is also told in-app.
    const note = why && late ? `${why} (late cancellation)` : why;
    const { sequence } = await queueEventChange(tx, { kind: 'session', id, change: 'cancelled', actorId: actor.id, note });
    return { ...updated, sequence };
  });
  return presentSession(db, row, actor.id, now);
}

/** The student rates a session once, after it ended; the professional's totals move in the same transaction. */
export async function rateSession(db: Db, actor: Actor, id: string, rating: number): Promise<Session> {
  const current = await ownSession(db, actor, id, 'either');
  if (current.studentId !== actor.id) throw notFound('Session');
  if (current.status === 'cancelled') throw badRequest(MENTORING_MESSAGES.rateCancelled);
  if (current.endsAt.getTime() > Date.now()) throw badRequest(MENTORING_MESSAGES.rateNotEnded);
  if (current.attendance === 'no-show') throw badRequest(MENTORING_MESSAGES.rateNoShow);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(mentoringSessions)
      .set({ rating, ratedAt: new Date() })
      .where(
        and(
          eq(mentoringSessions.id, id),
          eq(mentoringSessions.studentId, actor.id),
          sql`${mentoringSessions.rating} IS NULL`,
          sql`${mentoringSessions.status} <> 'cancelled'`,
          sql`${mentoringSessions.endsAt} <= now()`,
        ),
      )
      .returning();
    if (!updated) throw conflict(MENTORING_MESSAGES.alreadyRated);
    await tx
      .update(professionalProfiles)
      .set({
        ratingSum: sql`${professionalProfiles.ratingSum} + ${rating}`,
        ratingCount: sql`${professionalProfiles.ratingCount} + 1`,
      })
      .where(eq(professionalProfiles.userId, updated.professionalId));
    return updated;
  });
  return presentSession(db, row, actor.id);
}

export async function sessionCalendar(deps: MentoringDeps, actor: Actor, id: string): Promise<string> {
  const row = await ownSession(deps.db, actor, id, 'either');
  const people = await loadPeople(deps.db, [row.studentId, row.professionalId]);
  const { language } = await recipientLocale(deps.db, actor.id);
  return sessionIcs(row, people, deps.config, row.status === 'cancelled' ? 'CANCEL' : 'PUBLISH', language);
}

export { whenText };

/**
 * The professional marks a session attended or a no-show once it has started. Marking it attended asks
 * the student to rate it (in the app, once); a no-show cannot be rated and counts on the dashboard.
 */
export async function markSessionAttendance(db: Db, actor: Actor, id: string, attendance: 'attended' | 'no-show', now: Date): Promise<Session> {
  const current = await ownSession(db, actor, id, 'professional');
  if (current.status === 'cancelled') throw badRequest(MENTORING_MESSAGES.attendanceCancelled);
  if (current.startsAt.getTime() > now.getTime()) throw badRequest(MENTORING_MESSAGES.attendanceTooEarly);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ attendance: mentoringSessions.attendance })
      .from(mentoringSessions)
      .where(eq(mentoringSessions.id, id))
      .for('update');
    const [updated] = await tx
      .update(mentoringSessions)
      .set({ attendance, attendanceMarkedAt: now })
      .where(and(eq(mentoringSessions.id, id), sql`${mentoringSessions.status} <> 'cancelled'`))
      .returning();
    if (!updated) throw badRequest(MENTORING_MESSAGES.attendanceCancelled);
    if (attendance === 'attended' && before?.attendance !== 'attended' && updated.rating === null) {
      await notifyIn(tx, updated.studentId, ({ t }) => ({
        type: 'session',
        subType: 'rate',
        title: t('notification.session.rateTitle'),
        message: t('notification.session.rate', { topic: topicIn(updated.topic, t), name: actor.firstName }),
        actionUrl: '/student/dashboard?tab=professionals',
        metadata: { sessionId: updated.id },
      }));
    }
    return updated;
  });
  return presentSession(db, row, actor.id, now);
}
