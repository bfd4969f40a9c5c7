import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { JOIN_EARLY_MINUTES, type RegistrationStatus, type WorkshopDto, type WorkshopPhase } from '@app/shared/workshops';
import type { Db } from '../../db/client.ts';
import { professionalProfiles, users } from '../../db/schema/users.ts';
import { workshopRegistrations, workshops } from '../../db/schema/workshops.ts';
import { avatarUrl, fullName } from '../users/index.ts';
import { isoOf } from '../../lib/dto.ts';
import { personColumns } from '../../db/columns.ts';

export type WorkshopRow = typeof workshops.$inferSelect;

/** The instructing professional's columns a workshop is presented with (null for a manual instructor). */
export interface WorkshopInstructorRow {
  id: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  bio: string | null;
  profileImageKey: string | null;
  title: string | null;
  company: string | null;
  expertise: string | null;
}

export interface WorkshopWithInstructor {
  workshop: WorkshopRow;
  instructor: WorkshopInstructorRow | null;
}

/** Select workshops with their instructor: `selectWorkshops(db).where(...)`. */
/** Workshops with their instructor's public profile; `extra` adds columns (the list's match count). */
export function selectWorkshops<Extra extends SelectedFields = Record<never, never>>(db: Db, extra?: Extra) {
  return db
    .select({
      workshop: workshops,
      instructor: {
        ...personColumns,
        bio: users.bio,
        profileImageKey: users.profileImageKey,
        title: professionalProfiles.title,
        company: professionalProfiles.company,
        expertise: professionalProfiles.expertise,
      },
      ...(extra as Extra),
    })
    .from(workshops)
    .leftJoin(users, eq(users.id, workshops.professionalId))
    .leftJoin(professionalProfiles, eq(professionalProfiles.userId, workshops.professionalId));
}

export async function findWorkshop(db: Db, id: string, extra?: SQL): Promise<WorkshopWithInstructor | undefined> {
  const [row] = await selectWorkshops(db).where(extra ? and(eq(workshops.id, id), extra) : eq(workshops.id, id));
  return row;
}

export interface WorkshopView {
  /** A signed-in caller sees contact e-mails; anonymous visitors do not. */
  signedIn: boolean;
  /** The caller's registration status for this workshop, when they have one. */
  registrationStatus?: RegistrationStatus | null;
  /** Managers (admins, the instructor) always see the meeting link. */
  manager?: boolean;
  now?: Date;
}

/** Where a workshop is in its life (decision 401): live is derived from the time, never stored. */
export function workshopPhase(w: { status: WorkshopDto['status']; startsAt: Date; endsAt: Date }, now: Date): WorkshopPhase {
  if (w.status !== 'published') return w.status;
  if (now.getTime() < w.startsAt.getTime()) return 'upcoming';
  return now.getTime() < w.endsAt.getTime() ? 'live' : 'ended';
}

/** When a registrant may join online: JOIN_EARLY_MINUTES before the start until the end (decision 710). */
export function joinWindow(w: { startsAt: Date; endsAt: Date }): { opensAt: Date; closesAt: Date } {
  return { opensAt: new Date(w.startsAt.getTime() - JOIN_EARLY_MINUTES * 60_000), closesAt: w.endsAt };
}

/** The one shape a workshop leaves the server in (students, public page, admin and professional views). */
export function toWorkshopDto(row: WorkshopWithInstructor, view: WorkshopView): WorkshopDto {
  const w = row.workshop;
  const now = view.now ?? new Date();
  const status = view.registrationStatus ?? null;
  const isRegistered = status === 'registered' || status === 'attended';
  const join = joinWindow(w);
  const joinOpen = w.status === 'published' && now.getTime() >= join.opensAt.getTime() && now.getTime() < join.closesAt.getTime();
  // A registrant gets the link only inside the join window (decision 710); managers always see it.
  const revealLink = Boolean(view.manager) || (isRegistered && joinOpen);
  const hasOnline = w.deliveryMode === 'online' || w.deliveryMode === 'hybrid';
  const hasVenue = w.deliveryMode === 'offline' || w.deliveryMode === 'hybrid';
  const i = row.instructor?.id ? row.instructor : null;
  const manual = w.manualInstructor ?? null;
  const instructor: WorkshopDto['instructor'] = i
    ? {
        _id: i.id,
        name: fullName({ firstName: i.firstName ?? '', lastName: i.lastName ?? '' }),
        email: view.signedIn ? i.email : null,
        title: i.title || null,
        company: i.company || null,
        expertise: i.expertise || null,
        bio: i.bio,
        profileImageUrl: avatarUrl(i.profileImageKey),
      }
    : manual
      ? {
          _id: null,
          name: manual.name,
          email: view.signedIn ? manual.email : null,
          title: manual.title || null,
          company: manual.company || null,
          expertise: manual.expertise || null,
          bio: manual.bio || null,
          profileImageUrl: null,
        }
      : null;
  const remaining = Math.max(0, w.maxParticipants - w.registeredCount);
  return {
    _id: w.id,
    id: w.id,
    title: w.title,
    description: w.description,
    category: w.category,
    difficulty: w.difficulty,
    level: w.difficulty,
    deliveryMode: w.deliveryMode,
    status: w.status,
    professionalId: w.professionalId,
    organisationId: w.organisationId ?? null,
    awaitingInstructor: Boolean(w.organisationId && w.professionalId && !w.instructorAcceptedAt),
    instructor,
    manualInstructor: manual ? { ...manual, email: view.signedIn ? manual.email : null } : null,
    schedule: {
      date: w.date,
      startTime: w.startTime,
      endTime: w.endTime,
      timezone: w.timezone,
      startsAt: isoOf(w.startsAt),
      endsAt: isoOf(w.endsAt),
    },
    capacity: { maxParticipants: w.maxParticipants, currentParticipants: w.registeredCount },
    registeredCount: w.registeredCount,
    spotsRemaining: remaining,
    isFull: remaining === 0,
    isUpcoming: w.status === 'published' && w.startsAt.getTime() > now.getTime(),
    phase: workshopPhase(w, now),
    joinOpensAt: isoOf(join.opensAt),
    joinOpen,
    banner: { color: w.bannerColor, icon: w.bannerIcon, imageUrl: w.bannerImageKey ? `/api/uploads/${w.bannerImageKey}` : null },
    meetingDetails: hasOnline
      ? { platform: w.meetingPlatform, meetingId: revealLink ? meetingIdOf(w.meetingLink, w.meetingId) : null, link: revealLink ? w.meetingLink : null }
      : null,
    location: hasVenue ? { venue: w.venue, address: w.address, city: w.city, state: w.state } : null,
    prerequisites: w.prerequisites,
    learningOutcomes: w.learningOutcomes,
    materials: w.materials,
    tags: w.tags,
    isRecurring: w.isRecurring,
    recurringPattern: w.isRecurring ? { frequency: w.recurringFrequency, endDate: w.recurringEndDate } : null,
    isRegistered,
    registrationStatus: status,
    createdAt: isoOf(w.createdAt),
    updatedAt: isoOf(w.updatedAt),
  };
}

/** The student's registration statuses for the given workshops (one query). */
export async function registrationStatuses(db: Db, studentId: string, workshopIds: string[]): Promise<Map<string, RegistrationStatus>> {
  if (workshopIds.length === 0) return new Map();
  const rows = await db
    .select({ workshopId: workshopRegistrations.workshopId, status: workshopRegistrations.status })
    .from(workshopRegistrations)
    .where(and(eq(workshopRegistrations.studentId, studentId), inArray(workshopRegistrations.workshopId, workshopIds)));
  return new Map(rows.map((r) => [r.workshopId, r.status]));
}

/**
 * The meeting ID people are shown is the room the link opens (its last path segment), so the two can
 * never disagree; a stored ID is used only when there is no link to read it from.
 */
export function meetingIdOf(link: string | null, stored: string | null): string | null {
  if (link) {
    try {
      const room = new URL(link).pathname.split('/').filter(Boolean).at(-1);
      if (room) return decodeURIComponent(room);
    } catch {
      // not a URL: fall through to the stored id
    }
  }
  return stored || null;
}
