import { z } from 'zod';

export const NOTIFICATION_TYPES = ['workshop', 'idea', 'connection', 'session', 'rd-project', 'system'] as const;
export const NOTIFICATION_FETCH_LIMIT = 10;
export const NOTIFICATION_POLL_MS = 30_000;
/** The SSE stream sends a comment this often so proxies keep the connection open. */
export const NOTIFICATION_HEARTBEAT_MS = 25_000;

export const NOTIFICATION_MESSAGES = {
  empty: 'No notifications yet',
} as const;

/** The bell's badge: the count, capped at '99+' (spec 000 §2). */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export const notificationDto = z.object({
  _id: z.string(),
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  subType: z.string().nullable(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  actionUrl: z.string().nullable(),
  priority: z.enum(['low', 'normal', 'high']),
  metadata: z.record(z.string(), z.unknown()).and(z.object({ priority: z.string() })),
});
export type NotificationDto = z.infer<typeof notificationDto>;

export const notificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_FETCH_LIMIT),
  unreadOnly: z.enum(['true', 'false']).optional(),
});
export const notificationListData = z.object({ notifications: z.array(notificationDto), unreadCount: z.number().int() });
export const unreadCountData = z.object({ unreadCount: z.number().int() });
export const notificationStreamQuery = z.object({ token: z.string().max(4096).optional() });
