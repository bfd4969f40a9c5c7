import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';
import { publish, publishMany } from '../../lib/events.ts';
import { recipientLocale, recipientLocales, voiceOf, type Voice } from '../../lib/recipient-locale.ts';
import { enqueuePush } from '../push/index.ts';

export interface NewNotification {
  userId: string;
  type: 'workshop' | 'idea' | 'connection' | 'session' | 'rd-project' | 'system';
  /** approved, accepted, rejected, cancelled... colours the item in the bell. */
  subType?: string;
  title: string;
  message: string;
  actionUrl?: string;
  priority?: 'low' | 'normal' | 'high';
  metadata?: Record<string, unknown>;
}

/** The row a notification is stored as (defaults for what the caller left out). */
function notificationRow(input: NewNotification) {
  return {
    userId: input.userId,
    type: input.type,
    subType: input.subType ?? null,
    title: input.title,
    message: input.message,
    actionUrl: input.actionUrl ?? null,
    priority: input.priority ?? 'normal',
    metadata: input.metadata ?? {},
  };
}

/**
 * Create a notification inside the caller's transaction and push it to the user's open tabs
 * (pg_notify: delivered at commit, to every API process). The insert takes the user's next
 * notification number and holds their counter row locked until commit (docs/decisions/600): call it
 * late in the transaction, so another write notifying the same user waits as briefly as possible.
 */
export async function notify(db: Db, input: NewNotification): Promise<string> {
  const [row] = await db
    .insert(notifications)
    .values(notificationRow(input))
    .returning({ id: notifications.id });
  if (!row) throw new Error('notification insert returned nothing');
  await publish(db, { userId: input.userId, type: 'notification', data: { id: row.id } });
  // Web Push to the person's devices (issue 27): a job, only if they turned push on somewhere.
  await enqueuePush(db, [row.id], [input.userId]);
  return row.id;
}

/** What a notification says to one recipient: all but whom it is for. */
export type NotificationFor = Omit<NewNotification, 'userId'>;

/**
 * One notification per row, each written in its recipient's own language (decisions 970, 1150): `userOf`
 * names the recipient of a row, `write` words it with their voice. One `notify` after another, in row order.
 */
export async function notifyEach<R>(db: Db, rows: readonly R[], userOf: (row: R) => string, write: (voice: Voice, row: R) => NotificationFor): Promise<void> {
  const locales = await recipientLocales(db, rows.map(userOf));
  for (const row of rows) {
    const userId = userOf(row);
    await notify(db, { userId, ...write(voiceOf(locales.get(userId)), row) });
  }
}

/** One notification to one person, written in their own language (decisions 970, 1150). */
export async function notifyIn(db: Db, userId: string, write: (voice: Voice) => NotificationFor): Promise<string> {
  return notify(db, { userId, ...write(voiceOf(await recipientLocale(db, userId))) });
}

/** Every active administrator, each in their own language (decision 1150). */
export async function notifyAdmins(db: Db, write: (voice: Voice) => NotificationFor): Promise<void> {
  const admins = await db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
  await notifyEach(db, admins, (a) => a.id, write);
}

/**
 * Many notifications at once (a fan-out batch): one INSERT and one pg_notify statement. The insert
 * trigger locks each recipient's notification counter (docs/decisions/600) in row order: rows are
 * sorted by user so two batches with recipients in common lock them in the same order, never in a cycle.
 */
export async function notifyMany(db: Db, inputs: NewNotification[]): Promise<void> {
  if (inputs.length === 0) return;
  const sorted = [...inputs].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const rows = await db
    .insert(notifications)
    .values(sorted.map(notificationRow))
    .returning({ id: notifications.id, userId: notifications.userId });
  await publishMany(
    db,
    rows.map((r) => ({ userId: r.userId, type: 'notification', data: { id: r.id } })),
  );
  await enqueuePush(db, rows.map((r) => r.id), rows.map((r) => r.userId));
}
