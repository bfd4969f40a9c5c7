import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { cascadeRef, createdAt, idColumn, ref, ts, updatedAt } from './columns.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

export interface ManualInstructor {
  name: string;
  email: string;
  title: string;
  company?: string;
  expertise?: string;
  bio?: string;
}
export interface WorkshopMaterial {
  title: string;
  type: 'pdf' | 'video' | 'link' | 'presentation';
  description?: string;
  url: string;
}

export const workshops = pgTable(
  'workshops',
  {
    id: idColumn(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    difficulty: text('difficulty').notNull().default('Beginner'),
    deliveryMode: text('delivery_mode', { enum: ['online', 'offline', 'hybrid'] })
      .notNull()
      .default('online'),
    professionalId: ref('professional_id').references(() => users.id, { onDelete: 'set null' }),
    manualInstructor: jsonb('manual_instructor').$type<ManualInstructor>(),
    /** Local schedule as entered, with its IANA zone; startsAt/endsAt are the UTC instants. */
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    timezone: text('timezone').notNull().default('Asia/Kolkata'),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    maxParticipants: integer('max_participants').notNull(),
    /** Seats taken, kept exact by conditional updates (never above maxParticipants). */
    registeredCount: integer('registered_count').notNull().default(0),
    /** iCalendar SEQUENCE: +1 on every change of date, time, zone, venue, link, mode, and on cancellation. */
    sequence: integer('sequence').notNull().default(0),
    status: text('status', { enum: ['draft', 'published', 'completed', 'cancelled'] })
      .notNull()
      .default('draft'),
    bannerColor: text('banner_color'),
    bannerIcon: text('banner_icon'),
    bannerImageKey: text('banner_image_key'),
    meetingPlatform: text('meeting_platform'),
    meetingId: text('meeting_id'),
    meetingLink: text('meeting_link'),
    venue: text('venue'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    prerequisites: jsonb('prerequisites').$type<string[]>().notNull().default([]),
    learningOutcomes: jsonb('learning_outcomes').$type<string[]>().notNull().default([]),
    materials: jsonb('materials').$type<WorkshopMaterial[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    isRecurring: boolean('is_recurring').notNull().default(false),
    recurringFrequency: text('recurring_frequency'),
    recurringEndDate: date('recurring_end_date', { mode: 'string' }),
    /** Shown by the instructor during the workshop; a registered student enters it to check in (decision 404). */
    checkInCode: text('check_in_code'),
    completedAt: ts('completed_at'),
    cancelledAt: ts('cancelled_at'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A university-only workshop (decision 488): listed only to that university's affiliated students. */
    organisationId: ref('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    /**
     * Issue 28 (decision 733): when the professional a university named as instructor accepted. A university's
     * workshop with an instructor and no acceptance awaits them and cannot be published.
     */
    instructorAcceptedAt: ts('instructor_accepted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('workshops_status_starts_idx').on(t.status, t.startsAt),
    index('workshops_professional_idx').on(t.professionalId),
    // The completion job's scan: published workshops whose end has passed.
    index('workshops_published_ends_idx').on(t.endsAt).where(sql`${t.status} = 'published'`),
    index('workshops_category_idx').on(t.category),
    // The admin workshop list by status and category, newest start first (issue 13; INCLUDE (category) by hand in 0013).
    index('workshops_admin_status_category_idx').on(t.status, sql`lower(${t.category})`, t.startsAt.desc().nullsFirst(), t.id),
    index('workshops_organisation_idx').on(t.organisationId).where(sql`${t.organisationId} IS NOT NULL`),
    // The student list's order (upcoming soonest first, then completed most recent first), as an index:
    // the list reads the first page from it instead of joining and sorting every listed workshop.
    index('workshops_listing_order_idx').on(
      sql`(CASE WHEN ${t.status} = 'published' THEN 0 ELSE 1 END)`,
      sql`(CASE WHEN ${t.status} = 'published' THEN ${t.startsAt} END)`,
      t.startsAt.desc(),
      t.id,
    ),
    check('workshops_capacity_check', sql`${t.registeredCount} >= 0 AND ${t.registeredCount} <= ${t.maxParticipants}`),
    check('workshops_time_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const workshopRegistrations = pgTable(
  'workshop_registrations',
  {
    id: idColumn(),
    workshopId: cascadeRef('workshop_id', () => workshops.id),
    studentId: cascadeRef('student_id', () => users.id),
    status: text('status', { enum: ['registered', 'attended', 'cancelled', 'absent'] })
      .notNull()
      .default('registered'),
    /** Public verification id printed on the certificate. */
    certificateId: text('certificate_id'),
    certificateIssuedAt: ts('certificate_issued_at'),
    /** The student's own check-in with the workshop's code, while it was live. */
    checkedInAt: ts('checked_in_at'),
    registeredAt: createdAt(),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    uniqueIndex('workshop_registrations_pair_key').on(t.workshopId, t.studentId),
    index('workshop_registrations_student_idx').on(t.studentId),
    uniqueIndex('workshop_registrations_certificate_key').on(t.certificateId),
  ],
);
