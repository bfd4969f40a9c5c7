import { z } from 'zod';
import { pagination, paginationQuery } from './api.ts';
import { LIMITS, text } from './text.ts';

/** Workshop form choices (spec 001 §5 "Workshop form"). */
export const WORKSHOP_CATEGORIES = ['Technology', 'Design', 'Business', 'Data Science', 'Engineering', 'Healthcare', 'Education'] as const;
export const WORKSHOP_DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export const DELIVERY_MODES = ['online', 'offline', 'hybrid'] as const;
export const WORKSHOP_STATUSES = ['draft', 'published', 'completed', 'cancelled'] as const;
export const BANNER_ICONS = ['BookOpen', 'Code', 'Beaker', 'Lightbulb', 'Users', 'Award'] as const;
export const MATERIAL_TYPES = ['pdf', 'video', 'link', 'presentation'] as const;
/**
 * Where a workshop is in its life (docs/decisions/401): draft → upcoming (published) → live (from start
 * to end) → completed, or cancelled. `ended` is a published workshop past its end that the completion
 * job has not reached yet (at most a minute). Derived from status and time; only status is stored.
 */
export const WORKSHOP_PHASES = ['draft', 'upcoming', 'live', 'ended', 'completed', 'cancelled'] as const;
export type WorkshopPhase = (typeof WORKSHOP_PHASES)[number];
export const WORKSHOP_PHASE_LABELS: Record<WorkshopPhase, string> = {
  draft: 'Draft',
  upcoming: 'Upcoming',
  live: 'Live now',
  ended: 'Ended',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
/** A student may check in with the workshop's code from this long before its start until its end. */
export const CHECK_IN_EARLY_MINUTES = 15;
/**
 * A registrant's meeting link (and the Join button) opens this long before the start and closes at
 * the end (decision 710): the API leaves the link out of a workshop outside that window.
 */
export const JOIN_EARLY_MINUTES = 15;
export const REGISTRATION_STATUSES = ['registered', 'attended', 'cancelled', 'absent'] as const;
export const DEFAULT_WORKSHOP_TIMEZONE = 'Asia/Kolkata';
export const WORKSHOP_MAX_PARTICIPANTS = 1000;

export type WorkshopStatus = (typeof WORKSHOP_STATUSES)[number];
export type DeliveryMode = (typeof DELIVERY_MODES)[number];
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** User-facing messages of the student workshop flows (server answers and client toasts). */
export const WORKSHOP_MESSAGES = {
  registered: 'Successfully registered for workshop!',
  registerFailed: 'Failed to register for workshop. Please try again.',
  alreadyRegistered: 'You are already registered for this workshop',
  full: 'This workshop is full',
  completed: 'This workshop has already been completed',
  notOpen: 'This workshop is not open for registration',
  started: 'This workshop has already started',
  cancelledReg: 'Your registration has been cancelled',
  cancelStarted: 'A workshop that has already started cannot be cancelled',
  notRegistered: 'You are not registered for this workshop',
  certificateUnavailable: 'A certificate is available only for a completed workshop you attended',
  noRegistrations: 'No registered workshops yet',
  checkedIn: 'You are checked in. Your attendance is recorded.',
  checkInCode: 'Please enter the check-in code your instructor shows',
  checkInWrong: 'That check-in code is not right for this workshop',
  checkInClosed: 'Check-in is open only while the workshop is live',
  /** Why Register is not offered (shown beside the card's state, never a silently disabled button). */
  closedLive: 'Registration is closed: this workshop has already started.',
  closedEnded: 'Registration is closed: this workshop has ended.',
  closedFull: 'Registration is closed: every seat is taken.',
  joinOpens: `The Join link opens ${JOIN_EARLY_MINUTES} minutes before the start.`,
} as const;

/** Display label: a published workshop is shown as upcoming (spec 000 §4). */
export function workshopStatusLabel(status: WorkshopStatus): string {
  return status === 'published' ? 'upcoming' : status;
}

export const workshopInstructor = z.object({
  /** The professional's user id; null for a manually entered instructor. */
  _id: z.string().nullable(),
  name: z.string(),
  /** Only for signed-in callers. */
  email: z.string().nullable(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  expertise: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type WorkshopInstructor = z.infer<typeof workshopInstructor>;

export const workshopMaterial = z.object({
  title: z.string(),
  type: z.enum(MATERIAL_TYPES),
  description: z.string().optional(),
  url: z.string(),
});

export const workshopDto = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  difficulty: z.string(),
  /** Same as difficulty (the spec reads either). */
  level: z.string(),
  deliveryMode: z.enum(DELIVERY_MODES),
  status: z.enum(WORKSHOP_STATUSES),
  /** The professional who instructs it (null for a manual instructor). */
  professionalId: z.string().nullable(),
  instructor: workshopInstructor.nullable(),
  manualInstructor: z
    .object({
      name: z.string(),
      email: z.string().nullable(),
      title: z.string(),
      company: z.string().optional(),
      expertise: z.string().optional(),
      bio: z.string().optional(),
    })
    .nullable(),
  schedule: z.object({
    /** Local date and times as entered, in `timezone`. */
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    timezone: z.string(),
    /** UTC instants. */
    startsAt: z.string(),
    endsAt: z.string(),
  }),
  capacity: z.object({
    maxParticipants: z.number().int(),
    currentParticipants: z.number().int(),
  }),
  registeredCount: z.number().int(),
  spotsRemaining: z.number().int(),
  isFull: z.boolean(),
  /** Published and not started yet: registration possible (when not full). */
  isUpcoming: z.boolean(),
  phase: z.enum(WORKSHOP_PHASES),
  /** From when a registrant can join online (JOIN_EARLY_MINUTES before the start) until the end. */
  joinOpensAt: z.string(),
  /** True while the join window is open (the link is in `meetingDetails` only then, for registrants). */
  joinOpen: z.boolean(),
  banner: z.object({ color: z.string().nullable(), icon: z.string().nullable(), imageUrl: z.string().nullable() }),
  /** `link` is null unless the caller manages the workshop, or is registered and the join window is open. */
  meetingDetails: z.object({ platform: z.string().nullable(), meetingId: z.string().nullable(), link: z.string().nullable() }).nullable(),
  location: z
    .object({ venue: z.string().nullable(), address: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable() })
    .nullable(),
  prerequisites: z.array(z.string()),
  learningOutcomes: z.array(z.string()),
  materials: z.array(workshopMaterial),
  tags: z.array(z.string()),
  isRecurring: z.boolean(),
  recurringPattern: z.object({ frequency: z.string().nullable(), endDate: z.string().nullable() }).nullable(),
  /** For a signed-in student: registered (status registered or attended) and the registration's status. */
  isRegistered: z.boolean(),
  /** A university-only workshop (decision 488): the university whose affiliated students alone see it. */
  organisationId: z.string().nullable().optional(),
  organisationName: z.string().nullable().optional(),
  /** Issue 28: a university's workshop whose named instructor has not accepted yet (managers see it). */
  awaitingInstructor: z.boolean().optional(),
  registrationStatus: z.enum(REGISTRATION_STATUSES).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkshopDto = z.infer<typeof workshopDto>;

export const workshopListQuery = paginationQuery.extend({
  search: text('Search', LIMITS.title).optional(),
  category: text('Category', LIMITS.name).optional(),
});
export type WorkshopListQuery = z.infer<typeof workshopListQuery>;

export const workshopListData = z.object({ workshops: z.array(workshopDto), pagination });
export const workshopData = z.object({ workshop: workshopDto });

/** One of the student's registrations (GET /workshops/registered). */
export const workshopRegistrationDto = z.object({
  _id: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  registeredAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** Set when a certificate can be downloaded (completed and attended). */
  certificateAvailable: z.boolean(),
  /** The certificate's public verification id, once issued (page /certificates/{id}). */
  certificateId: z.string().nullable(),
  workshop: workshopDto,
});
export type WorkshopRegistrationDto = z.infer<typeof workshopRegistrationDto>;
export const registeredWorkshopsData = z.object({ registrations: z.array(workshopRegistrationDto), workshops: z.array(workshopDto) });

export const registerData = z.object({ workshop: workshopDto, registration: workshopRegistrationDto.omit({ workshop: true }) });

export const certificateVerification = z.object({
  verificationId: z.string(),
  valid: z.literal(true),
  studentName: z.string(),
  workshopTitle: z.string(),
  workshopDate: z.string(),
  instructorName: z.string().nullable(),
  issuedFor: z.string(),
  /** When the certificate was issued (the workshop's completion or a later attendance mark). */
  issuedAt: z.string().nullable(),
  issuer: z.string(),
});
export const certificateData = z.object({ certificate: certificateVerification });
/** POST /workshops/{id}/certificate: the student's certificate id (issued on first ask), for its page. */
export const certificateIdData = z.object({ certificate: z.object({ verificationId: z.string() }) });

export const checkInBody = z.object({
  code: z
    .string({ error: WORKSHOP_MESSAGES.checkInCode })
    .trim()
    .min(1, WORKSHOP_MESSAGES.checkInCode)
    .max(16, WORKSHOP_MESSAGES.checkInWrong),
});
export const checkInData = z.object({ registration: z.object({ _id: z.string(), status: z.enum(REGISTRATION_STATUSES), checkedInAt: z.string() }) });
