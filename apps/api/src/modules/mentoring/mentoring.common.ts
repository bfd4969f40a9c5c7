import { and, eq, inArray } from 'drizzle-orm';
import { MENTORING_MESSAGES, SESSION_MAX_MINUTES } from '@app/shared/mentoring';
import type { Db } from '../../db/client.ts';
import { connectionRequests } from '../../db/schema/mentoring.ts';
import { professionalProfiles, studentProfiles, users } from '../../db/schema/users.ts';
import { badRequest } from '../../lib/errors.ts';
import { localInstant } from '../../lib/local-time.ts';
import { fullName } from '../users/index.ts';
import { personColumns } from '../../db/columns.ts';

export interface Instants {
  start: Date;
  end: Date;
  timezone: string;
}

/** A wall-clock date and times in a zone → UTC instants (luxon; never hand-rolled offsets). */
export function scheduleInstants(date: string, startTime: string, endTime: string, timezone: string): Instants {
  const invalid = 'Please enter a valid date and time';
  const start = localInstant(date, startTime, timezone, invalid);
  const end = localInstant(date, endTime, timezone, invalid);
  return { start: start.toJSDate(), end: end.toJSDate(), timezone };
}

/** Checks every scheduled interval must pass: end after start, in the future, at most 8 hours. */
export function assertSchedulable(i: Instants, now = new Date(), pastMessage: string = MENTORING_MESSAGES.sessionInPast) {
  if (!(i.end.getTime() > i.start.getTime())) throw badRequest(MENTORING_MESSAGES.endAfterStart);
  if (i.start.getTime() <= now.getTime()) throw badRequest(pastMessage);
  if (i.end.getTime() - i.start.getTime() > SESSION_MAX_MINUTES * 60_000) throw badRequest(MENTORING_MESSAGES.sessionTooLong);
}

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export interface PersonRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  university: string | null;
  course: string | null;
  department: string | null;
  year: number | null;
  cgpa: number | null;
  title: string | null;
  company: string | null;
  isActive: boolean;
  /** The person's own IANA zone, when set (decision 702). */
  timezone: string | null;
  /** A professional's notice in hours (null for anyone else). */
  noticeHours: number | null;
}

/** Users with whichever profile they have, by id. */
export async function loadPeople(db: Db, ids: string[]): Promise<Map<string, PersonRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      ...personColumns,
      isActive: users.isActive,
      university: studentProfiles.university,
      course: studentProfiles.course,
      department: studentProfiles.department,
      year: studentProfiles.year,
      cgpa: studentProfiles.cgpa,
      title: professionalProfiles.title,
      company: professionalProfiles.company,
      timezone: users.timezone,
      noticeHours: professionalProfiles.noticeHours,
    })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .leftJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The accepted connection request between a professional and a student: its id, or undefined when they are not connected. */
export async function acceptedConnectionId(db: Db, professionalId: string, studentId: string): Promise<string | undefined> {
  const [link] = await db
    .select({ id: connectionRequests.id })
    .from(connectionRequests)
    .where(
      and(
        eq(connectionRequests.professionalId, professionalId),
        eq(connectionRequests.studentId, studentId),
        eq(connectionRequests.status, 'accepted'),
      ),
    )
    .limit(1);
  return link?.id;
}

export const nameOf = (p: { firstName: string; lastName: string } | undefined) => (p ? fullName(p) : 'Former user');

/** The professional a student may contact: active, verified, a professional. */
export async function findListedProfessional(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      acceptingRequests: professionalProfiles.acceptingRequests,
    })
    .from(users)
    .innerJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'professional'), eq(users.isActive, true), eq(users.isVerified, true)));
  return row;
}

