import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, ref, ts } from './columns.ts';
import { users } from './users.ts';

/**
 * Reminders sent (docs/decisions/405-reminders.md). The key includes the event's start instant, so a
 * reschedule makes the earlier rows irrelevant and the new start is reminded afresh; inserting the row in
 * the transaction that notifies makes each reminder go out once, whatever the number of processes.
 */
export const eventReminders = pgTable(
  'event_reminders',
  {
    kind: text('kind', { enum: ['workshop', 'session', 'interview'] }).notNull(),
    eventId: ref('event_id').notNull(),
    userId: cascadeRef('user_id', () => users.id),
    offsetMinutes: integer('offset_minutes').notNull(),
    startsAt: ts('starts_at').notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'event_reminders_pkey', columns: [t.kind, t.eventId, t.userId, t.offsetMinutes, t.startsAt] })],
);
