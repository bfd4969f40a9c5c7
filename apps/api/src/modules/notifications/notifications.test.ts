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
