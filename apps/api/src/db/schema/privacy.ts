import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { cascadeKey, cascadeRef, createdAt, idColumn, ref, ts, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A data-rights request (issue 24): an export or an erasure, asked by the person or by an administrator
 * for them. The row outlives the erasure as its minimal record (opaque id, dates, who asked): the user row
 * it points at is anonymised then, never deleted.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    kind: text('kind', { enum: ['export', 'erasure'] }).notNull(),
    status: text('status', { enum: ['pending', 'processing', 'ready', 'done', 'cancelled', 'refused', 'failed'] })
      .notNull()
      .default('pending'),
    /** Who asked: the person themself, an administrator or their university's admin. */
    requestedBy: ref('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requesterRole: text('requester_role', { enum: ['self', 'admin', 'university', 'retention'] }).notNull(),
    /** When an erasure runs (end of the notice period) or an export is due (30 days, GDPR art. 12). */
    dueAt: ts('due_at').notNull(),
    /** An administrator's reason for refusing or extending (e.g. a legal hold). */
    reason: text('reason'),
    /** Export: the archive's storage key while it can be downloaded. */
    archiveKey: text('archive_key'),
    archiveSize: integer('archive_size'),
    expiresAt: ts('expires_at'),
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('privacy_requests_user_idx').on(t.userId, t.createdAt),
    index('privacy_requests_open_idx').on(t.dueAt).where(sql`${t.status} IN ('pending', 'processing')`),
  ],
);

/** An account under legal hold is never erased by the schedule (an administrator lifts it). */
export const privacyLegalHolds = pgTable('privacy_legal_holds', {
  userId: cascadeKey('user_id', () => users.id),
  reason: text('reason').notNull(),
  placedBy: ref('placed_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Retention periods an administrator set (days), per category; a missing row means the documented default. */
export const retentionSettings = pgTable('retention_settings', {
  category: text('category').primaryKey(),
  days: integer('days').notNull(),
  updatedBy: ref('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** One enforcement run of the retention schedule, with what it removed per category. */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: idColumn(),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [index('retention_runs_started_idx').on(t.startedAt)],
);

/**
 * The privacy notice, versioned (decision 840): an administrator publishes a new version; the published
 * versions are never edited or deleted (the history a data-protection officer asks for). A `material`
 * version asks everyone to acknowledge it at their next sign-in; a non-material one (typo, contact
 * address) is shown but asks no one.
 */
export const privacyNotices = pgTable('privacy_notices', {
  id: idColumn(),
  version: integer('version').notNull().unique(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  /** What changed since the previous version, shown when people are asked again. */
  summary: text('summary').notNull().default(''),
  material: boolean('material').notNull(),
  publishedBy: ref('published_by').references(() => users.id, { onDelete: 'set null' }),
  publishedAt: ts('published_at').notNull(),
});

/** A person's acceptance of a notice version: at registration, or when asked again at sign-in. */
export const privacyNoticeAcceptances = pgTable(
  'privacy_notice_acceptances',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    version: integer('version').notNull(),
    context: text('context', { enum: ['registration', 'sign-in'] }).notNull(),
    acceptedAt: ts('accepted_at').notNull(),
  },
  (t) => [index('privacy_notice_acceptances_user_idx').on(t.userId, t.version)],
);

/** A person's current choice for each optional purpose (decision 841); no row means never withdrawn. */
export const privacyConsents = pgTable(
  'privacy_consents',
  {
    userId: cascadeRef('user_id', () => users.id),
    purpose: text('purpose', { enum: ['matching', 'emails'] }).notNull(),
    granted: boolean('granted').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose] })],
);

/** Every consent given or withdrawn, with when: the trail (never rewritten, erased with the account). */
export const privacyConsentEvents = pgTable(
  'privacy_consent_events',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    purpose: text('purpose', { enum: ['matching', 'emails'] }).notNull(),
    granted: boolean('granted').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('privacy_consent_events_user_idx').on(t.userId, t.createdAt)],
);
