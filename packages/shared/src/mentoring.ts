import { z } from 'zod';
import { LIMITS, isCleanText, text } from './text.ts';
import { TIME_ZONE_MESSAGE, isTimeZone } from './time-zones.ts';

export { isTimeZone };

/**
 * Mentoring (issue 4): connection requests, availability, sessions, conversations and the
 * professional dashboard. Request and response contracts shared by the API and the web app.
 */

/** Timezones offered by the rule form and the respond dialog (spec 002 §2 and §5, union of both lists). */
export const MENTORING_TIMEZONES = [
  'Asia/Kolkata',
  'UTC',
  'America/New_York',
  'Europe/London',
  'Asia/Tokyo',
  'Asia/Singapore',
] as const;
export type MentoringTimezone = (typeof MENTORING_TIMEZONES)[number];
export const DEFAULT_TIMEZONE: MentoringTimezone = 'Asia/Kolkata';

/** Notice a professional asks before a session (hours), unless they set another (decision 700). */
export const DEFAULT_NOTICE_HOURS = 12;
export const MAX_NOTICE_HOURS = 168;

/** 00:00, 00:30 … 23:30 (spec 002 §9: time step 30 minutes). */
export const TIME_STEPS: readonly string[] = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const DEFAULT_RULE = { startTime: '09:00', endTime: '17:00', dayOfWeek: 1 } as const;
/** Longest availability range one call may ask for (a 42-day month grid fits). */
export const AVAILABILITY_MAX_DAYS = 62;
/** Slot length offered to students; a shorter free tail of at least the minimum is offered too. */
export const SLOT_MINUTES = 60;
export const SLOT_MIN_MINUTES = 30;
export const CALENDAR_GRID_DAYS = 42;
export const RULE_MESSAGE_CLEAR_MS = 5000;
export const REQUEST_REMIND_DAYS = 7;
export const REQUEST_EXPIRE_DAYS = 14;
export const ACTIVE_WINDOW_DAYS = 7;
export const SESSION_MAX_MINUTES = 8 * 60;

export const MENTORING_MESSAGES = {
  // Student side (spec 000 §8)
  connectSent: 'Connection request sent!',
  connectFailed: 'Failed to send connection request. Please try again.',
  fetchAvailabilityFailed: 'Failed to fetch availability',
  alreadyPending: 'You already have a pending connection request with this professional',
  notAccepting: 'This professional is not accepting connection requests right now',
  slotTaken: 'This slot has just been taken. Please choose another time.',
  slotOutside: "The requested time is outside this professional's availability. Please choose another time.",
  slotIncomplete: 'Please provide both a start and an end for the requested slot',
  slotInPast: 'The requested time has already passed. Please choose another time.',
  // Professional side (spec 002 §8)
  respondFailed: 'Failed to respond to connection request. Please try again.',
  accepted: 'Connection request accepted! Student has been added to your connected students.',
  declined: 'Connection request declined.',
  alreadyAnswered: 'This connection request has already been answered',
  scheduleIncomplete: 'Please provide a date, start time and end time to schedule a session',
  loadAvailabilityFailed: 'Failed to load availability',
  loadRulesFailed: 'Failed to load availability rules',
  saveRuleFailed: 'Failed to save rule',
  deleteFailed: 'Delete failed',
  deleteRuleFailed: 'Failed to delete rule',
  ruleCreated: 'Rule created successfully!',
  ruleUpdated: 'Rule updated successfully!',
  ruleDeleted: 'Rule deleted successfully!',
  deleteRuleConfirm: 'Delete this availability rule?',
  // Rule form (spec 002 §5; wording of the checks is ours where the spec shows none)
  ruleDateRequired: 'Please select a date for a one-time rule',
  ruleDatePast: 'The date cannot be in the past',
  ruleDayRequired: 'Please select a day of the week for a recurring rule',
  timeStep: 'Times must be in 30-minute steps from 00:00 to 23:30',
  endAfterStart: 'End time must be after start time',
  timezone: TIME_ZONE_MESSAGE,
  // Sessions
  doubleBooked: 'You already have a session at this time. Please choose another time.',
  notConnected: 'You can schedule sessions only with students whose connection request you accepted',
  sessionInPast: 'The session must start in the future',
  sessionTooLong: 'A session can last at most 8 hours',
  sessionNotScheduled: 'Only a scheduled session can be changed',
  sessionScheduled: 'Session scheduled successfully!',
  sessionRescheduled: 'Session rescheduled. The student has been notified.',
  sessionCancelled: 'Session cancelled. The student has been notified.',
  rated: 'Thank you for rating this session!',
  alreadyRated: 'You have already rated this session',
  rateNotEnded: 'You can rate a session after it has ended',
  rateCancelled: 'A cancelled session cannot be rated',
  rateNoShow: 'A session marked as a no-show cannot be rated',
  // The student's own changes (issue 29, decision 700)
  cancelledByStudent: 'Session cancelled. The professional has been notified.',
  rescheduledByStudent: 'Session rescheduled. The professional has been notified.',
  reasonRequired: 'Please give a reason',
  sameTime: 'Please choose a different time from the current one',
  requestWithdrawn: 'Request withdrawn. The professional has been told.',
  requestNotPending: 'Only a pending request can be withdrawn',
  noticeSaved: 'Notice period saved',
  notice: 'Notice must be a whole number of hours from 0 to 168',
  attendanceChoice: 'Please choose attended or no-show',
  attendanceTooEarly: 'Attendance can be marked once the session has started',
  attendanceCancelled: 'A cancelled session cannot be marked',
  attendanceMarked: 'Attendance recorded',
  rating: 'Rating must be a whole number from 1 to 5',
  // Conversations
  notInConversation: 'Conversation not found',
  messageRequired: 'Please write a message',
  // Images (spec 002 §5 and §8)
  imageType: 'Please select an image file (PNG, JPG, JPEG, WebP)',
  imageSize: 'File size must be less than 5MB',
  imageUpdated: 'Profile image updated successfully!',
  imageFailed: 'Upload failed',
} as const;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isValidDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Today's calendar date (YYYY-MM-DD) in an IANA zone, without a date library. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const dateString = z.string().trim().refine(isValidDate, 'Please enter a valid date (YYYY-MM-DD)');
const clockTime = z.string().trim().regex(TIME_PATTERN, 'Please enter a valid time (HH:MM)');
const stepTime = z.string().refine((v) => TIME_STEPS.includes(v), MENTORING_MESSAGES.timeStep);
const timezone = z.string({ error: MENTORING_MESSAGES.timezone }).trim().refine(isTimeZone, MENTORING_MESSAGES.timezone);
/** Any IANA zone (decision 702), for every schema that takes one. */
export const timeZoneSchema = timezone;
/** A field's time zone, the product's default when none is given (built from z, so the web build can drop it when unused: decision 950). */
const timezoneOrDefault = z.string({ error: MENTORING_MESSAGES.timezone }).trim().refine(isTimeZone, MENTORING_MESSAGES.timezone).default(DEFAULT_TIMEZONE);
const shortText = (label: string) => text(label, LIMITS.short);
const isoInstant = z.iso.datetime({ offset: true, error: 'Please enter a valid date and time' });

// ---------- Availability rules ----------

export const availabilityRuleBody = z
  .object({
    isRecurring: z.boolean({ error: 'isRecurring must be true or false' }),
    dayOfWeek: z
      .number()
      .int()
      .min(0, 'Day of week must be 0 (Sunday) to 6 (Saturday)')
      .max(6, 'Day of week must be 0 (Sunday) to 6 (Saturday)')
      .nullish(),
    date: z.union([z.literal(''), dateString]).nullish(),
    startTime: stepTime,
    endTime: stepTime,
    timezone: timezoneOrDefault,
    notes: shortText('Notes').nullish(),
    enabled: z.boolean().default(true),
  })
  .superRefine((rule, ctx) => {
    if (rule.isRecurring) {
      if (rule.dayOfWeek === undefined || rule.dayOfWeek === null) {
        ctx.addIssue({ code: 'custom', message: MENTORING_MESSAGES.ruleDayRequired, path: ['dayOfWeek'] });
      }
    } else if (!rule.date) {
      ctx.addIssue({ code: 'custom', message: MENTORING_MESSAGES.ruleDateRequired, path: ['date'] });
    } else if (rule.date < todayIn(rule.timezone)) {
      ctx.addIssue({ code: 'custom', message: MENTORING_MESSAGES.ruleDatePast, path: ['date'] });
    }
    if (
      TIME_STEPS.includes(rule.startTime) &&
      TIME_STEPS.includes(rule.endTime) &&
      minutes(rule.endTime) <= minutes(rule.startTime)
    ) {
      ctx.addIssue({ code: 'custom', message: MENTORING_MESSAGES.endAfterStart, path: ['endTime'] });
    }
  })
  .transform((rule) => ({
    isRecurring: rule.isRecurring,
    dayOfWeek: rule.isRecurring ? (rule.dayOfWeek ?? null) : null,
    date: rule.isRecurring ? null : rule.date || null,
    startTime: rule.startTime,
    endTime: rule.endTime,
    timezone: rule.timezone,
    notes: rule.notes || null,
    enabled: rule.enabled,
  }));
export type AvailabilityRuleBody = z.input<typeof availabilityRuleBody>;

export const availabilityRule = z.object({
  _id: z.string(),
  isRecurring: z.boolean(),
  dayOfWeek: z.number().int().nullable(),
  date: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  timezone: z.string(),
  notes: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AvailabilityRule = z.infer<typeof availabilityRule>;
export const rulesData = z.object({ rules: z.array(availabilityRule) });
/**
 * A saved rule, and the caller's other enabled rules it overlaps (empty when none): overlapping
 * hours are allowed (students see one combined window) but flagged, so that a typo is noticed.
 */
export const ruleData = z.object({ rule: availabilityRule, overlaps: z.array(availabilityRule) });

type RuleTimes = Pick<AvailabilityRule, 'isRecurring' | 'dayOfWeek' | 'date' | 'startTime' | 'endTime' | 'timezone'>;

/** The weekday (0 = Sunday) of a calendar date 'YYYY-MM-DD'. */
function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * Whether two rules offer the same hours on some day: same weekday (recurring), same date
 * (one-time), or a one-time date on a recurring rule's weekday, with intersecting times. Rules in
 * different timezones are not compared (their overlap moves with daylight saving).
 */
export function rulesOverlap(a: RuleTimes, b: RuleTimes): boolean {
  if (a.timezone !== b.timezone) return false;
  let sameDay: boolean;
  if (a.isRecurring && b.isRecurring) sameDay = a.dayOfWeek === b.dayOfWeek;
  else if (!a.isRecurring && !b.isRecurring) sameDay = Boolean(a.date) && a.date === b.date;
  else {
    const once = a.isRecurring ? b : a;
    const weekly = a.isRecurring ? a : b;
    sameDay = Boolean(once.date) && weekdayOf(once.date ?? '') === weekly.dayOfWeek;
  }
  return sameDay && minutes(a.startTime) < minutes(b.endTime) && minutes(b.startTime) < minutes(a.endTime);
}

export const availabilityQuery = z
  .object({
    from: dateString.optional(),
    to: dateString.optional(),
    timezone: timezoneOrDefault,
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to) {
      if (q.to < q.from) ctx.addIssue({ code: 'custom', message: '"to" must not be before "from"', path: ['to'] });
      const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 + 1;
      if (days > AVAILABILITY_MAX_DAYS) {
        ctx.addIssue({ code: 'custom', message: `The range can cover at most ${AVAILABILITY_MAX_DAYS} days`, path: ['to'] });
      }
    }
  });

export const availabilitySlot = z.object({
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** UTC instants of the slot (send these back when requesting it). */
  start: z.string(),
  end: z.string(),
  ruleId: z.string(),
  notes: z.string().nullable(),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlot>;
export const availabilityDay = z.object({ date: z.string(), slots: z.array(availabilitySlot) });
export type AvailabilityDay = z.infer<typeof availabilityDay>;
export const availabilityData = z.object({
  availability: z.array(availabilityDay),
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  /** False while the professional has paused new connection requests. */
  acceptingRequests: z.boolean(),
});

// ---------- Connection requests ----------

/** A requested slot: UTC instants (from the picker) or a wall-clock date and times in a zone. */
export const requestedSlot = z
  .object({
    start: isoInstant.optional(),
    end: isoInstant.optional(),
    date: dateString.optional(),
    startTime: clockTime.optional(),
    endTime: clockTime.optional(),
    timezone: timezone.optional(),
  })
  .superRefine((s, ctx) => {
    const instants = s.start !== undefined || s.end !== undefined;
    const wall = s.date !== undefined || s.startTime !== undefined || s.endTime !== undefined;
    if (instants ? !(s.start && s.end) : !(wall && s.date && s.startTime && s.endTime)) {
      ctx.addIssue({ code: 'custom', message: MENTORING_MESSAGES.slotIncomplete });
    }
  });
export type RequestedSlot = z.infer<typeof requestedSlot>;

export const connectBody = z.object({
  message: shortText('Message').optional(),
  slot: requestedSlot.nullish(),
});
export type ConnectBody = z.input<typeof connectBody>;

export const REQUEST_STATUSES = ['pending', 'accepted', 'rejected', 'expired', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const requestStudent = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  university: z.string().nullable(),
  department: z.string().nullable(),
  course: z.string().nullable(),
  year: z.number().nullable(),
  cgpa: z.number().nullable(),
});

export const slotOut = z.object({ start: z.string(), end: z.string(), timezone: z.string() });

/** What a request says and how it was answered, as both sides see it (after who it is with). */
const requestAnswerFields = {
  message: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  requestedAt: z.string(),
  requestedSlot: slotOut.nullable(),
  responseMessage: z.string().nullable(),
  respondedAt: z.string().nullable(),
  sessionId: z.string().nullable(),
  /**
   * The programme that made this connection (published pairs, a coordinator's rematch), else null: the
   * screens say "Matched in <name>" in the reader's language (decision 1261); the name is the organisers' text.
   */
  matchedIn: z.object({ programmeId: z.string(), name: z.string() }).nullable(),
};

export const connectionRequest = z.object({ _id: z.string(), student: requestStudent, ...requestAnswerFields });
export type ConnectionRequest = z.infer<typeof connectionRequest>;
export const requestsData = z.object({ requests: z.array(connectionRequest) });

/** A request as the student who sent it sees it ('cancelled' is shown as withdrawn). */
export const studentRequest = z.object({
  _id: z.string(),
  professional: z.object({ _id: z.string(), name: z.string(), title: z.string().nullable(), company: z.string().nullable() }),
  ...requestAnswerFields,
});
export type StudentRequest = z.infer<typeof studentRequest>;
export const studentRequestsData = z.object({ requests: z.array(studentRequest) });
export const studentRequestData = z.object({ request: studentRequest });

export const connectData = z.object({
  request: z.object({
    _id: z.string(),
    status: z.enum(REQUEST_STATUSES),
    requestedAt: z.string(),
    requestedSlot: slotOut.nullable(),
  }),
});

export const respondBody = z
  .object({
    status: z.enum(['accepted', 'rejected'], { error: 'Status must be accepted or rejected' }),
    message: shortText('Message').optional(),
    date: z.union([z.literal(''), dateString]).optional(),
    startTime: z.union([z.literal(''), clockTime]).optional(),
    endTime: z.union([z.literal(''), clockTime]).optional(),
    timezone: timezoneOrDefault,
    topic: text('Topic', LIMITS.title).optional(),
  })
  .superRefine((b, ctx) => {
    const given = [b.date, b.startTime, b.endTime].filter(Boolean).length;
    if (b.status === 'accepted' && given > 0 && given < 3) {
      ctx.addIssue({ code: 'custom', message: MENTORING_MESSAGES.scheduleIncomplete });
    }
  });
export type RespondBody = z.input<typeof respondBody>;

// ---------- Sessions ----------

export const SESSION_STATUSES = ['scheduled', 'completed', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const session = z.object({
  _id: z.string(),
  type: z.enum(['individual', 'group']),
  topic: z.string(),
  scheduledAt: z.string(),
  endsAt: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  timezone: z.string(),
  /** 'completed' once a scheduled session has ended. */
  status: z.enum(SESSION_STATUSES),
  meetLink: z.string().nullable(),
  sequence: z.number().int(),
  student: z.object({ _id: z.string(), name: z.string(), email: z.string(), university: z.string().nullable() }),
  professional: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    title: z.string().nullable(),
    company: z.string().nullable(),
  }),
  rating: z.number().int().nullable(),
  canRate: z.boolean(),
  requestId: z.string().nullable(),
  /** Marked by the professional once the session has started (issue 12). */
  attendance: z.enum(['attended', 'no-show']).nullable(),
  /** The professional may mark attendance (started, not cancelled). */
  canMarkAttendance: z.boolean(),
  /** Who cancelled it, why, when; late when a student cancelled inside the notice window. */
  cancellation: z
    .object({ by: z.enum(['student', 'professional']).nullable(), reason: z.string().nullable(), at: z.string().nullable(), late: z.boolean() })
    .nullable(),
  /** The last move: by whom, why, when (null when it never moved). */
  rescheduled: z.object({ by: z.enum(['student', 'professional']).nullable(), reason: z.string().nullable(), at: z.string().nullable() }).nullable(),
  /** The professional's notice (hours) and the instant it starts: a student's reschedule after it is refused, a cancel is late. */
  noticeHours: z.number().int(),
  changeDeadline: z.string(),
  /** What the viewer may do now. */
  canCancel: z.boolean(),
  canReschedule: z.boolean(),
  /** Each participant's own time zone (null when not set), to show the other's where it differs. */
  zones: z.object({ student: z.string().nullable(), professional: z.string().nullable() }),
});
export type Session = z.infer<typeof session>;
export const sessionsData = z.object({ sessions: z.array(session) });
export const respondData = z.object({ request: connectionRequest, session: session.nullable() });
export const sessionData = z.object({ session });

const scheduleFields = {
  date: dateString,
  startTime: clockTime,
  endTime: clockTime,
  timezone: timezoneOrDefault,
};

export const createSessionBody = z.object({
  studentId: z.string({ error: 'Please choose a student' }).min(1, 'Please choose a student'),
  topic: text('Topic', LIMITS.title).optional(),
  type: z.enum(['individual', 'group']).default('individual'),
  ...scheduleFields,
});
export type CreateSessionBody = z.input<typeof createSessionBody>;

export const rescheduleBody = z.object({ ...scheduleFields, reason: shortText('Reason').optional() });
/** Hours of notice a professional asks before a session (decision 700). */
export const bookingPolicyBody = z.object({
  noticeHours: z
    .number({ error: MENTORING_MESSAGES.notice })
    .int(MENTORING_MESSAGES.notice)
    .min(0, MENTORING_MESSAGES.notice)
    .max(MAX_NOTICE_HOURS, MENTORING_MESSAGES.notice),
});
export const bookingPolicyData = z.object({ noticeHours: z.number().int() });
export type RescheduleBody = z.input<typeof rescheduleBody>;
export const cancelBody = z.object({ reason: shortText('Reason').optional() }).default({});
export const sessionAttendanceBody = z.object({
  attendance: z.enum(['attended', 'no-show'], { error: MENTORING_MESSAGES.attendanceChoice }),
});

export const rateBody = z.object({
  rating: z
    .number({ error: MENTORING_MESSAGES.rating })
    .int(MENTORING_MESSAGES.rating)
    .min(1, MENTORING_MESSAGES.rating)
    .max(5, MENTORING_MESSAGES.rating),
});

// ---------- Conversations ----------

export const messageBody = z.object({
  body: z
    .string({ error: MENTORING_MESSAGES.messageRequired })
    .trim()
    .min(1, MENTORING_MESSAGES.messageRequired)
    .max(LIMITS.short, `Message must be at most ${LIMITS.short} characters`)
    .refine(isCleanText, 'Message contains characters that are not allowed'),
});
export const conversationMessage = z.object({
  _id: z.string(),
  senderId: z.string(),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  mine: z.boolean(),
});
export type ConversationMessage = z.infer<typeof conversationMessage>;
export const conversationData = z.object({
  other: z.object({ _id: z.string(), name: z.string(), role: z.string() }),
  messages: z.array(conversationMessage),
});
export const messageData = z.object({ message: conversationMessage });

// ---------- Professional dashboard ----------

export const dashboardStats = z.object({
  totalWorkshops: z.number().int(),
  pendingRequests: z.number().int(),
  connectedStudents: z.number().int(),
  upcomingSessions: z.number().int(),
  totalSessions: z.number().int(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  sessionsThisMonth: z.number().int(),
  sessionsLastMonth: z.number().int(),
  /** Percent change of sessions this month against last month; null when last month had none. */
  monthOverMonthChange: z.number().nullable(),
  activeWorkshops: z.number().int(),
  acceptingRequests: z.boolean(),
  /** Hours of notice the professional asks of students (decision 700). */
  noticeHours: z.number().int(),
  /** Past sessions the professional marked as a no-show. */
  noShowSessions: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;
export const dashboardStatsData = z.object({ stats: dashboardStats });

export const connectedStudentsQuery = z.object({
  search: text('Search', LIMITS.name).optional(),
  status: z.enum(['all', 'active', 'inactive']).default('all'),
});
export const connectedStudent = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  university: z.string().nullable(),
  department: z.string().nullable(),
  year: z.number().nullable(),
  connectedAt: z.string(),
  totalSessions: z.number().int(),
  lastInteraction: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
});
export type ConnectedStudent = z.infer<typeof connectedStudent>;
export const connectedStudentsData = z.object({ students: z.array(connectedStudent) });

export const acceptingRequestsBody = z.object({ acceptingRequests: z.boolean() });
export const acceptingRequestsData = z.object({ acceptingRequests: z.boolean() });
export const uploadImageData = z.object({ imageUrl: z.string() });
