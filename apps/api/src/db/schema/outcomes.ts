import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeKey, cascadeRef, createdAt, idColumn, ref, ts } from './columns.ts';
import { programmes } from './matching.ts';
import { users } from './users.ts';

/**
 * A programme's close (issue 26, docs/decisions/930): one row per programme, written once; the
 * programme's pairs end and certificates are issued in the same transaction. A closed programme is
 * read-only. The programmes table stays untouched (its status stays 'published').
 */
export const programmeClosures = pgTable('programme_closures', {
  programmeId: cascadeKey('programme_id', () => programmes.id),
  closedAt: ts('closed_at').notNull(),
  closedBy: ref('closed_by').references(() => users.id, { onDelete: 'set null' }),
  criteria: jsonb('criteria').$type<{ requireAgreement: boolean; minMeetings: number; minGoalsAchieved: number }>().notNull(),
  pairsEnded: integer('pairs_ended').notNull().default(0),
  certificates: integer('certificates').notNull().default(0),
});

/** A certificate of participation (mentee) or of service (mentor) for a closed programme: one per person per programme. */
export const programmeCertificates = pgTable(
  'programme_certificates',
  {
    id: idColumn(),
    programmeId: cascadeRef('programme_id', () => programmes.id),
    userId: cascadeRef('user_id', () => users.id),
    kind: text('kind', { enum: ['participation', 'service'] }).notNull(),
    verificationId: text('verification_id').notNull(),
    meetings: integer('meetings').notNull(),
    hours: real('hours').notNull(),
    goalsAchieved: integer('goals_achieved').notNull(),
    issuedAt: ts('issued_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('programme_certificates_person_key').on(t.programmeId, t.userId),
    uniqueIndex('programme_certificates_verification_key').on(t.verificationId),
    index('programme_certificates_user_idx').on(t.userId),
    check('programme_certificates_meetings_check', sql`${t.meetings} >= 0`),
  ],
);

/**
 * A programme's pair health counts of one day (issue 26, docs/decisions/1090), written by the daily
 * scheduled task with the pair list's rule (decision 861): one row per programme per day (the unique
 * key makes a second run of the same day a no-op). Aggregate counts only, no person. `affiliated_*`:
 * for a programme owned by a university, the same counts over the pairs whose mentee is affiliated
 * with it (what that university's coordinator may see, decision 1010); null for a platform programme.
 */
export const programmeHealthSnapshots = pgTable(
  'programme_health_snapshots',
  {
    programmeId: cascadeRef('programme_id', () => programmes.id),
    day: date('day', { mode: 'string' }).notNull(),
    takenAt: ts('taken_at').notNull(),
    healthy: integer('healthy').notNull(),
    attention: integer('attention').notNull(),
    atRisk: integer('at_risk').notNull(),
    ended: integer('ended').notNull(),
    affiliatedHealthy: integer('affiliated_healthy'),
    affiliatedAttention: integer('affiliated_attention'),
    affiliatedAtRisk: integer('affiliated_at_risk'),
    affiliatedEnded: integer('affiliated_ended'),
  },
  (t) => [
    uniqueIndex('programme_health_snapshots_day_key').on(t.programmeId, t.day),
    check('programme_health_snapshots_counts_check', sql`${t.healthy} >= 0 AND ${t.attention} >= 0 AND ${t.atRisk} >= 0 AND ${t.ended} >= 0`),
  ],
);
