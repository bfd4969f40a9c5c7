import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Question } from '@app/shared/surveys';
import { cascadeRef, createdAt, idColumn, ref, ts } from './columns.ts';
import { programmes } from './matching.ts';
import { users } from './users.ts';

/**
 * Programme surveys (issue 26, docs/decisions/920). A survey belongs to a programme; who was sent it is
 * a row per person (the primary key makes each invitation happen once, whichever process sends it);
 * answers are stored apart from the people: a response row carries no user id, and the recipient row
 * only a flag, so nobody (coordinator or database reader) can join an answer to its author.
 */
export const programmeSurveys = pgTable(
  'programme_surveys',
  {
    id: idColumn(),
    programmeId: cascadeRef('programme_id', () => programmes.id),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['pairing-fit', 'mid-programme', 'closing', 'custom'] }).notNull(),
    audience: text('audience', { enum: ['everyone', 'mentees', 'mentors'] }).notNull(),
    trigger: text('trigger', { enum: ['start', 'day', 'midpoint', 'end', 'date', 'first-meeting'] }).notNull(),
    day: integer('day'),
    date: date('date', { mode: 'string' }),
    /** When it is due (for first-meeting: from when; each person's own moment is a day after their first meeting). */
    sendAt: ts('send_at').notNull(),
    reminderAfterDays: integer('reminder_after_days').notNull().default(5),
    questions: jsonb('questions').$type<Question[]>().notNull(),
    /** When the first invitation went out (null: still scheduled, and cancellable). */
    sentAt: ts('sent_at'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('programme_surveys_programme_idx').on(t.programmeId),
    index('programme_surveys_send_idx').on(t.sendAt),
    check('programme_surveys_reminder_check', sql`${t.reminderAfterDays} BETWEEN 0 AND 30`),
  ],
);

export const surveyRecipients = pgTable(
  'survey_recipients',
  {
    surveyId: cascadeRef('survey_id', () => programmeSurveys.id),
    userId: cascadeRef('user_id', () => users.id),
    invitedAt: ts('invited_at').notNull(),
    remindedAt: ts('reminded_at'),
    answered: boolean('answered').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.userId] }), index('survey_recipients_user_idx').on(t.userId), index('survey_recipients_open_idx').on(t.invitedAt).where(sql`NOT ${t.answered} AND ${t.remindedAt} IS NULL`)],
);

export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: idColumn(),
    surveyId: cascadeRef('survey_id', () => programmeSurveys.id),
    answers: jsonb('answers').$type<Record<string, number | string>>().notNull(),
    /** The day only: a time would let someone match a response to the moment a person answered. */
    submittedOn: date('submitted_on', { mode: 'string' }).notNull(),
  },
  (t) => [index('survey_responses_survey_idx').on(t.surveyId)],
);
