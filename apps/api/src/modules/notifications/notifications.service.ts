import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/platform.ts';
import { publish, publishMany } from '../../lib/events.ts';

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

/**
 * Create a notification inside the caller's transaction and push it to the user's open tabs
 * (pg_notify: delivered at commit, to every API process).
 */
export async function notify(db: Db, input: NewNotification): Promise<string> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      subType: input.subType ?? null,
      title: input.title,
      message: input.message,
      actionUrl: input.actionUrl ?? null,
      priority: input.priority ?? 'normal',
      metadata: input.metadata ?? {},
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error('notification insert returned nothing');
  await publish(db, { userId: input.userId, type: 'notification', data: { id: row.id } });
  return row.id;
}

/** Many notifications at once (a fan-out batch): one INSERT and one pg_notify statement. */
export async function notifyMany(db: Db, inputs: NewNotification[]): Promise<void> {
  if (inputs.length === 0) return;
  const rows = await db
    .insert(notifications)
    .values(
      inputs.map((input) => ({
        userId: input.userId,
        type: input.type,
        subType: input.subType ?? null,
        title: input.title,
        message: input.message,
        actionUrl: input.actionUrl ?? null,
        priority: input.priority ?? 'normal',
        metadata: input.metadata ?? {},
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  await publishMany(
    db,
    rows.map((r) => ({ userId: r.userId, type: 'notification', data: { id: r.id } })),
  );
}
