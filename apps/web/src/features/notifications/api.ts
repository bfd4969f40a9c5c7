import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { NOTIFICATION_FETCH_LIMIT, NOTIFICATION_POLL_MS } from '@app/shared/notification-constants';
import type { NotificationDto, notificationListData } from '@app/shared/notifications';
import { api, schemasFrom } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';

// Every signed-in page's header reads these: the schemas (and zod) load with the first request (decision 950).
const schemas = () => import('./schemas.ts');
const answer = schemasFrom(schemas);
export const notificationSchema = answer;

type ListData = z.infer<typeof notificationListData>;
const LIST_KEY = ['notifications', 'list'] as const;
const COUNT_KEY = ['notifications', 'unread-count'] as const;

export function useNotifications() {
  return useQuery({
    queryKey: LIST_KEY,
    queryFn: ({ signal }) => api('/notifications', answer('listAnswer'), { query: { limit: NOTIFICATION_FETCH_LIMIT }, signal }).then((r) => r.data),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

/** Polled every 30 s (spec); the stream below makes it near-instant. */
export function useUnreadCount() {
  return useQuery({
    queryKey: COUNT_KEY,
    queryFn: ({ signal }) => api('/notifications/unread-count', answer('countAnswer'), { signal }).then((r) => r.data.unreadCount),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/notifications/${id}/read`, answer('markReadAnswer'), { method: 'PUT' }),
    onMutate: (id) => {
      client.setQueryData<ListData>(LIST_KEY, (old) =>
        old ? { ...old, notifications: old.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)) } : old,
      );
      client.setQueryData<number>(COUNT_KEY, (old) => Math.max(0, (old ?? 1) - 1));
    },
    onSettled: () => void client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/notifications/mark-all-read', answer('markAllReadAnswer'), { method: 'PUT' }),
    onMutate: () => {
      client.setQueryData<ListData>(LIST_KEY, (old) => (old ? { ...old, unreadCount: 0, notifications: old.notifications.map((n) => ({ ...n, isRead: true })) } : old));
      client.setQueryData<number>(COUNT_KEY, 0);
    },
    onSettled: () => void client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

/**
 * Live updates over server-sent events (EventSource cannot send headers: the token goes in the
 * query). New notifications are put at the top of the list at once; polling stays as a fallback.
 */
export function useNotificationStream(onNew?: (n: NotificationDto) => void) {
  const client = useQueryClient();
  const token = useSession()?.token;
  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/notifications/stream?token=${encodeURIComponent(token)}`);
    // Event ids are the user's notification numbers: after a reconnect (EventSource sends Last-Event-ID)
    // the server replays exactly the later ones (docs/decisions/600). Still show each notification once.
    const seen = new Set<string>();
    const events = schemas();
    const onNotification = async (event: MessageEvent<string>) => {
      const parsed = (await events).streamEvent.safeParse(JSON.parse(event.data));
      if (!parsed.success) return;
      const { notification, unreadCount } = parsed.data;
      if (seen.has(notification.id)) return;
      seen.add(notification.id);
      client.setQueryData<ListData>(LIST_KEY, (old) =>
        old
          ? {
              unreadCount,
              total: old.total + (old.notifications.some((n) => n.id === notification.id) ? 0 : 1),
              notifications: [notification, ...old.notifications.filter((n) => n.id !== notification.id)].slice(0, NOTIFICATION_FETCH_LIMIT),
            }
          : old,
      );
      client.setQueryData<number>(COUNT_KEY, unreadCount);
      onNew?.(notification);
    };
    // `ready` carries the unread count from where the stream starts: a notification that came while no
    // stream was open (before this one connected, or between reconnects) is in it but not replayed, so a
    // different count refetches the list and the count.
    const onReady = async (event: MessageEvent<string>) => {
      const parsed = (await events).readyEvent.safeParse(JSON.parse(event.data));
      if (!parsed.success) return;
      if (client.getQueryData<number>(COUNT_KEY) !== parsed.data.unreadCount) void client.invalidateQueries({ queryKey: ['notifications'] });
    };
    source.addEventListener('notification', onNotification);
    source.addEventListener('ready', onReady);
    return () => {
      source.removeEventListener('notification', onNotification);
      source.removeEventListener('ready', onReady);
      source.close();
    };
  }, [token, client, onNew]);
}
