import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MENTORING_MESSAGES,
  type ConnectionRequest,
  type Session,
  type StudentRequest,
  type connectBody,
  type respondBody,
} from '@app/shared/mentoring';
import type { Db } from '../../db/client.ts';
import { programmeConnections, programmes } from '../../db/schema/matching.ts';
import { connectionRequests, mentoringSessions } from '../../db/schema/mentoring.ts';
import { PG, conflict, isBookingClash, notFound, pgCode } from '../../lib/errors.ts';
import type { Actor } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { queueEmail } from '../../lib/mail.ts';
import { recipientLocale, voiceOf } from '../../lib/recipient-locale.ts';
import { notify, notifyIn } from '../notifications/index.ts';
import { slotState } from './availability.service.ts';
import {
  assertSchedulable,
  findListedProfessional,
  loadPeople,
  nameOf,
  scheduleInstants,
  type Instants,
  type PersonRow,
} from './mentoring.common.ts';
import { inert } from '../../lib/email-template.ts';
import { insertSession, inviteBoth, presentSessions, whenFor, type MentoringDeps, type SessionRow } from './sessions.service.ts';

type RequestRow = typeof connectionRequests.$inferSelect;
/** The programme that made a connection (db/schema/matching.ts `programme_connections`), if one did. */
type MatchedIn = ConnectionRequest['matchedIn'];

export function toRequest(row: RequestRow, people: Map<string, PersonRow>, sessionId: string | null, matchedIn: MatchedIn = null): ConnectionRequest {
  const s = people.get(row.studentId);
  return {
    _id: row.id,
    student: {
      _id: row.studentId,
      firstName: s?.firstName ?? 'Former',
      lastName: s?.lastName ?? 'student',
      email: s?.email ?? '',
      university: s?.university ?? null,
      department: s?.department ?? null,
      course: s?.course ?? null,
      year: s?.year ?? null,
      cgpa: s?.cgpa ?? null,
    },
    message: row.message,
    status: row.status,
    requestedAt: row.createdAt.toISOString(),
    requestedSlot:
      row.requestedStart && row.requestedEnd
        ? {
            start: row.requestedStart.toISOString(),
            end: row.requestedEnd.toISOString(),
            timezone: row.requestedTimezone ?? 'UTC',
          }
        : null,
    responseMessage: row.responseMessage,
    respondedAt: row.respondedAt ? row.respondedAt.toISOString() : null,
    sessionId,
    matchedIn,
  };
}

/** The slot a student asked for, as instants (from the picker's instants or a wall-clock date and times). */
function slotInstants(slot: NonNullable<z.output<typeof connectBody>['slot']>): Instants {
  if (slot.start && slot.end) {
    return { start: new Date(slot.start), end: new Date(slot.end), timezone: slot.timezone ?? 'UTC' };
  }
  return scheduleInstants(slot.date ?? '', slot.startTime ?? '', slot.endTime ?? '', slot.timezone ?? 'Asia/Kolkata');
}

/** POST /professionals/{id}/connect */
export async function connect(db: Db, actor: Actor, professionalId: string, body: z.output<typeof connectBody>) {
  if (!isId(professionalId)) throw notFound('Professional');
  const pro = await findListedProfessional(db, professionalId);
  if (!pro) throw notFound('Professional');
  if (!pro.acceptingRequests) throw conflict(MENTORING_MESSAGES.notAccepting);

  let slot: Instants | null = null;
  if (body.slot) {
    slot = slotInstants(body.slot);
    assertSchedulable(slot, new Date(), MENTORING_MESSAGES.slotInPast);
    const state = await slotState(db, professionalId, slot.start, slot.end);
    if (state === 'outside') throw conflict(MENTORING_MESSAGES.slotOutside);
    if (state === 'taken') throw conflict(MENTORING_MESSAGES.slotTaken);
  }

  try {
    return await db.transaction(async (tx) => {
      if (slot) {
        // A session booked since the check above also takes the slot (pending holds are guarded by
        // the exclusion constraint on insert).
        const [clash] = await tx
          .select({ id: mentoringSessions.id })
          .from(mentoringSessions)
          .where(
            and(
              eq(mentoringSessions.professionalId, professionalId),
              eq(mentoringSessions.status, 'scheduled'),
              sql`${mentoringSessions.startsAt} < ${slot.end.toISOString()}::timestamptz`,
              sql`${mentoringSessions.endsAt} > ${slot.start.toISOString()}::timestamptz`,
            ),
          )
          .limit(1);
        if (clash) throw conflict(MENTORING_MESSAGES.slotTaken);
      }
      const [row] = await tx
        .insert(connectionRequests)
        .values({
          studentId: actor.id,
          professionalId,
          message: body.message || null,
          requestedStart: slot?.start ?? null,
          requestedEnd: slot?.end ?? null,
          requestedTimezone: slot?.timezone ?? null,
        })
        .returning();
      if (!row) throw new Error('request insert returned nothing');
      const student = `${actor.firstName} ${actor.lastName}`.trim();
      // In the mentor's language; the proposed time in their zone, else the slot's (decisions 970, 1060).
      const voice = voiceOf(await recipientLocale(tx, professionalId), slot?.timezone);
      await notify(tx, {
        userId: professionalId,
        type: 'connection',
        subType: 'new',
        title: voice.t('notification.connection.newTitle'),
        message: slot
          ? voice.t('notification.connection.newWithSlot', { name: student, when: voice.span(slot.start, slot.end) })
          : voice.t('notification.connection.new', { name: student }),
        actionUrl: '/professional/dashboard?tab=requests',
        metadata: { requestId: row.id },
      });
      return {
        request: {
          _id: row.id,
          status: row.status,
          requestedAt: row.createdAt.toISOString(),
          requestedSlot: slot ? { start: slot.start.toISOString(), end: slot.end.toISOString(), timezone: slot.timezone } : null,
        },
      };
    });
  } catch (error) {
    const code = pgCode(error);
    if (code === PG.uniqueViolation) throw conflict(MENTORING_MESSAGES.alreadyPending);
    // Several students racing for one slot on PostgreSQL: a loser may be aborted by the deadlock detector
    // rather than the exclusion constraint (seen in CI as 500s). Either way it rolled back: slot taken.
    if (isBookingClash(error)) throw conflict(MENTORING_MESSAGES.slotTaken);
    throw error;
  }
}

/**
 * One side's requests, newest first, each once (a request may have led to several sessions), presented
 * with the people on the other side.
 */
async function requestsOf<T>(
  db: Db,
  side: 'professional' | 'student',
  actorId: string,
  limit: number,
  present: (row: RequestRow, people: Map<string, PersonRow>, sessionId: string | null, matchedIn: MatchedIn) => T,
): Promise<T[]> {
  const rows = await db
    .select({ request: connectionRequests, sessionId: mentoringSessions.id, programmeId: programmes.id, programmeName: programmes.name })
    .from(connectionRequests)
    .leftJoin(mentoringSessions, eq(mentoringSessions.requestId, connectionRequests.id))
    .leftJoin(programmeConnections, eq(programmeConnections.connectionRequestId, connectionRequests.id))
    .leftJoin(programmes, eq(programmes.id, programmeConnections.programmeId))
    .where(eq(side === 'professional' ? connectionRequests.professionalId : connectionRequests.studentId, actorId))
    .orderBy(desc(connectionRequests.createdAt))
    .limit(limit);
  const people = await loadPeople(
    db,
    rows.map((r) => (side === 'professional' ? r.request.studentId : r.request.professionalId)),
  );
  const seen = new Set<string>();
  const out: T[] = [];
  for (const r of rows) {
    if (seen.has(r.request.id)) continue;
    seen.add(r.request.id);
    out.push(present(r.request, people, r.sessionId, r.programmeId && r.programmeName !== null ? { programmeId: r.programmeId, name: r.programmeName } : null));
  }
  return out;
}

/** GET /professionals/connection-requests: the caller's, newest first. */
export function listRequests(db: Db, actor: Actor): Promise<ConnectionRequest[]> {
  return requestsOf(db, 'professional', actor.id, 1000, toRequest);
}

/** POST /professionals/connection-requests/{id}/respond: exactly one answer wins (conditional UPDATE). */
export async function respond(
  deps: MentoringDeps,
  actor: Actor,
  id: string,
  body: z.output<typeof respondBody>,
): Promise<{ request: ConnectionRequest; session: Session | null }> {
  const { db } = deps;
  if (!isId(id)) throw notFound('Connection request');
  const [current] = await db
    .select()
    .from(connectionRequests)
    .where(and(eq(connectionRequests.id, id), eq(connectionRequests.professionalId, actor.id)));
  if (!current) throw notFound('Connection request');
  if (current.status !== 'pending') throw conflict(MENTORING_MESSAGES.alreadyAnswered);

  const accepted = body.status === 'accepted';
  let when: Instants | null = null;
  if (accepted && body.date && body.startTime && body.endTime) {
    when = scheduleInstants(body.date, body.startTime, body.endTime, body.timezone);
    assertSchedulable(when);
  } else if (accepted && current.requestedStart && current.requestedEnd && current.requestedStart.getTime() > Date.now()) {
    // Accepting a request that asked for a slot books that slot.
    when = { start: current.requestedStart, end: current.requestedEnd, timezone: current.requestedTimezone ?? 'Asia/Kolkata' };
  }

  let session: SessionRow | null = null;
  let updated: typeof current | undefined;
  try {
    await db.transaction(async (tx) => {
      [updated] = await tx
        .update(connectionRequests)
        .set({ status: body.status, responseMessage: body.message || null, respondedAt: new Date() })
        .where(
          and(
            eq(connectionRequests.id, id),
            eq(connectionRequests.professionalId, actor.id),
            eq(connectionRequests.status, 'pending'),
          ),
        )
        .returning();
      if (!updated) throw conflict(MENTORING_MESSAGES.alreadyAnswered);
      if (when) {
        session = await insertSession(tx, deps, {
          professionalId: actor.id,
          studentId: updated.studentId,
          requestId: updated.id,
          topic: body.topic,
          when,
        });
      }
      const pro = `${actor.firstName} ${actor.lastName}`.trim();
      const booked = session as SessionRow | null;
      const people = booked ? await loadPeople(tx, [booked.studentId, booked.professionalId]) : new Map<string, PersonRow>();
      // The student reads it in their language and zone (decision 1060), not the mentor's.
      const voice = voiceOf(await recipientLocale(tx, updated.studentId));
      const t = voice.t;
      const message = [
        accepted ? t('notification.connection.accepted', { name: pro }) : t('notification.connection.declined', { name: pro }),
        booked ? t('notification.connection.scheduled', { when: whenFor(booked, people, booked.studentId, voice.language) }) : '',
        body.message ? t('notification.connection.reply', { message: body.message }) : '',
      ].filter(Boolean).join(' ');
      await notify(tx, {
        userId: updated.studentId,
        type: 'connection',
        subType: accepted ? 'accepted' : 'rejected',
        title: accepted ? t('notification.connection.acceptedTitle') : t('notification.connection.declinedTitle'),
        message,
        actionUrl: '/student/dashboard?tab=professionals',
        metadata: { requestId: updated.id, ...(booked ? { sessionId: booked.id } : {}) },
      });
      if (booked) {
        // The first invitation goes to both sides (issue 28): later updates refer to an event both calendars have.
        await inviteBoth(tx, deps.config, booked, body.message);
      } else if (accepted) {
        const people = await loadPeople(tx, [updated.studentId]);
        const student = people.get(updated.studentId);
        if (student) {
          await queueEmail(tx, {
            to: student.email,
            language: voice.language,
            subject: t('email.connection.acceptedSubject', { name: inert(pro) }),
            text: [
              t('email.greeting', { name: inert(student.firstName) }),
              '',
              t('email.connection.accepted', { name: inert(pro) }),
              body.message ? t('email.session.note', { note: inert(body.message) }) : '',
            ]
              .filter((l, i, all) => l !== '' || all[i - 1] !== '')
              .join('\n'),
            action: { label: t('email.connection.action'), url: `${deps.config.publicUrl}/student/dashboard` },
          }, { category: 'requests' });
        }
      }
    });
  } catch (error) {
    if (isBookingClash(error)) throw conflict(MENTORING_MESSAGES.doubleBooked);
    throw error;
  }
  if (!updated) throw conflict(MENTORING_MESSAGES.alreadyAnswered);
  const finalRow: RequestRow = updated;
  const people = await loadPeople(db, [finalRow.studentId]);
  const sessionRow = session as SessionRow | null;
  return {
    request: toRequest(finalRow, people, sessionRow?.id ?? null),
    session: sessionRow ? ((await presentSessions(db, [sessionRow], actor.id))[0] ?? null) : null,
  };
}

/** GET /connection-requests/my: every request the student sent, newest first, with its answer and session. */
export function listMyRequests(db: Db, actor: Actor): Promise<StudentRequest[]> {
  return requestsOf(db, 'student', actor.id, 500, toStudentRequest);
}

function toStudentRequest(row: RequestRow, people: Map<string, PersonRow>, sessionId: string | null, matchedIn: MatchedIn = null): StudentRequest {
  const pro = people.get(row.professionalId);
  const base = toRequest(row, people, sessionId, matchedIn);
  return {
    _id: base._id,
    professional: { _id: row.professionalId, name: nameOf(pro), title: pro?.title || null, company: pro?.company || null },
    message: base.message,
    status: base.status,
    requestedAt: base.requestedAt,
    requestedSlot: base.requestedSlot,
    responseMessage: base.responseMessage,
    respondedAt: base.respondedAt,
    sessionId,
    matchedIn: base.matchedIn,
  };
}

/** POST /connection-requests/{id}/withdraw: the student takes back a pending request; the professional is told. */
export async function withdrawRequest(db: Db, actor: Actor, id: string, now = new Date()): Promise<StudentRequest> {
  if (!isId(id)) throw notFound('Connection request');
  const [current] = await db
    .select()
    .from(connectionRequests)
    .where(and(eq(connectionRequests.id, id), eq(connectionRequests.studentId, actor.id)));
  if (!current) throw notFound('Connection request');
  const row = await db.transaction(async (tx) => {
    // Exactly one of a withdrawal and the professional's answer wins.
    const [updated] = await tx
      .update(connectionRequests)
      .set({ status: 'cancelled', respondedAt: now })
      .where(and(eq(connectionRequests.id, id), eq(connectionRequests.studentId, actor.id), eq(connectionRequests.status, 'pending')))
      .returning();
    if (!updated) throw conflict(MENTORING_MESSAGES.requestNotPending);
    const student = `${actor.firstName} ${actor.lastName}`.trim();
    await notifyIn(tx, updated.professionalId, ({ t }) => ({
      type: 'connection',
      subType: 'withdrawn',
      title: t('notification.connection.withdrawnTitle'),
      message: t('notification.connection.withdrawn', { name: student }),
      actionUrl: '/professional/dashboard?tab=requests',
      metadata: { requestId: updated.id },
    }));
    return updated;
  });
  const people = await loadPeople(db, [row.professionalId]);
  return toStudentRequest(row, people, null);
}
