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
import { and, asc, eq, gt, max } from 'drizzle-orm';
import { notifications } from '../../db/schema/platform.ts';
import { unauthenticated } from '../../lib/errors.ts';
import type { AppEvent } from '../../lib/events.ts';
import { actorOf, type Actor, type App } from '../../lib/http.ts';
import { isId } from '../../lib/ids.ts';
import { INVALID_TOKEN_MESSAGE, resolveActor } from '../auth/index.ts';
import { listNotifications, markAllRead, markRead, toNotificationDto, unreadCount } from './notifications.queries.ts';
import { getPreferences, updatePreferences } from './preferences.ts';

/** At most this many missed notifications (the newest) are replayed to a reconnecting stream (Last-Event-ID). */
const REPLAY_LIMIT = 1000;
/** Rows read per query when the stream catches up. */
const PULL_BATCH = 200;

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
      data: await listNotifications(db(), actorOf(request).id, {
        limit: request.query.limit,
        unreadOnly: request.query.unreadOnly === 'true',
        type: request.query.type,
        page: request.query.page,
      }),
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

      /**
       * Where a (re)connecting stream starts: after the Last-Event-ID it sent (a seq; or, from a client of
       * the old stream, a notification id, mapped to its seq), at most REPLAY_LIMIT behind the newest.
       * None, a malformed, an unknown or a future id: after the newest — replay nothing.
       */
      const resumeCursor = async (last: string | undefined): Promise<number> => {
        const [latest] = await db()
          .select({ seq: max(notifications.seq) })
          .from(notifications)
          .where(eq(notifications.userId, userId));
        const newest = Number(latest?.seq ?? 0);
        let from: number | undefined;
        if (last !== undefined && /^\d{1,15}$/.test(last)) from = Number(last);
        else if (last !== undefined && isId(last)) {
          const [row] = await db()
            .select({ seq: notifications.seq })
            .from(notifications)
            .where(and(eq(notifications.id, last), eq(notifications.userId, userId)));
          from = row?.seq;
        }
        if (from === undefined || from > newest) return newest;
        return Math.max(from, newest - REPLAY_LIMIT);
      };

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

      // Notification events carry the user's notification number (`seq`, 1, 2, 3… in commit order) as
      // their id. The stream keeps a cursor, the last seq it sent, and every time it hears of a new
      // notification it sends all of the user's rows after the cursor, in seq order: nothing is sent twice
      // and a NOTIFY this process missed is made up by the next one. A client reconnecting (through a
      // balancer, usually to another process) sends the last id back as Last-Event-ID and the cursor starts
      // there: exactly the notifications it missed are replayed (docs/decisions/600).
      const lastEventId = request.headers['last-event-id'];
      let cursor = 0;
      let chain = Promise.resolve();
      let pullQueued = false;
      const pull = async () => {
        while (!res.writableEnded) {
          const rows = await db()
            .select()
            .from(notifications)
            .where(and(eq(notifications.userId, userId), gt(notifications.seq, cursor)))
            .orderBy(asc(notifications.seq))
            .limit(PULL_BATCH);
          if (rows.length === 0) return;
          const unread = await unreadCount(db(), userId);
          for (const row of rows) {
            send('notification', { notification: toNotificationDto(row), unreadCount: unread }, String(row.seq));
            cursor = row.seq;
          }
          if (rows.length < PULL_BATCH) return;
        }
      };
      const schedulePull = () => {
        if (pullQueued) return; // one queued pull covers every notification heard before it starts
        pullQueued = true;
        chain = chain
          .then(() => {
            pullQueued = false;
            return pull();
          })
          .catch((err: unknown) => request.log.warn({ err }, 'notification stream pull failed'));
      };
      const onEvent = (event: AppEvent) => {
        if (event.userId !== userId) return;
        if (event.type === 'notification') schedulePull();
        else chain = chain.then(() => send(event.type, event.data ?? {}));
      };
      // Listen before reading where to start: a notification committed after that read is heard. `ready`
      // goes out only once the cursor is read: a client that acts on `ready` (and causes a notification)
      // gets that notification, which it would not if the cursor were read after it had committed.
      const unsubscribe = app.ctx.events.subscribe(onEvent);
      chain = chain
        .then(async () => {
          cursor = await resumeCursor(typeof lastEventId === 'string' ? lastEventId : undefined);
          send('ready', { unreadCount: await unreadCount(db(), userId) });
        })
        .catch((err: unknown) => {
          // Without a cursor the stream cannot know what the client has: end it, the client reconnects.
          request.log.warn({ err }, 'notification stream could not resume');
          res.end();
        });
      schedulePull();

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
