import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { IANAZone } from 'luxon';
import {
  RD_APPLICATION_TRANSITIONS,
  RD_DEFAULT_TIMEZONE,
  RD_MESSAGES,
  applicationTransitionMessage,
  type AdminApplicationDto,
  type RdApplicationStatus,
  type ReviewApplicationBody,
} from '@app/shared/rd-projects';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/platform.ts';
import { rdApplicationDocuments, rdApplicationEvents, rdApplications, rdProjectRoles, rdProjects, type InterviewDetails } from '../../db/schema/rd-projects.ts';
import { users } from '../../db/schema/users.ts';
import { buildIcs, eventUid, organizerOf, type IcsEvent, type IcsMethod } from '../../lib/calendar.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { localInstant } from '../../lib/local-time.ts';
import { isId } from '../../lib/ids.ts';
import type { Actor } from '../../lib/http.ts';
import { queueEmail } from '../../lib/mail.ts';
import { inert } from '../../lib/email-template.ts';
import { recipientLocale, voiceOf } from '../../lib/recipient-locale.ts';
import { createMeetingLink } from '../../lib/meeting.ts';
import { calendarFieldsChanged, queueEventChange } from '../../lib/event-changes.ts';
import { notify } from '../notifications/index.ts';
import { RD_ACTION_URL } from './alerts.ts';
import { audit } from '../../lib/audit.ts';
import { likePattern } from '../../lib/sql.ts';
import { adminApplicationToDto, interviewSlot } from './rd-projects.presenter.ts';
import { emptyCounts, addCount, loadApplications } from './rd-projects.repo.ts';
import { applicationInContext } from './rd-projects.repo.ts';

async function projectOr404(db: Db, projectId: string) {
  if (!isId(projectId)) throw notFound('Project');
  const [project] = await db.select({ id: rdProjects.id, title: rdProjects.title }).from(rdProjects).where(eq(rdProjects.id, projectId));
  if (!project) throw notFound('Project');
  return project;
}

export async function listApplications(
  db: Db,
  projectId: string,
  query: { search?: string; status?: string; role?: string },
) {
  const project = await projectOr404(db, projectId);
  const roles = await db
    .select({ _id: rdProjectRoles.id, title: rdProjectRoles.title })
    .from(rdProjectRoles)
    .where(eq(rdProjectRoles.projectId, projectId))
    .orderBy(rdProjectRoles.position);
  const where: SQL[] = [eq(rdApplications.projectId, projectId)];
  if (query.status && query.status !== 'all') where.push(sql`${rdApplications.status} = ${query.status}`);
  if (query.role && query.role !== 'all') {
    where.push(isId(query.role) ? eq(rdApplications.roleId, query.role) : sql`${rdProjectRoles.title} = ${query.role}`);
  }
  if (query.search) {
    const p = likePattern(query.search);
    const any = or(ilike(users.firstName, p), ilike(users.lastName, p), ilike(users.email, p), sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${p}`);
    if (any) where.push(any);
  }
  const applications = (await loadApplications(db, and(...where))).map(adminApplicationToDto);
  const counts = emptyCounts();
  for (const c of await db
    .select({ status: rdApplications.status, n: sql<number>`count(*)::int` })
    .from(rdApplications)
    .where(eq(rdApplications.projectId, projectId))
    .groupBy(rdApplications.status)) {
    addCount(counts, c.status, Number(c.n));
  }
  return { applications, counts, project: { _id: project.id, title: project.title, roles } };
}

async function loadOne(db: Db, projectId: string, applicationId: string): Promise<AdminApplicationDto> {
  const [a] = await loadApplications(db, and(eq(rdApplications.id, applicationId), eq(rdApplications.projectId, projectId)));
  if (!a) throw notFound('Application');
  return adminApplicationToDto(a);
}

/** The interview to store for an interview-scheduled review, validated (400 with a clear message). */
function buildInterview(
  input: ReviewApplicationBody['interview'],
  previous: InterviewDetails | null,
  meetingBaseUrl: string,
  now: Date,
): InterviewDetails {
  if (!input || input.scheduled === false) return { scheduled: false };
  if (!input.date || !input.time) throw badRequest(RD_MESSAGES.interviewDateTime);
  const timezone = input.timezone?.trim() || RD_DEFAULT_TIMEZONE;
  if (timezone !== 'UTC' && !IANAZone.isValidZone(timezone)) throw badRequest(RD_MESSAGES.interviewTimezone);
  const start = localInstant(input.date, input.time, timezone, RD_MESSAGES.interviewDateTime);
  if (start.toMillis() <= now.getTime()) throw badRequest(RD_MESSAGES.interviewPast);
  const mode = input.mode ?? 'online';
  let meetingLink: string | undefined;
  let location: string | undefined;
  if (mode === 'offline') {
    location = input.location?.trim();
    if (!location) throw badRequest(RD_MESSAGES.interviewLocation);
  } else {
    const given = input.meetingLink?.trim();
    if (given) {
      // Only https links: a meeting link is opened by students from an e-mail and the app.
      if (!URL.canParse(given) || new URL(given).protocol !== 'https:') throw badRequest('Meeting link must be an https:// link');
      meetingLink = given;
    } else {
      meetingLink = previous?.mode === 'online' && previous.meetingLink ? previous.meetingLink : createMeetingLink(meetingBaseUrl);
    }
  }
  return {
    scheduled: true,
    date: input.date,
    time: input.time,
    timezone,
    mode,
    ...(meetingLink ? { meetingLink } : {}),
    ...(location ? { location } : {}),
    ...(input.notes?.trim() ? { notes: input.notes.trim() } : {}),
  };
}

/** Interview fields whose change moves it in the student's calendar. */
export const INTERVIEW_CALENDAR_FIELDS = ['date', 'time', 'timezone', 'mode', 'meetingLink', 'location'] as const;

/** A status as the catalogue's messages choose by it (ICU select keys have no hyphens). */
const STATUS_KEYS: Record<RdApplicationStatus, string> = {
  pending: 'pending',
  'under-review': 'underReview',
  'interview-scheduled': 'interviewScheduled',
  accepted: 'accepted',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
};

/**
 * Review an application (spec 001 §4). The status change is a compare-and-set on the status read, and
 * accepting fills a seat of the role with a conditional increment in the same transaction: either both
 * happen or neither, so a role never goes past its maximum and a seat is never filled twice.
 */
export async function reviewApplication(
  db: Db,
  deps: { meetingBaseUrl: string; publicUrl: string; mailFrom: string },
  actor: Actor,
  projectId: string,
  applicationId: string,
  body: ReviewApplicationBody,
  now = new Date(),
): Promise<AdminApplicationDto> {
  await projectOr404(db, projectId);
  if (!isId(applicationId)) throw notFound('Application');
  const to = body.status;
  await db.transaction(async (tx) => {
    const [current] = await applicationInContext(tx, and(eq(rdApplications.id, applicationId), eq(rdApplications.projectId, projectId)));
    if (!current) throw notFound('Application');
    const from = current.app.status;
    if (!RD_APPLICATION_TRANSITIONS[from].includes(to)) throw conflict(applicationTransitionMessage(from, to));

    const interview = to === 'interview-scheduled' ? buildInterview(body.interview, current.app.interview, deps.meetingBaseUrl, now) : current.app.interview;
    const notes = body.reviewNotes === undefined ? current.app.reviewNotes : body.reviewNotes?.trim() || null;
    const [updated] = await tx
      .update(rdApplications)
      .set({ status: to, reviewNotes: notes, reviewedBy: actor.id, reviewedAt: now, interview, updatedAt: now })
      .where(and(eq(rdApplications.id, applicationId), eq(rdApplications.status, from)))
      .returning({ id: rdApplications.id });
    if (!updated) throw conflict(RD_MESSAGES.staleApplication);

    if (to === 'accepted' && from !== 'accepted') {
      const [filled] = await tx
        .update(rdProjectRoles)
        .set({ currentPositions: sql`${rdProjectRoles.currentPositions} + 1` })
        .where(and(eq(rdProjectRoles.id, current.app.roleId), sql`${rdProjectRoles.currentPositions} < ${rdProjectRoles.maxPositions}`))
        .returning({ id: rdProjectRoles.id });
      if (!filled) throw conflict(RD_MESSAGES.roleFull);
    } else if (from === 'accepted' && to !== 'accepted') {
      await tx
        .update(rdProjectRoles)
        .set({ currentPositions: sql`${rdProjectRoles.currentPositions} - 1` })
        .where(and(eq(rdProjectRoles.id, current.app.roleId), sql`${rdProjectRoles.currentPositions} > 0`));
    }
    if (to !== from) await tx.insert(rdApplicationEvents).values({ applicationId, status: to, actorId: actor.id, createdAt: now });

    const rescheduled = to === from && to === 'interview-scheduled';
    const slot = to === 'interview-scheduled' ? interviewSlot(interview) : null;
    // The calendar side (docs/decisions/421): a moved interview or one that will no longer take place is
    // a change every participant hears about from the fan-out job, with SEQUENCE one higher.
    const previousSlot = from === 'interview-scheduled' ? interviewSlot(current.app.interview) : null;
    let sequence = current.app.interviewSequence;
    let calendarChange: 'updated' | 'cancelled' | null = null;
    if (previousSlot && slot && interview && current.app.interview) {
      if (calendarFieldsChanged(current.app.interview, interview, INTERVIEW_CALENDAR_FIELDS)) calendarChange = 'updated';
    } else if (previousSlot && !slot && previousSlot.end.getTime() > now.getTime()) {
      calendarChange = 'cancelled';
    } else if (!previousSlot && slot && sequence > 0) {
      // Scheduled again after a cancellation: the new invitation must outrank the CANCEL calendars hold.
      const [bumped] = await tx
        .update(rdApplications)
        .set({ interviewSequence: sql`${rdApplications.interviewSequence} + 1` })
        .where(eq(rdApplications.id, applicationId))
        .returning({ sequence: rdApplications.interviewSequence });
      sequence = bumped?.sequence ?? sequence + 1;
    }
    if (calendarChange) {
      await queueEventChange(tx, { kind: 'interview', id: applicationId, change: calendarChange, actorId: actor.id });
      if (calendarChange === 'updated') {
        await audit(tx, actor.id, 'review', 'rd-application', applicationId, { status: from }, { status: to, reviewNotes: notes, interview });
        return;
      }
    }
    // In the applicant's language and zone (decision 970), not the reviewer's.
    const voice = voiceOf(await recipientLocale(tx, current.app.studentId), interview?.timezone);
    const status = STATUS_KEYS[to];
    const when = slot ? voice.when(slot.start) : null;
    const message = rescheduled && when
      ? voice.t('email.rd.interviewUpdated', { title: current.projectTitle, when })
      : to === 'interview-scheduled' && when
        ? voice.t('email.rd.interviewScheduled', { title: current.projectTitle, when })
        : voice.t('email.rd.status', { title: current.projectTitle, status });
    await notify(tx, {
      userId: current.app.studentId,
      type: 'rd-project',
      subType: to,
      title: voice.t('notification.rd.statusTitle', { status }),
      message,
      actionUrl: RD_ACTION_URL,
      priority: to === 'accepted' || to === 'interview-scheduled' ? 'high' : 'normal',
      metadata: { projectId, applicationId },
    });
    const lines = [
      voice.t('email.greeting', { name: inert(current.firstName) }),
      '',
      message,
      ...(notes && to !== 'pending' ? ['', voice.t('email.rd.reviewerNotes', { notes: inert(notes) })] : []),
      ...(slot && interview && when
        ? [
            '',
            voice.t('email.rd.interview', { when }),
            interview.mode === 'online' ? voice.t('email.where.online', { link: interview.meetingLink ?? '' }) : voice.t('email.where.location', { location: inert(interview.location ?? '') }),
            ...(interview.notes ? [voice.t('email.rd.interviewNotes', { notes: inert(interview.notes) })] : []),
            voice.t('email.rd.invitationAttached'),
          ]
        : []),
    ];
    await queueEmail(tx, {
      to: current.email,
      language: voice.language,
      subject: rescheduled ? voice.t('email.rd.interviewUpdatedSubject', { title: inert(current.projectTitle) }) : voice.t('email.rd.statusSubject', { status }),
      text: lines.join('\n'),
      action: { label: voice.t('email.rd.action'), url: `${deps.publicUrl}${RD_ACTION_URL}` },
      attachments:
        slot && interview
          ? [
              {
                filename: 'interview.ics',
                contentType: 'text/calendar; charset=utf-8; method=REQUEST',
                method: 'REQUEST',
                content: interviewIcs({
                  applicationId,
                  projectTitle: current.projectTitle,
                  roleTitle: current.roleTitle,
                  interview,
                  slot,
                  sequence,
                  method: 'REQUEST',
                  mailFrom: deps.mailFrom,
                  attendee: { name: `${current.firstName} ${current.lastName}`.trim(), email: current.email },
                }),
              },
            ]
          : [],
    }, { category: 'rd' });
    await audit(tx, actor.id, 'review', 'rd-application', applicationId, { status: from }, { status: to, reviewNotes: notes, interview });
  });
  return loadOne(db, projectId, applicationId);
}

export interface InterviewEventInput {
  applicationId: string;
  projectTitle: string;
  roleTitle: string;
  interview: InterviewDetails;
  slot: { start: Date; end: Date };
  /** The application's interview_sequence column. */
  sequence: number;
  method: IcsMethod;
  mailFrom: string;
  attendee: { name: string; email: string };
}

/** An R&D interview as an iCalendar event: organised by MentorBridge, the student its attendee. */
export function interviewEvent(input: InterviewEventInput): IcsEvent {
  const { interview } = input;
  return {
    uid: eventUid('interview', input.applicationId),
    sequence: input.sequence,
    method: input.method,
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    start: input.slot.start,
    end: input.slot.end,
    timezone: interview.timezone || 'UTC',
    summary: `Interview: ${input.projectTitle} (${input.roleTitle})`,
    description: [interview.notes, interview.meetingLink ? `Join: ${interview.meetingLink}` : undefined].filter(Boolean).join('\n') || undefined,
    location: interview.mode === 'offline' ? interview.location : interview.meetingLink,
    url: interview.mode === 'online' ? interview.meetingLink : undefined,
    organizer: organizerOf(input.mailFrom),
    attendees: [input.attendee],
  };
}

export function interviewIcs(input: InterviewEventInput): string {
  return buildIcs(interviewEvent(input));
}

/** A document of an application of the project (admins only), for download. */
export async function adminDocument(db: Db, projectId: string, applicationId: string, documentId: string) {
  if (![projectId, applicationId, documentId].every(isId)) throw notFound('Document');
  const [doc] = await db
    .select({ storageKey: files.storageKey, mimeType: files.mimeType, originalName: files.originalName })
    .from(rdApplicationDocuments)
    .innerJoin(rdApplications, eq(rdApplications.id, rdApplicationDocuments.applicationId))
    .innerJoin(files, eq(files.id, rdApplicationDocuments.fileId))
    .where(and(eq(rdApplicationDocuments.id, documentId), eq(rdApplications.id, applicationId), eq(rdApplications.projectId, projectId)));
  if (!doc) throw notFound('Document');
  return doc;
}
