import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { envelope, idParams } from '@app/shared/api';
import {
  NOTIFICATION_HEARTBEAT_MS,
  NOTIFICATION_PREFERENCES_SAVED,
  notificationDto,
  notificationListData,
  notificationPreferencesBody,
  notificationPreferencesData,
  notificationListQuery,
  notificationStreamQuery,
  unreadCountData,
} from '@app/shared/notifications';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { notifications } from '../../db/schema/platform.ts';
import { unauthenticated } from '../../lib/errors.ts';
import type { AppEvent } from '../../lib/events.ts';
import { actorOf, type Actor, type App } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { INVALID_TOKEN_MESSAGE, resolveActor } from '../auth/access.ts';
import { listNotifications, markAllRead, markRead, toNotificationDto, unreadCount } from './notifications.queries.ts';
import { getPreferences, updatePreferences } from './preferences.ts';

/** At most this many missed notifications are replayed to a reconnecting stream (Last-Event-ID). */
const REPLAY_LIMIT = 200;
const REPLAY_MARGIN = '5 seconds';

export async function notificationsRoutes(app: App) {
  const secured = { security: [{ bearer: [] }] };
  const db = () => app.ctx.db;

  app.get(
    '/notifications',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['notifications'], ...secured, querystring: notificationListQuery, response: { 200: envelope(notificationListData) } },
    },
    async (request) => ({
      success: true as const,
      data: await listNotifications(db(), actorOf(request).id, request.query.limit, request.query.unreadOnly === 'true'),
    }),
  );

  app.get(
    '/notifications/unread-count',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['notifications'], ...secured, response: { 200: envelope(unreadCountData) } },
    },
    async (request) => ({ success: true as const, data: { unreadCount: await unreadCount(db(), actorOf(request).id) } }),
  );

  // E-mail preferences per category (docs/decisions/425); every role has them, in-app always stays.
  app.get(
    '/notifications/preferences',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['notifications'], ...secured, response: { 200: envelope(notificationPreferencesData) } },
    },
    async (request) => ({ success: true as const, data: { email: await getPreferences(db(), actorOf(request).id) } }),
  );

  app.put(
    '/notifications/preferences',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['notifications'], ...secured, body: notificationPreferencesBody, response: { 200: envelope(notificationPreferencesData) } },
    },
    async (request) => ({
      success: true as const,
      message: NOTIFICATION_PREFERENCES_SAVED,
      data: { email: await updatePreferences(db(), actorOf(request).id, request.body.email) },
    }),
  );

  app.put(
    '/notifications/mark-all-read',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['notifications'], ...secured, response: { 200: envelope(z.object({ updated: z.number().int(), unreadCount: z.number().int() })) } },
    },
    async (request) => {
      const updated = await markAllRead(db(), actorOf(request).id);
      return { success: true as const, message: 'All notifications marked as read', data: { updated, unreadCount: 0 } };
    },
  );

  app.put(
    '/notifications/:id/read',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        ...secured,
        params: idParams,
        response: { 200: envelope(z.object({ notification: notificationDto, unreadCount: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const notification = await markRead(db(), actor.id, request.params.id);
      return { success: true as const, data: { notification, unreadCount: await unreadCount(db(), actor.id) } };
    },
  );

  // ---- Server-sent events: new notifications reach open tabs within a second ----
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });

  app.get(
    '/notifications/stream',
    {
      // EventSource cannot send headers: the token comes as ?token= and is checked here exactly as the
      // access hook checks a bearer token (signature, expiry, active user, token version).
      config: { access: 'public' },
      schema: { tags: ['notifications'], querystring: notificationStreamQuery, produces: ['text/event-stream'] },
    },
    async (request, reply) => {
      const token = request.query.token;
      let actor: Actor | null = request.actor;
      if (!actor) {
        if (!token) throw unauthenticated('Authentication required. Please sign in.');
        actor = await resolveActor(app, token);
      }
      if (!actor || (actor.isTemporaryPassword && actor.role === 'professional')) throw unauthenticated(INVALID_TOKEN_MESSAGE);
      const userId = actor.id;

      reply.hijack();
      const res = reply.raw;
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) res.setHeader(name, typeof value === 'number' ? String(value) : value);
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      open.add(res);
      const write = (chunk: string) => {
        if (!res.writableEnded) res.write(chunk);
      };
      const send = (event: string, data: unknown, id?: string) =>
        write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

      write('retry: 5000\n\n');
      send('ready', { unreadCount: await unreadCount(db(), userId) });

      // Notification events carry their id; a client reconnecting (through a balancer, to another
      // process) sends it back as Last-Event-ID and first receives every later notification it missed.
      const lastEventId = request.headers['last-event-id'];
      const resumeAfter = typeof lastEventId === 'string' && isId(lastEventId) ? lastEventId : undefined;
      const sent = new Set<string>();
      const sendNotification = async (row: typeof notifications.$inferSelect) => {
        if (sent.has(row.id)) return;
        sent.add(row.id);
        send('notification', { notification: toNotificationDto(row), unreadCount: await unreadCount(db(), userId) }, row.id);
      };

      // Deliver in order, one at a time, even when several events arrive together.
      let chain = Promise.resolve();
      if (resumeAfter) {
        chain = chain
          .then(async () => {
            // Ids order by second, then by process: within a second, or for a transaction that committed
            // late, a later notification can sort before the last one seen. Replay from REPLAY_MARGIN
            // before it instead; the client drops ids it already has.
            const missed = await db()
              .select()
              .from(notifications)
              .where(
                and(
                  eq(notifications.userId, userId),
                  ne(notifications.id, resumeAfter),
                  sql`${notifications.createdAt} >= (SELECT n.created_at - ${REPLAY_MARGIN}::interval FROM ${notifications} n WHERE n.id = ${resumeAfter} AND n.user_id = ${userId})`,
                ),
              )
              .orderBy(asc(notifications.createdAt), asc(notifications.id))
              .limit(REPLAY_LIMIT);
            for (const row of missed) await sendNotification(row);
          })
          .catch((err: unknown) => request.log.warn({ err }, 'notification stream replay failed'));
      }
      const onEvent = (event: AppEvent) => {
        if (event.userId !== userId) return;
        chain = chain
          .then(async () => {
            if (event.type === 'notification' && typeof event.data?.id === 'string') {
              const [row] = await db()
                .select()
                .from(notifications)
                .where(and(eq(notifications.id, event.data.id), eq(notifications.userId, userId)));
              if (!row) return;
              await sendNotification(row);
            } else {
              send(event.type, event.data ?? {});
            }
          })
          .catch((err: unknown) => request.log.warn({ err }, 'notification stream event failed'));
      };
      const unsubscribe = app.ctx.events.subscribe(onEvent);

      // Heartbeat comment; also ends the stream once the token stops being valid (password change, deactivation).
      const heartbeat = setInterval(() => {
        write(': heartbeat\n\n');
        const check = token ? resolveActor(app, token) : Promise.resolve(actor);
        void check
          .then((still) => {
            if (!still) res.end();
          })
          .catch(() => undefined);
      }, NOTIFICATION_HEARTBEAT_MS);
      heartbeat.unref();

      const cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      };
      request.raw.on('close', cleanup);
      res.on('close', cleanup);
    },
  );
}
