import { z } from 'zod';
import { pagination, paginationQuery } from './api.ts';
import { LIMITS, text } from './text.ts';
import { DELIVERY_MODES, MATERIAL_TYPES, REGISTRATION_STATUSES, WORKSHOP_MESSAGES, WORKSHOP_PHASES, WORKSHOP_STATUSES } from './workshop-constants.ts';

export * from './workshop-constants.ts';

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
