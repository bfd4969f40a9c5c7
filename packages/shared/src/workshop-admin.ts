import { z } from 'zod';
import { objectId, pagination, paginationQuery } from './api.ts';
import { EMAIL_PATTERN, LIMITS, optionalHttpsUrl, requiredText, text, textList } from './text.ts';
import {
  DEFAULT_WORKSHOP_TIMEZONE,
  DELIVERY_MODES,
  REGISTRATION_STATUSES,
  WORKSHOP_CATEGORIES,
  WORKSHOP_DIFFICULTIES,
  WORKSHOP_MAX_PARTICIPANTS,
  workshopDto,
} from './workshops.ts';

/** Messages of the workshop management flows (spec 001 §5, §8). */
export const WORKSHOP_FORM_MESSAGES = {
  title: 'Title is required',
  description: 'Description is required',
  category: 'Please select a category',
  difficulty: 'Please select a difficulty',
  deliveryMode: 'Please select a delivery mode',
  date: 'Date is required',
  startTime: 'Start time is required',
  endTime: 'End time is required',
  maxParticipants: 'Max participants must be between 1 and 1000',
  endAfterStart: 'End time must be after start time',
  timezone: 'Please select a valid timezone',
  instructor: 'Please select an instructor or enter a manual instructor',
  instructorInvalid: 'Please select a valid instructor',
  manualName: 'Instructor name is required',
  manualEmail: 'Please enter a valid instructor email',
  manualTitle: 'Instructor title is required',
  belowRegistrations: 'Max participants cannot be lower than the current number of registrations',
  imageType: 'Please select a valid image file',
  imageSize: 'Image size should be less than 5MB',
  noProfessionals: 'No professionals available. Consider creating a manual instructor.',
  noRegistrations: 'No registrations yet',
  attendanceTooEarly: 'Attendance can be marked once the workshop has started',
  registrationCancelled: 'A cancelled registration cannot be marked',
  completeTooEarly: 'A workshop can be completed once it has started',
  completeNotPublished: 'Only a published workshop can be completed',
  cancelCompleted: 'A completed workshop cannot be cancelled',
  alreadyCancelled: 'This workshop is already cancelled',
  attendanceCancelledWorkshop: 'Attendance cannot be marked for a cancelled workshop',
  noOneToMark: 'There are no registrations to mark',
  finished: 'A completed or cancelled workshop cannot be edited',
  keepHistory: 'A completed or cancelled workshop with registrations is kept as history and cannot be deleted',
} as const;

export const BANNER_MAX_BYTES = 5 * 1024 * 1024;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Is this a real IANA zone? (Intl knows them on both sides.) */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const manualInstructorBody = z.object({
  name: requiredText('Instructor name', LIMITS.name, WORKSHOP_FORM_MESSAGES.manualName),
  email: z
    .string({ error: WORKSHOP_FORM_MESSAGES.manualEmail })
    .trim()
    .toLowerCase()
    .max(LIMITS.email)
    .regex(EMAIL_PATTERN, WORKSHOP_FORM_MESSAGES.manualEmail),
  title: requiredText('Instructor title', LIMITS.title, WORKSHOP_FORM_MESSAGES.manualTitle),
  company: text('Instructor company', LIMITS.title).optional(),
  expertise: text('Instructor expertise', LIMITS.name).optional(),
  bio: text('Instructor bio', LIMITS.long).optional(),
});
export type ManualInstructorBody = z.infer<typeof manualInstructorBody>;

/** The fields of the workshop form (shared by the admin and the professional). */
/** A date that exists: 2030-02-30 does not (Date.parse would roll it over into March and the database refuses it). */
export function isCalendarDate(v: string): boolean {
  const ms = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v;
}

export const workshopFields = z.object({
  title: requiredText('Title', LIMITS.title, WORKSHOP_FORM_MESSAGES.title),
  description: requiredText('Description', LIMITS.long, WORKSHOP_FORM_MESSAGES.description),
  category: z.enum(WORKSHOP_CATEGORIES, { error: WORKSHOP_FORM_MESSAGES.category }),
  difficulty: z.enum(WORKSHOP_DIFFICULTIES, { error: WORKSHOP_FORM_MESSAGES.difficulty }).default('Beginner'),
  deliveryMode: z.enum(DELIVERY_MODES, { error: WORKSHOP_FORM_MESSAGES.deliveryMode }).default('online'),
  /** An ISO date; a full ISO date-time is accepted and cut to its date. */
  date: z
    .string({ error: WORKSHOP_FORM_MESSAGES.date })
    .trim()
    .transform((v) => v.slice(0, 10))
    .refine((v) => DATE.test(v) && isCalendarDate(v), WORKSHOP_FORM_MESSAGES.date),
  startTime: z.string({ error: WORKSHOP_FORM_MESSAGES.startTime }).trim().regex(TIME, WORKSHOP_FORM_MESSAGES.startTime),
  endTime: z.string({ error: WORKSHOP_FORM_MESSAGES.endTime }).trim().regex(TIME, WORKSHOP_FORM_MESSAGES.endTime),
  timezone: z.string().trim().max(64).refine(isTimeZone, WORKSHOP_FORM_MESSAGES.timezone).default(DEFAULT_WORKSHOP_TIMEZONE),
  maxParticipants: z.coerce
    .number({ error: WORKSHOP_FORM_MESSAGES.maxParticipants })
    .int(WORKSHOP_FORM_MESSAGES.maxParticipants)
    .min(1, WORKSHOP_FORM_MESSAGES.maxParticipants)
    .max(WORKSHOP_MAX_PARTICIPANTS, WORKSHOP_FORM_MESSAGES.maxParticipants),
  tags: textList('Tags').default([]),
  prerequisites: textList('Prerequisites', LIMITS.listSize, LIMITS.title).default([]),
  learningOutcomes: textList('Learning outcomes', LIMITS.listSize, LIMITS.title).default([]),
  meetingLink: optionalHttpsUrl('Meeting link'),
  venue: text('Venue', LIMITS.title).optional(),
  address: text('Address', LIMITS.title).optional(),
  city: text('City', LIMITS.name).optional(),
  state: text('State', LIMITS.name).optional(),
  status: z.enum(['draft', 'published']).default('draft'),
  /** Admin only: an existing professional, or a manual instructor. Ignored for a professional's own workshops. */
  professionalId: objectId.nullable().optional(),
  manualInstructor: manualInstructorBody.nullable().optional(),
});

const endAfterStart = (v: { startTime: string; endTime: string }) => v.endTime > v.startTime;

/** A professional's own workshop (they are the instructor). */
export const myWorkshopBody = workshopFields.refine(endAfterStart, {
  message: WORKSHOP_FORM_MESSAGES.endAfterStart,
  path: ['endTime'],
});
export type MyWorkshopBody = z.infer<typeof myWorkshopBody>;

/** An admin's workshop: exactly one instructor, a professional or a manual one. */
export const adminWorkshopBody = workshopFields
  .refine(endAfterStart, { message: WORKSHOP_FORM_MESSAGES.endAfterStart, path: ['endTime'] })
  .refine((v) => Boolean(v.professionalId) || Boolean(v.manualInstructor), {
    message: WORKSHOP_FORM_MESSAGES.instructor,
    path: ['professionalId'],
  });
export type AdminWorkshopBody = z.infer<typeof adminWorkshopBody>;
export type WorkshopFieldsInput = z.input<typeof workshopFields>;

const READ_SHAPE_KEYS = ['schedule', 'capacity', 'professional', 'location', 'meetingDetails', 'level'] as const;

/**
 * A client writes back what it reads (spec 001 §3): `schedule {date, startTime, endTime, timezone}`,
 * `capacity {maxParticipants}`, the instructor as `professional` (an id, or an object with `_id`/`id`),
 * `location {venue, address, city, state}`, `meetingDetails {link}` and `level` are accepted beside the
 * flat form fields. A flat field given explicitly wins over its nested twin. Read-only parts of the read
 * shape (counts, banner, ids, timestamps) are ignored like any unknown key. Returns the flat input, or
 * the problems when a nested part is not an object.
 */
export function flattenWorkshopInput(raw: Record<string, unknown>): { input: Record<string, unknown>; errors: string[] } {
  const out: Record<string, unknown> = { ...raw };
  const errors: string[] = [];
  const nested = (key: string): Record<string, unknown> | undefined => {
    const v = raw[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'object' || Array.isArray(v)) {
      errors.push(`${key} must be an object`);
      return undefined;
    }
    return v as Record<string, unknown>;
  };
  const take = (from: Record<string, unknown> | undefined, pairs: [string, string][]) => {
    if (!from) return;
    for (const [src, dst] of pairs) if (raw[dst] === undefined && from[src] !== undefined && from[src] !== null) out[dst] = from[src];
  };
  take(nested('schedule'), [['date', 'date'], ['startTime', 'startTime'], ['endTime', 'endTime'], ['timezone', 'timezone']]);
  take(nested('capacity'), [['maxParticipants', 'maxParticipants']]);
  take(nested('location'), [['venue', 'venue'], ['address', 'address'], ['city', 'city'], ['state', 'state']]);
  take(nested('meetingDetails'), [['link', 'meetingLink']]);
  if (raw.difficulty === undefined && raw.level !== undefined) out.difficulty = raw.level;
  if (raw.professionalId === undefined && raw.professional !== undefined) {
    const p = raw.professional;
    if (p === null || typeof p === 'string') out.professionalId = p;
    else if (typeof p === 'object' && !Array.isArray(p)) {
      const ref = p as Record<string, unknown>;
      out.professionalId = ref._id ?? ref.id ?? null;
    } else errors.push('professional must be an id or an object with _id');
  }
  for (const key of READ_SHAPE_KEYS) delete out[key];
  return { input: out, errors };
}

/**
 * PUT body: any subset of the form's fields (only `status` publishes/unpublishes). The server merges it
 * with the stored workshop and validates the result with the full schema.
 */
export const workshopPatchBody = z.record(z.string(), z.unknown());

export const adminWorkshopListQuery = paginationQuery.extend({
  search: text('Search', LIMITS.title).optional(),
  category: text('Category', LIMITS.name).optional(),
  status: z.enum(['draft', 'published', 'completed', 'cancelled']).optional(),
});
export type AdminWorkshopListQuery = z.infer<typeof adminWorkshopListQuery>;

export const manageWorkshopListData = z.object({ workshops: z.array(workshopDto), pagination });
export const manageWorkshopData = z.object({ workshop: workshopDto });

export const workshopRegistrationRow = z.object({
  _id: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  registeredAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** The student checked in with the workshop's code while it was live. */
  checkedInAt: z.string().nullable(),
  certificateId: z.string().nullable(),
  student: z.object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    email: z.string(),
    university: z.string().nullable(),
  }),
});
export type WorkshopRegistrationRow = z.infer<typeof workshopRegistrationRow>;
export const workshopRegistrationsData = z.object({ registrations: z.array(workshopRegistrationRow) });

export const attendanceBody = z.object({
  status: z.enum(['registered', 'attended', 'absent'], { error: 'Please choose attended or absent' }),
});
/** Mark every registration (or the listed ones) attended or absent at once. */
export const bulkAttendanceBody = z.object({
  status: z.enum(['attended', 'absent'], { error: 'Please choose attended or absent' }),
  registrationIds: z.array(z.string().max(24)).max(1000).optional(),
});
export const bulkAttendanceData = z.object({ updated: z.number().int(), registrations: z.array(workshopRegistrationRow) });
export const checkInCodeData = z.object({ code: z.string(), opensAt: z.string(), closesAt: z.string() });
export const lifecycleActionData = z.object({ workshop: workshopDto, certificatesIssued: z.number().int(), notified: z.number().int() });
export const registrationIdParams = z.object({ id: z.string(), registrationId: z.string() });
export const attendanceData = z.object({ registration: workshopRegistrationRow });

export const instructorOption = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  title: z.string(),
  expertise: z.string(),
});
export type InstructorOption = z.infer<typeof instructorOption>;
export const instructorOptionsData = z.object({ professionals: z.array(instructorOption) });

export const WORKSHOP_ADMIN_MESSAGES = {
  created: 'Workshop created successfully!',
  updated: 'Workshop updated successfully!',
  deleted: 'Workshop deleted successfully!',
  published: 'Workshop published successfully!',
  unpublished: 'Workshop unpublished successfully!',
  banner: 'Banner updated successfully!',
  attendance: 'Attendance updated',
  completed: 'Workshop completed. Certificates were issued to every attended student.',
  cancelled: 'Workshop cancelled. Registered students have been told.',
  cancelledInsteadOfDeleted: 'The workshop has registrations, so it was cancelled (and its registrants told) rather than deleted.',
} as const;

/**
 * A university's own submissions (decision 632): while awaiting approval it may edit or withdraw them; once
 * an administrator has published one, changes go through the administrator. An administrator may reject a
 * submission with a reason the university is told.
 */
export const UNIVERSITY_WORKSHOP_MESSAGES = {
  updated: 'Submission updated. It is still awaiting approval.',
  withdrawn: 'Submission withdrawn.',
  notAwaitingApproval: 'This workshop has already been approved. Ask an administrator to change or cancel it.',
  rejected: 'Submission rejected. The university has been told why.',
  onlySubmissions: 'Only a university submission awaiting approval can be rejected.',
  reasonRequired: 'Please tell the university why (at least 10 characters).',
  // Issue 28 (decision 733): the instructor a university names must accept.
  instructorNotAccepted: 'The instructor has not accepted this workshop yet.',
  notAwaitingInstructor: 'This workshop is not waiting for your answer.',
  assignmentAccepted: 'You are the instructor of this workshop.',
  assignmentDeclined: 'You declined this workshop. The university has been told.',
} as const;
export const instructorAssignmentBody = z.object({ decision: z.enum(['accept', 'decline'], { message: 'Decision must be accept or decline' }) }).strict();
export type InstructorAssignmentBody = z.infer<typeof instructorAssignmentBody>;
export const workshopRejectBody = z
  .object({
    reason: requiredText('Reason', 1000, UNIVERSITY_WORKSHOP_MESSAGES.reasonRequired).refine(
      (v) => v.length >= 10,
      UNIVERSITY_WORKSHOP_MESSAGES.reasonRequired,
    ),
  })
  .strict();
export type WorkshopRejectBody = z.infer<typeof workshopRejectBody>;
