import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeKey, cascadeRef, createdAt, idColumn, ref, ts, updatedAt } from './columns.ts';
import { programmePairs, programmes } from './matching.ts';
import { mentoringSessions } from './mentoring.ts';
import { users } from './users.ts';

/**
 * Mentoring relationships (issue 26, docs/decisions/860): a published programme pair, or a student who
 * booked the same mentor at least twice. Rows are created when either side or a coordinator first looks;
 * an ended relationship stays as history (a rematch ends one and starts another on the same programme pair).
 */
export const relationships = pgTable(
  'relationships',
  {
    id: idColumn(),
    kind: text('kind', { enum: ['programme', 'booked'] }).notNull(),
    programmeId: ref('programme_id').references(() => programmes.id, { onDelete: 'cascade' }),
    pairId: ref('pair_id').references(() => programmePairs.id, { onDelete: 'set null' }),
    mentorId: cascadeRef('mentor_id', () => users.id),
    menteeId: cascadeRef('mentee_id', () => users.id),
    status: text('status', { enum: ['active', 'ended'] })
      .notNull()
      .default('active'),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
    endedReason: text('ended_reason'),
    endedBy: ref('ended_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('relationships_active_pair_key').on(t.pairId).where(sql`${t.status} = 'active' AND ${t.pairId} IS NOT NULL`),
    uniqueIndex('relationships_active_booked_key').on(t.mentorId, t.menteeId).where(sql`${t.status} = 'active' AND ${t.kind} = 'booked'`),
    index('relationships_mentor_idx').on(t.mentorId),
    index('relationships_mentee_idx').on(t.menteeId),
    index('relationships_programme_idx').on(t.programmeId),
  ],
);

/** The agreement: one per relationship, versioned; each side confirms a version. */
export const relationshipAgreements = pgTable(
  'relationship_agreements',
  {
    relationshipId: cascadeKey('relationship_id', () => relationships.id),
    cadenceDays: integer('cadence_days').notNull(),
    format: text('format').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    aims: text('aims').notNull(),
    confidentiality: text('confidentiality').notNull().default(''),
    version: integer('version').notNull().default(1),
    mentorConfirmedVersion: integer('mentor_confirmed_version'),
    menteeConfirmedVersion: integer('mentee_confirmed_version'),
    updatedBy: ref('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('relationship_agreements_cadence_check', sql`${t.cadenceDays} BETWEEN 1 AND 90`)],
);

export const relationshipGoals = pgTable(
  'relationship_goals',
  {
    id: idColumn(),
    relationshipId: cascadeRef('relationship_id', () => relationships.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    dueOn: date('due_on', { mode: 'string' }),
    progressMode: text('progress_mode', { enum: ['manual', 'milestones'] })
      .notNull()
      .default('milestones'),
    manualProgress: integer('manual_progress').notNull().default(0),
    status: text('status', { enum: ['open', 'achieved', 'dropped'] })
      .notNull()
      .default('open'),
    achievedAt: ts('achieved_at'),
    createdAt: createdAt(),
  },
  (t) => [index('relationship_goals_rel_idx').on(t.relationshipId), check('relationship_goals_progress_check', sql`${t.manualProgress} BETWEEN 0 AND 100`)],
);

export const goalMilestones = pgTable(
  'goal_milestones',
  {
    id: idColumn(),
    goalId: cascadeRef('goal_id', () => relationshipGoals.id),
    title: text('title').notNull(),
    dueOn: date('due_on', { mode: 'string' }),
    doneAt: ts('done_at'),
    createdAt: createdAt(),
  },
  (t) => [index('goal_milestones_goal_idx').on(t.goalId)],
);

export const goalComments = pgTable(
  'goal_comments',
  {
    id: idColumn(),
    goalId: cascadeRef('goal_id', () => relationshipGoals.id),
    authorId: ref('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('goal_comments_goal_idx').on(t.goalId)],
);

/** A meeting's shared record (agenda before, notes after): one per mentoring session. */
export const meetingRecords = pgTable('meeting_records', {
  sessionId: cascadeKey('session_id', () => mentoringSessions.id),
  relationshipId: cascadeRef('relationship_id', () => relationships.id),
  agenda: text('agenda').notNull().default(''),
  notes: text('notes').notNull().default(''),
  updatedBy: ref('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const meetingActionItems = pgTable(
  'meeting_action_items',
  {
    id: idColumn(),
    sessionId: cascadeRef('session_id', () => mentoringSessions.id),
    relationshipId: cascadeRef('relationship_id', () => relationships.id),
    text: text('text').notNull(),
    done: boolean('done').notNull().default(false),
    milestoneId: ref('milestone_id').references(() => goalMilestones.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('meeting_action_items_session_idx').on(t.sessionId)],
);

/** One person's private note on a meeting: read by its author only, never by the other side or a coordinator. */
export const meetingPrivateNotes = pgTable(
  'meeting_private_notes',
  {
    sessionId: cascadeRef('session_id', () => mentoringSessions.id),
    authorId: cascadeRef('author_id', () => users.id),
    body: text('body').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.authorId] })],
);

/** After a meeting each side logs time and a one-tap rating. */
export const meetingCheckIns = pgTable(
  'meeting_check_ins',
  {
    sessionId: cascadeRef('session_id', () => mentoringSessions.id),
    userId: cascadeRef('user_id', () => users.id),
    relationshipId: cascadeRef('relationship_id', () => relationships.id),
    minutes: integer('minutes').notNull(),
    rating: integer('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId] }),
    index('meeting_check_ins_rel_idx').on(t.relationshipId, t.createdAt),
    check('meeting_check_ins_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('meeting_check_ins_minutes_check', sql`${t.minutes} BETWEEN 5 AND 600`),
  ],
);

/** A programme's outcome settings (own table: programmes stays untouched). No row: the defaults. */
export const programmeOutcomeSettings = pgTable('programme_outcome_settings', {
  programmeId: cascadeKey('programme_id', () => programmes.id),
  agreementVisibleToCoordinator: boolean('agreement_visible_to_coordinator').notNull().default(false),
  autoNudge: boolean('auto_nudge').notNull().default(true),
  defaultCadenceDays: integer('default_cadence_days').notNull().default(14),
  updatedAt: updatedAt(),
});

/** Nudges sent to a pair (by a coordinator, or automatically when quiet): at most one a week. */
export const relationshipNudges = pgTable(
  'relationship_nudges',
  {
    id: idColumn(),
    relationshipId: cascadeRef('relationship_id', () => relationships.id),
    sentBy: ref('sent_by').references(() => users.id, { onDelete: 'set null' }),
    automatic: boolean('automatic').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('relationship_nudges_rel_idx').on(t.relationshipId, t.createdAt)],
);
