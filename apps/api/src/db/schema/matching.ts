import { sql } from 'drizzle-orm';
import type { StoredMatchReason } from '@app/shared/matching-reasons';
import { boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeKey, cascadeRef, createdAt, idColumn, ref, ts, updatedAt } from './columns.ts';
import { connectionRequests } from './mentoring.ts';
import { users } from './users.ts';
import { organisations } from './organisations.ts';
import { workshops } from './workshops.ts';
import { rdProjects } from './rd-projects.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/*
 * Full-text documents for recommendations (decision 460): one stored tsvector per workshop, R&D project and
 * professional, kept current by triggers (migration i14_search_triggers) so ranking a student's topics
 * against every open item reads stored vectors instead of parsing every text on each request.
 */
export const workshopSearchDocs = pgTable('workshop_search_docs', {
  workshopId: cascadeKey('workshop_id', () => workshops.id),
  doc: tsvector('doc').notNull(),
});
export const rdProjectSearchDocs = pgTable('rd_project_search_docs', {
  projectId: cascadeKey('project_id', () => rdProjects.id),
  doc: tsvector('doc').notNull(),
});
export const professionalSearchDocs = pgTable('professional_search_docs', {
  professionalId: cascadeKey('professional_id', () => users.id),
  doc: tsvector('doc').notNull(),
});

/**
 * A professional's mentoring capacity (issue 14): the most open requests + active mentees they want at
 * once. No row means the default (MENTOR_CAPACITY_DEFAULT in @app/shared/matching). Own table so the
 * profile tables stay untouched.
 */
export const mentorSettings = pgTable(
  'mentor_settings',
  {
    professionalId: cascadeKey('professional_id', () => users.id),
    maxMentees: integer('max_mentees').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('mentor_settings_max_check', sql`${t.maxMentees} BETWEEN 0 AND 100`)],
);

/** "Not interested": a student's dismissed recommendation; it is never recommended again. */
export const recommendationDismissals = pgTable(
  'recommendation_dismissals',
  {
    studentId: cascadeRef('student_id', () => users.id),
    kind: text('kind', { enum: ['professional', 'workshop', 'rd-project'] }).notNull(),
    itemId: ref('item_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.kind, t.itemId] })],
);

export interface ProgrammeUnmatched {
  userId: string;
  role: 'mentor' | 'mentee';
  reason: 'no-topic-mentor' | 'mentors-full' | 'no-topic-mentee' | 'no-demand';
  /** Why, as data worded for the reader (decision 1280); runs before that stored an English sentence. */
  detail: StoredMatchReason;
}

/** A cohort mentoring programme run by an administrator. */
export const programmes = pgTable(
  'programmes',
  {
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    eligibleUniversities: jsonb('eligible_universities').$type<string[]>().notNull().default([]),
    eligibleCourses: jsonb('eligible_courses').$type<string[]>().notNull().default([]),
    mentorCapacityDefault: integer('mentor_capacity_default').notNull().default(3),
    status: text('status', { enum: ['open', 'matched', 'published'] })
      .notNull()
      .default('open'),
    unmatched: jsonb('unmatched').$type<ProgrammeUnmatched[]>().notNull().default([]),
    matchedAt: ts('matched_at'),
    publishedAt: ts('published_at'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The university that organises it (decision 622); null: a platform programme run by the admins. */
    organisationId: ref('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('programmes_created_idx').on(t.createdAt),
    index('programmes_organisation_idx').on(t.organisationId, t.createdAt),
    check('programmes_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
    check('programmes_capacity_check', sql`${t.mentorCapacityDefault} BETWEEN 1 AND 50`),
  ],
);

export const programmeParticipants = pgTable(
  'programme_participants',
  {
    id: idColumn(),
    programmeId: cascadeRef('programme_id', () => programmes.id),
    userId: cascadeRef('user_id', () => users.id),
    role: text('role', { enum: ['mentor', 'mentee'] }).notNull(),
    status: text('status', { enum: ['invited', 'joined', 'declined'] })
      .notNull()
      .default('invited'),
    topics: jsonb('topics').$type<string[]>().notNull().default([]),
    goals: text('goals').notNull().default(''),
    /** Up to five user ids of the other side, most wanted first. */
    preferences: jsonb('preferences').$type<string[]>().notNull().default([]),
    /** Mentors only: overrides the programme's default capacity. */
    capacity: integer('capacity'),
    invitedAt: createdAt(),
    respondedAt: ts('responded_at'),
    /** When the invitation's notification and e-mail were written by the fan-out job (null: not yet). */
    notifiedAt: ts('notified_at'),
  },
  (t) => [
    uniqueIndex('programme_participants_pair_key').on(t.programmeId, t.userId),
    index('programme_participants_unnotified_idx').on(t.programmeId, t.id).where(sql`${t.notifiedAt} IS NULL`),
    index('programme_participants_user_idx').on(t.userId),
    check('programme_participants_capacity_check', sql`${t.capacity} IS NULL OR ${t.capacity} BETWEEN 1 AND 50`),
  ],
);

export const programmePairs = pgTable(
  'programme_pairs',
  {
    id: idColumn(),
    programmeId: cascadeRef('programme_id', () => programmes.id),
    mentorId: cascadeRef('mentor_id', () => users.id),
    menteeId: cascadeRef('mentee_id', () => users.id),
    score: real('score').notNull(),
    /** Why the pair was made, as data worded for whoever reads it (decision 1280); rows written before hold English sentences. */
    reasons: jsonb('reasons').$type<StoredMatchReason[]>().notNull().default([]),
    pinned: boolean('pinned').notNull().default(false),
    connectionRequestId: ref('connection_request_id').references(() => connectionRequests.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('programme_pairs_mentee_key').on(t.programmeId, t.menteeId),
    index('programme_pairs_mentor_idx').on(t.programmeId, t.mentorId),
  ],
);

/**
 * The connections a programme made (publishing its pairs, a coordinator's rematch): people read "Matched in
 * <programme>" in their own language from this link, not from a sentence stored in the request
 * (docs/decisions/1261-matched-in-programme-from-the-link.md). Goes with the connection or the programme.
 */
export const programmeConnections = pgTable(
  'programme_connections',
  {
    connectionRequestId: cascadeKey('connection_request_id', () => connectionRequests.id),
    programmeId: cascadeRef('programme_id', () => programmes.id),
    createdAt: createdAt(),
  },
  (t) => [index('programme_connections_programme_idx').on(t.programmeId)],
);
