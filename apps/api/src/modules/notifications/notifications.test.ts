import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent } from '../../../test/factories.ts';
import { notifications } from '../../db/schema/index.ts';
import type { NotificationDto } from '@app/shared/notifications';
import { publish } from '../../lib/events.ts';
import { notify } from './notifications.service.ts';

const t = useTestApp();

async function seed(userId: string, n: number, extra: Partial<Parameters<typeof notify>[1]> = {}) {
  for (let i = 0; i < n; i++) {
    await notify(t.database.db, { userId, type: 'system', title: `Note ${i}`, message: `Message ${i}`, ...extra });
  }
}

describe('GET /api/notifications', () => {
  it('returns the latest `limit` of the caller only, with the unread count', async () => {
    const s = await buildStudent(t);
    const other = await buildStudent(t);
    await seed(s.id, 12);
    await seed(other.id, 2);
    await notify(t.database.db, { userId: s.id, type: 'workshop', subType: 'approved', priority: 'high', title: 'Latest', message: 'x', actionUrl: '/student/dashboard' });
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications?limit=10', headers: s.auth });
    expect(res.statusCode).toBe(200);
    const data = body<{ data: { notifications: NotificationDto[]; unreadCount: number } }>(res).data;
    expect(data.notifications).toHaveLength(10);
    expect(data.unreadCount).toBe(13);
    expect(data.notifications[0]).toMatchObject({ title: 'Latest', subType: 'approved', priority: 'high', metadata: { priority: 'high' }, isRead: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications?limit=500', headers: s.auth })).statusCode).toBe(400);
  });

  it('works for every role', async () => {
    for (const u of [await buildAdmin(t), await buildProfessional(t)]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: u.auth })).statusCode).toBe(200);
    }
  });
});

describe('GET /api/notifications filters and pages (the notifications page)', () => {
  type List = { data: { notifications: NotificationDto[]; unreadCount: number; total: number } };
  it('filters by unread and by category, pages, counts the matches, and only ever shows the caller\'s', async () => {
    const s = await buildStudent(t);
    const other = await buildStudent(t);
    await seed(s.id, 3, { type: 'workshop', actionUrl: '/student/dashboard?tab=workshops' });
    await seed(s.id, 4, { type: 'idea' });
    await seed(other.id, 5, { type: 'workshop' });
    const [first] = await t.database.db.select().from(notifications).where(eq(notifications.userId, s.id));
    await t.app.inject({ method: 'PUT', url: `/api/notifications/${first?.id ?? ''}/read`, headers: s.auth });
    const get = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/notifications?${query}`, headers: s.auth });
      expect(res.statusCode).toBe(200);
      return body<List>(res).data;
    };
    const workshops = await get('type=workshop&limit=20');
    expect(workshops.total).toBe(3);
    expect(workshops.notifications.every((n) => n.type === 'workshop' && n.actionUrl === '/student/dashboard?tab=workshops')).toBe(true);
    expect(workshops.unreadCount).toBe(6);
    const unread = await get('unreadOnly=true&limit=20');
    expect(unread.total).toBe(6);
    expect(unread.notifications.every((n) => !n.isRead)).toBe(true);
    const both = await get('unreadOnly=true&type=idea&limit=20');
    expect(both.notifications.map((n) => n.type)).toEqual(['idea', 'idea', 'idea', 'idea'].slice(0, both.total));
    const page1 = await get('limit=5&page=1');
    const page2 = await get('limit=5&page=2');
    expect(page1.total).toBe(7);
    expect(page2.total).toBe(7);
    expect(page1.notifications).toHaveLength(5);
    expect(page2.notifications).toHaveLength(2);
    expect(new Set([...page1.notifications, ...page2.notifications].map((n) => n.id)).size).toBe(7);
    expect((await get('limit=5&page=9')).notifications).toHaveLength(0);
  });

  it('answers bad filters with 400 and a clear message', async () => {
    const s = await buildStudent(t);
    for (const [query, message] of [
      ['type=party', 'type must be one of'],
      ['unreadOnly=yes', 'unreadOnly must be true or false'],
      ['page=0', 'page must be a whole number from 1'],
      ['page=abc', 'page must be a whole number from 1'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/notifications?${query}`, headers: s.auth });
      expect(res.statusCode, query).toBe(400);
      expect(body(res).message, query).toContain(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications?type=idea' })).statusCode).toBe(401);
  });
});

describe('read state', () => {
  it('marks one read (own only, 404 otherwise) and all read', async () => {
    const s = await buildStudent(t);
    const other = await buildStudent(t);
    await seed(s.id, 3);
    const [mine] = await t.database.db.select().from(notifications).where(eq(notifications.userId, s.id));
    const id = mine?.id ?? '';
    expect((await t.app.inject({ method: 'PUT', url: `/api/notifications/${id}/read` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `/api/notifications/${id}/read`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: '/api/notifications/not-an-id/read', headers: s.auth })).statusCode).toBe(404);
    const read = await t.app.inject({ method: 'PUT', url: `/api/notifications/${id}/read`, headers: s.auth });
    expect(read.statusCode).toBe(200);
    expect(body(read).data).toMatchObject({ notification: { isRead: true }, unreadCount: 2 });
    const count = await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: s.auth });
    expect(body(count).data).toEqual({ unreadCount: 2 });
    await seed(other.id, 1);
    const all = await t.app.inject({ method: 'PUT', url: '/api/notifications/mark-all-read', headers: s.auth });
    expect(all.statusCode).toBe(200);
    expect(body(all).data).toMatchObject({ updated: 2, unreadCount: 0 });
    const theirs = await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: other.auth });
    expect(body(theirs).data).toEqual({ unreadCount: 1 });
    expect((await t.app.inject({ method: 'PUT', url: '/api/notifications/mark-all-read' })).statusCode).toBe(401);
  });
});

describe('GET /api/notifications/stream', () => {
  it('401 without or with a bad token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/stream' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/stream?token=garbage' })).statusCode).toBe(401);
  });

  it("pushes the caller's new notifications, and only theirs", async () => {
    const s = await buildStudent(t);
    const other = await buildStudent(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const received: string[] = [];
    let resolveReady: () => void = () => undefined;
    const ready = new Promise<void>((r) => (resolveReady = r));
    let resolveNote: (v: string) => void = () => undefined;
    const note = new Promise<string>((r) => (resolveNote = r));
    const req = http.get(`http://127.0.0.1:${port}/api/notifications/stream?token=${s.token}`, (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        received.push(chunk);
        const all = received.join('');
        if (all.includes('event: ready')) resolveReady();
        const match = /event: notification\ndata: (.*)\n\n/.exec(all);
        if (match?.[1]) resolveNote(match[1]);
      });
    });
    try {
      await ready;
      await notify(t.database.db, { userId: other.id, type: 'system', title: 'Not yours', message: 'x' });
      await notify(t.database.db, { userId: s.id, type: 'idea', title: 'Yours', message: 'y' });
      const payload = JSON.parse(await note) as { notification: NotificationDto; unreadCount: number };
      expect(payload.notification.title).toBe('Yours');
      expect(payload.unreadCount).toBe(1);
      expect(received.join('')).not.toContain('Not yours');
    } finally {
      req.destroy();
    }
  });
});

describe('GET /api/notifications/stream with Last-Event-ID (issue 13: reconnecting through a balancer)', () => {
  /** Open the stream with headers, collect notification events (id + title) until `count` arrived. */
  /** Open the stream with headers and collect notification events for `ms`. */
  async function collectFor(port: number, token: string, headers: Record<string, string>, ms: number) {
    return collect(port, token, headers, Number.POSITIVE_INFINITY, undefined, ms);
  }

  async function collect(port: number, token: string, headers: Record<string, string>, count: number, onReady?: () => Promise<void>, ms?: number) {
    return new Promise<{ id: string; seq: string; title: string }[]>((resolve, reject) => {
      const got: { id: string; seq: string; title: string }[] = [];
      let buffer = '';
      const req = http.get(`http://127.0.0.1:${port}/api/notifications/stream?token=${token}`, { headers }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (/^event: notification$/m.test(block) && id && data) {
              const payload = JSON.parse(data) as { notification: NotificationDto };
              expect(id).toMatch(/^\d+$/); // the user's notification number (docs/decisions/600)
              got.push({ id: payload.notification.id, seq: id, title: payload.notification.title });
            }
            if (/^event: ready$/m.test(block) && onReady) void onReady();
          }
          if (count > 0 && got.length >= count) {
            req.destroy();
            resolve(got);
          }
        });
      });
      if (ms !== undefined) {
        setTimeout(() => {
          req.destroy();
          resolve(got);
        }, ms);
      }
      req.on('error', (e) => (got.length >= count ? undefined : reject(e)));
    });
  }

  it('replays the notifications after the last one the client saw, each once, then continues live', async () => {
    const s = await buildStudent(t);
    const other = await buildStudent(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = t.app.server.address() as AddressInfo;
    await seed(s.id, 1, { title: 'Seen' });
    const [seen] = await t.database.db.select().from(notifications).where(eq(notifications.userId, s.id));
    await seed(s.id, 3, { title: 'Missed' });
    await seed(other.id, 2, { title: 'Not yours' });

    const replayed = await collect(port, s.token, { 'last-event-id': String(seen?.seq) }, 3);
    expect(replayed.map((r) => r.title)).toEqual(['Missed', 'Missed', 'Missed']);
    expect(new Set(replayed.map((r) => r.id)).size).toBe(3);
    expect(replayed.map((r) => r.id)).not.toContain(seen?.id);
    expect(replayed.map((r) => Number(r.seq))).toEqual([2, 3, 4]);

    // A client of the old stream sends a notification id: it is mapped to that notification's number.
    const fromOldId = await collect(port, s.token, { 'last-event-id': seen?.id ?? '' }, 3);
    expect(fromOldId.map((r) => r.seq)).toEqual(['2', '3', '4']);

    // No header, a malformed one, an unknown id or a number beyond the newest: nothing replayed — the
    // first event is the live one.
    const variants: Record<string, string>[] = [
      {},
      { 'last-event-id': 'garbage' },
      { 'last-event-id': 'ffffffffffffffffffffffff' },
      { 'last-event-id': '999999' },
      { 'last-event-id': '-1' },
    ];
    for (const headers of variants) {
      const live = await collect(port, s.token, headers, 1, () => seed(s.id, 1, { title: 'Live' }));
      expect(live.map((r) => r.title)).toEqual(['Live']);
    }
  });

  it('misses nothing when a notification with an earlier id commits after a later one (two transactions interleaved)', async () => {
    const s = await buildStudent(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = t.app.server.address() as AddressInfo;
    const db = t.database.db;

    // The client is connected and has seen one notification.
    const first = await collect(port, s.token, {}, 1, () => seed(s.id, 1, { title: 'Before' }));
    const received = [...first];

    // Transaction 1 inserts "Early" (the earlier id; begun 10 s ago, so created_at is old) and stays open.
    let commitEarly: () => void = () => undefined;
    const earlyMayCommit = new Promise<void>((r) => (commitEarly = r));
    let earlyInserted: () => void = () => undefined;
    const earlyIsInserted = new Promise<void>((r) => (earlyInserted = r));
    const early = db.transaction(async (tx) => {
      const [row] = await tx
        .insert(notifications)
        .values({ userId: s.id, type: 'system', title: 'Early', message: 'x', createdAt: new Date(Date.now() - 10_000) })
        .returning({ id: notifications.id });
      await publish(tx, { userId: s.id, type: 'notification', data: { id: row?.id } });
      earlyInserted();
      await earlyMayCommit;
    });
    await earlyIsInserted;
    // Transaction 2 inserts "Late" (a later id) and tries to commit first.
    const late = notify(db, { userId: s.id, type: 'system', title: 'Late', message: 'y' });

    // Meanwhile the client (still on the stream) gets what it gets for a second, then drops.
    const live = await collectFor(port, s.token, { 'last-event-id': first[0]?.seq ?? '' }, 1000);
    received.push(...live);

    // Now the early transaction commits; the client reconnects with the last id it saw.
    commitEarly();
    await early;
    await late;
    const last = received.at(-1)?.seq ?? '';
    const replayed = await collectFor(port, s.token, { 'last-event-id': last }, 1000);
    received.push(...replayed);

    expect(received.map((r) => r.title).sort()).toEqual(['Before', 'Early', 'Late']);
    expect(new Set(received.map((r) => r.id)).size).toBe(3);
  });
});
