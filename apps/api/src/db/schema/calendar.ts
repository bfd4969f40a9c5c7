import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeKey, createdAt, idColumn, ref, ts } from './columns.ts';
import { users } from './users.ts';

/** A user's private calendar subscription: only the SHA-256 of the token is stored; a new one replaces it. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: cascadeKey('user_id', () => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash)],
);

/**
 * One change of a scheduled thing (workshop, mentoring session, R&D interview) to tell its participants
 * about. The fan-out job walks the participants in batches; `cursor` (the last user id told) moves in the
 * same transaction as each batch's notifications and e-mails, so a retried job never tells anyone twice.
 */
export const eventChanges = pgTable(
  'event_changes',
  {
    id: idColumn(),
    kind: text('kind', { enum: ['workshop', 'session', 'interview'] }).notNull(),
    eventId: ref('event_id').notNull(),
    change: text('change', { enum: ['updated', 'cancelled'] }).notNull(),
    /** The event's SEQUENCE after this change. */
    sequence: integer('sequence').notNull(),
    /** Who made the change (not told about it in-app). */
    actorId: ref('actor_id'),
    /** Free text the actor gave (a reason), shown to the participants. */
    note: text('note'),
    cursor: text('cursor'),
    told: integer('told').notNull().default(0),
    doneAt: ts('done_at'),
    createdAt: createdAt(),
  },
  (t) => [index('event_changes_event_idx').on(t.kind, t.eventId)],
);
