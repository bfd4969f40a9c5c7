import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent } from '../../../test/factories.ts';
import { notifications } from '../../db/schema/index.ts';
import type { NotificationDto } from '@app/shared/notifications';
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
  async function collect(port: number, token: string, headers: Record<string, string>, count: number, onReady?: () => Promise<void>) {
    return new Promise<{ id: string; title: string }[]>((resolve, reject) => {
      const got: { id: string; title: string }[] = [];
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
              expect(payload.notification.id).toBe(id);
              got.push({ id, title: payload.notification.title });
            }
            if (/^event: ready$/m.test(block) && onReady) void onReady();
          }
          if (count > 0 && got.length >= count) {
            req.destroy();
            resolve(got);
          }
        });
      });
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

    const replayed = await collect(port, s.token, { 'last-event-id': seen?.id ?? '' }, 3);
    expect(replayed.map((r) => r.title)).toEqual(['Missed', 'Missed', 'Missed']);
    expect(new Set(replayed.map((r) => r.id)).size).toBe(3);
    expect(replayed.map((r) => r.id)).not.toContain(seen?.id);

    // No header, a malformed one or an unknown id: nothing replayed — the first event is the live one.
    const variants: Record<string, string>[] = [{}, { 'last-event-id': 'garbage' }, { 'last-event-id': 'ffffffffffffffffffffffff' }];
    for (const headers of variants) {
      const live = await collect(port, s.token, headers, 1, () => seed(s.id, 1, { title: 'Live' }));
      expect(live.map((r) => r.title)).toEqual(['Live']);
    }
  });
});
