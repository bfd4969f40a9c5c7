import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeKey, cascadeRef, createdAt, idColumn, ref, ts } from './columns.ts';
import { users } from './users.ts';

/** Fixed-window counters shared by every API process (login throttling). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
});

/** Background jobs: written in the same transaction as the change that causes them. */
export const jobs = pgTable(
  'jobs',
  {
    id: idColumn(),
    type: text('type').notNull(),
    /** Set for a scheduled slot (`<task>:<slot>`): unique, so each slot is queued once (lib/scheduler.ts). */
    key: text('key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: ts('run_at').notNull().defaultNow(),
    lockedAt: ts('locked_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('jobs_pending_idx').on(t.status, t.runAt), uniqueIndex('jobs_key_key').on(t.key)],
);

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
  method?: string;
}

/** Every e-mail the platform sends. With no SMTP_URL this table is the outbox. */
export const emails = pgTable(
  'emails',
  {
    id: idColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The text with secrets (temporary passwords, reset links) replaced: all the outbox view shows. */
    preview: text('preview'),
    html: text('html'),
    attachments: jsonb('attachments').$type<EmailAttachment[]>().notNull().default([]),
    status: text('status', { enum: ['queued', 'sent', 'outbox', 'failed'] })
      .notNull()
      .default('queued'),
    error: text('error'),
    /** Send attempts started (the e-mail job counts one as it claims the row; decision 720). */
    sendAttempts: integer('send_attempts').notNull().default(0),
    /** When the latest attempt started. */
    sendingAt: ts('sending_at'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('emails_created_idx').on(t.createdAt)],
);

/** Uploaded files: stored under a generated key outside the web root. */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    ownerId: ref('owner_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The shared file store (STORAGE_DRIVER=database, docs/decisions/440-database-file-storage.md): one row
 * per stored object, its bytes in 1 MiB chunks, so every API process on the same PostgreSQL serves
 * every upload. Keys are the same as the local driver's (`avatars/….webp`).
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: createdAt(),
});

export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    key: text('key')
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] })],
);

export const contactMessages = pgTable('contact_messages', {
  id: idColumn(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  handled: boolean('handled').notNull().default(false),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    actorId: ref('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/** Editable site content (team, timeline, contact details, numbers): one JSON document per key. */
export const siteContent = pgTable('site_content', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: cascadeRef('user_id', () => users.id),
    type: text('type', { enum: ['workshop', 'idea', 'connection', 'session', 'rd-project', 'system'] }).notNull(),
    subType: text('sub_type'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    actionUrl: text('action_url'),
    priority: text('priority', { enum: ['low', 'normal', 'high'] })
      .notNull()
      .default('normal'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** R&D notifications are shown once as a toast, then marked delivered. */
    deliveredAt: ts('delivered_at'),
    createdAt: createdAt(),
    /**
     * The user's notification number, 1, 2, 3… in commit order: set by the `notifications_assign_seq`
     * trigger (migration 0013) from `notification_counters`, whatever the insert supplies. The stream's
     * event id and its Last-Event-ID replay (`seq > last`) key on it (docs/decisions/600).
     */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId, t.isRead),
    uniqueIndex('notifications_user_seq_idx').on(t.userId, t.seq),
  ],
);

/**
 * The last notification number given to each user. The trigger on `notifications` increments it with
 * an upsert inside the inserting transaction: the row lock serialises concurrent inserts for one user
 * until commit, so a user's seq order is their commit order (docs/decisions/600).
 */
export const notificationCounters = pgTable('notification_counters', {
  userId: cascadeKey('user_id', () => users.id),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});
