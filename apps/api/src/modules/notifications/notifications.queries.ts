import { and, count, desc, eq } from 'drizzle-orm';
import type { NotificationDto } from '@app/shared/notifications';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/platform.ts';
import { notFound } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';

type NotificationRow = typeof notifications.$inferSelect;

export function toNotificationDto(n: NotificationRow): NotificationDto {
  return {
    _id: n.id,
    id: n.id,
    type: n.type,
    subType: n.subType,
    title: n.title,
    message: n.message,
    isRead: n.isRead,
    createdAt: n.createdAt.toISOString(),
    actionUrl: n.actionUrl,
    priority: n.priority,
    metadata: { ...n.metadata, priority: n.priority },
  };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

export interface NotificationFilter {
  limit: number;
  unreadOnly?: boolean;
  type?: NotificationDto['type'];
  page?: number;
}

/** The caller's notifications, newest first, filtered (unread, category) and paged; `total` counts the matches. */
export async function listNotifications(db: Db, userId: string, filter: NotificationFilter) {
  const where = and(
    eq(notifications.userId, userId),
    filter.unreadOnly ? eq(notifications.isRead, false) : undefined,
    filter.type ? eq(notifications.type, filter.type) : undefined,
  );
  const page = filter.page ?? 1;
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(filter.limit)
    .offset((page - 1) * filter.limit);
  // The first page of the unfiltered bell list needs no separate count when it is not full.
  const total =
    page === 1 && rows.length < filter.limit ? rows.length : ((await db.select({ n: count() }).from(notifications).where(where))[0]?.n ?? 0);
  return { notifications: rows.map(toNotificationDto), unreadCount: await unreadCount(db, userId), total };
}

/** Mark one of the caller's notifications read; someone else's (or a malformed id) is 404. */
export async function markRead(db: Db, userId: string, id: string): Promise<NotificationDto> {
  if (!isId(id)) throw notFound('Notification');
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound('Notification');
  return toNotificationDto(row);
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
