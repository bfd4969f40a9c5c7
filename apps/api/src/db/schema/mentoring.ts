import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { cascadeRef, createdAt, idColumn, ref, ts, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const availabilityRules = pgTable(
  'availability_rules',
  {
    id: idColumn(),
    professionalId: cascadeRef('professional_id', () => users.id),
    isRecurring: boolean('is_recurring').notNull(),
    dayOfWeek: integer('day_of_week'),
    date: date('date', { mode: 'string' }),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    timezone: text('timezone').notNull().default('Asia/Kolkata'),
    notes: text('notes'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('availability_rules_professional_idx').on(t.professionalId)],
);

export const connectionRequests = pgTable(
  'connection_requests',
  {
    id: idColumn(),
    studentId: cascadeRef('student_id', () => users.id),
    professionalId: cascadeRef('professional_id', () => users.id),
    message: text('message'),
    status: text('status', { enum: ['pending', 'accepted', 'rejected', 'expired', 'cancelled'] })
      .notNull()
      .default('pending'),
    /** Optional slot the student asked for (UTC instants + the zone it was picked in). */
    requestedStart: ts('requested_start'),
    requestedEnd: ts('requested_end'),
    requestedTimezone: text('requested_timezone'),
    responseMessage: text('response_message'),
    respondedAt: ts('responded_at'),
    remindedAt: ts('reminded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // One pending request per student and professional.
    uniqueIndex('connection_requests_pending_pair_key')
      .on(t.studentId, t.professionalId)
      .where(sql`${t.status} = 'pending'`),
    index('connection_requests_professional_idx').on(t.professionalId, t.createdAt),
    index('connection_requests_student_idx').on(t.studentId, t.createdAt),
  ],
);

export const mentoringSessions = pgTable(
  'mentoring_sessions',
  {
    id: idColumn(),
    professionalId: cascadeRef('professional_id', () => users.id),
    studentId: cascadeRef('student_id', () => users.id),
    requestId: ref('request_id').references(() => connectionRequests.id, { onDelete: 'set null' }),
    topic: text('topic').notNull(),
    type: text('type', { enum: ['individual', 'group'] })
      .notNull()
      .default('individual'),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    timezone: text('timezone').notNull().default('Asia/Kolkata'),
    status: text('status', { enum: ['scheduled', 'completed', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    meetLink: text('meet_link'),
    /** iCalendar SEQUENCE: bumped on every reschedule or cancellation. */
    sequence: integer('sequence').notNull().default(0),
    /** Marked by the professional after the session. */
    attendance: text('attendance', { enum: ['attended', 'no-show'] }),
    attendanceMarkedAt: ts('attendance_marked_at'),
    rating: integer('rating'),
    ratedAt: ts('rated_at'),
    /** Who cancelled, why, when, and whether a student did it inside the professional's notice window. */
    cancelledBy: ref('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    cancelledAt: ts('cancelled_at'),
    lateCancellation: boolean('late_cancellation').notNull().default(false),
    /** How many times the session moved, and by whom last (shown to both sides). */
    rescheduledBy: ref('rescheduled_by').references(() => users.id, { onDelete: 'set null' }),
    rescheduleReason: text('reschedule_reason'),
    rescheduledAt: ts('rescheduled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mentoring_sessions_professional_idx').on(t.professionalId, t.startsAt),
    index('mentoring_sessions_student_idx').on(t.studentId, t.startsAt),
    // The reminder scan: scheduled sessions by start.
    index('mentoring_sessions_scheduled_starts_idx').on(t.startsAt).where(sql`${t.status} = 'scheduled'`),
    check('mentoring_sessions_time_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('mentoring_sessions_rating_check', sql`${t.rating} IS NULL OR (${t.rating} BETWEEN 1 AND 5)`),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: idColumn(),
    professionalId: cascadeRef('professional_id', () => users.id),
    studentId: cascadeRef('student_id', () => users.id),
    senderId: cascadeRef('sender_id', () => users.id),
    body: text('body').notNull(),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('conversation_messages_pair_idx').on(t.professionalId, t.studentId, t.createdAt)],
);
