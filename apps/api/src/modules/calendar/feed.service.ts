import { and, desc, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { CalendarFeedLink, CalendarFeedStatus } from '@app/shared/notifications';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { calendarFeeds } from '../../db/schema/calendar.ts';
import { mentoringSessions } from '../../db/schema/mentoring.ts';
import { rdApplications, rdProjectRoles, rdProjects } from '../../db/schema/rd-projects.ts';
import { users } from '../../db/schema/users.ts';
import { workshopRegistrations, workshops } from '../../db/schema/workshops.ts';
import { buildCalendar, type IcsEvent } from '../../lib/calendar.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/http.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { loadPeople } from '../mentoring/index.ts';
import { sessionEvent } from '../mentoring/index.ts';
import { recipientLocale } from '../../lib/recipient-locale.ts';
import { interviewEvent } from '../rd-projects/index.ts';
import { interviewSlot } from '../rd-projects/index.ts';
import { fullName } from '../users/index.ts';
import { selectWorkshops } from '../workshops/index.ts';
import { workshopEvent } from '../workshops/index.ts';
import { visibleToStudent } from '../workshops/index.ts';

/** The feed lists events from this long ago (so a calendar keeps the recent past) ... */
export const FEED_PAST_DAYS = 30;
/** ... up to this far ahead, at most FEED_LIMIT of each kind. */
export const FEED_FUTURE_DAYS = 366;
export const FEED_LIMIT = 500;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type FeedConfig = Pick<Config, 'publicUrl' | 'mailFrom'>;

export function feedUrls(publicUrl: string, token: string): { url: string; webcalUrl: string } {
  const url = `${publicUrl}/api/calendar/feed/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

export async function feedStatus(db: Db, actor: Actor): Promise<CalendarFeedStatus> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, actor.id));
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null, lastUsedAt: row?.lastUsedAt?.toISOString() ?? null };
}

/**
 * A new private link: 256 random bits, only their SHA-256 stored (the link is shown this once). The
 * user's one row is replaced, so the previous link stops working at once (docs/decisions/426).
 */
export async function createFeedLink(db: Db, config: FeedConfig, actor: Actor): Promise<CalendarFeedLink> {
  const { token, hash } = randomToken();
  const now = new Date();
  await db
    .insert(calendarFeeds)
    .values({ userId: actor.id, tokenHash: hash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hash, createdAt: now, lastUsedAt: null } });
  return { ...feedUrls(config.publicUrl, token), createdAt: now.toISOString() };
}

export async function revokeFeedLink(db: Db, actor: Actor): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, actor.id));
}

/** The calendar behind a feed link: 404 for anything that is not a current link of an active user. */
export async function feedCalendar(db: Db, config: FeedConfig, file: string, now = new Date()): Promise<string> {
  const token = file.endsWith('.ics') ? file.slice(0, -4) : file;
  if (!TOKEN_PATTERN.test(token)) throw notFound('Calendar feed');
  const [owner] = await db
    .select({ id: users.id, role: users.role, email: users.email, firstName: users.firstName, lastName: users.lastName, lastUsedAt: calendarFeeds.lastUsedAt })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, sha256(token)), eq(users.isActive, true)));
  if (!owner) throw notFound('Calendar feed');
  // Calendar apps poll every few minutes to hours: record the use at most once an hour.
  if (!owner.lastUsedAt || now.getTime() - owner.lastUsedAt.getTime() > 3_600_000) {
    await db.update(calendarFeeds).set({ lastUsedAt: now }).where(eq(calendarFeeds.userId, owner.id));
  }
  const from = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
  const to = new Date(now.getTime() + FEED_FUTURE_DAYS * 86_400_000);
  return calendarOf(db, config, owner, from, to);
}

export interface CalendarOwner {
  id: string;
  role: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** A person's workshops, sessions and interviews between two instants (the feed; the data export, issue 24). */
export async function calendarOf(db: Db, config: FeedConfig, owner: CalendarOwner, from: Date, to: Date, limit = FEED_LIMIT): Promise<string> {
  const me = { name: fullName(owner), email: owner.email };
  const events: IcsEvent[] = [];

  // Workshops: the ones a student holds a seat in, the ones a professional instructs. A cancelled one
  // stays listed as CANCELLED so subscribed calendars strike it through instead of guessing.
  const window = and(gte(workshops.endsAt, from), lte(workshops.startsAt, to), ne(workshops.status, 'draft'));
  const mine =
    owner.role === 'student'
      ? inArray(
          workshops.id,
          db
            .select({ id: workshopRegistrations.workshopId })
            .from(workshopRegistrations)
            .where(and(eq(workshopRegistrations.studentId, owner.id), ne(workshopRegistrations.status, 'cancelled'))),
        )
      : owner.role === 'professional'
        ? eq(workshops.professionalId, owner.id)
        : sql`false`;
  // A university-only workshop leaves the student's feed while that university is suspended (decision 630).
  const visible = owner.role === 'student' ? visibleToStudent(sql`${workshops.organisationId}`, owner.id) : undefined;
  const workshopRows = await selectWorkshops(db).where(and(window, mine, visible)).orderBy(desc(workshops.startsAt)).limit(limit);
  for (const row of workshopRows) events.push(workshopEvent(row, [me], { method: 'PUBLISH', publicUrl: config.publicUrl, mailFrom: config.mailFrom }));

  const sessions = await db
    .select()
    .from(mentoringSessions)
    .where(
      and(
        or(eq(mentoringSessions.studentId, owner.id), eq(mentoringSessions.professionalId, owner.id)),
        gte(mentoringSessions.endsAt, from),
        lte(mentoringSessions.startsAt, to),
      ),
    )
    .orderBy(desc(mentoringSessions.startsAt))
    .limit(limit);
  const people = await loadPeople(db, sessions.flatMap((s) => [s.studentId, s.professionalId]));
  // The owner's calendar: session titles and descriptions in their language (decision 970).
  const { language } = await recipientLocale(db, owner.id);
  for (const s of sessions) events.push(sessionEvent(s, people, { ...config, meetingBaseUrl: '' }, 'PUBLISH', language));

  if (owner.role === 'student') {
    const interviews = await db
      .select({ app: rdApplications, projectTitle: rdProjects.title, roleTitle: rdProjectRoles.title })
      .from(rdApplications)
      .innerJoin(rdProjects, eq(rdProjects.id, rdApplications.projectId))
      .innerJoin(rdProjectRoles, eq(rdProjectRoles.id, rdApplications.roleId))
      .where(and(eq(rdApplications.studentId, owner.id), eq(rdApplications.status, 'interview-scheduled')))
      .limit(limit);
    for (const i of interviews) {
      const slot = interviewSlot(i.app.interview);
      if (!slot || !i.app.interview || slot.end < from || slot.start > to) continue;
      events.push(
        interviewEvent({
          applicationId: i.app.id,
          projectTitle: i.projectTitle,
          roleTitle: i.roleTitle,
          interview: i.app.interview,
          slot,
          sequence: i.app.interviewSequence,
          method: 'PUBLISH',
          mailFrom: config.mailFrom,
          attendee: me,
        }),
      );
    }
  }
  events.sort((a, b) => a.start.getTime() - b.start.getTime());
  return buildCalendar('PUBLISH', events, [
    'X-WR-CALNAME:MentorBridge',
    'X-WR-CALDESC:Your MentorBridge workshops\\, sessions and interviews',
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ]);
}
