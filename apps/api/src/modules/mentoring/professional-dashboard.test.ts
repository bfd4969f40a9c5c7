import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MENTORING_MESSAGES, type ConnectedStudent, type DashboardStats } from '@app/shared/mentoring';
import { connectionRequests, conversationMessages, mentoringSessions } from '../../db/schema/mentoring.ts';
import { emails, jobs, notifications } from '../../db/schema/platform.ts';
import { professionalProfiles, studentProfiles, users } from '../../db/schema/users.ts';
import { body, buildProfessional, buildStudent } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { monthChange } from './professional-dashboard.service.ts';
import { sweepConnectionRequests } from './responsiveness.ts';
import { connected, dayFromNow, requestId } from './test-helpers.ts';

const t = useTestApp();
const db = () => t.database.db;
const DAY = 86_400_000;

function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = '----mb' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The professional's dashboard numbers, as the page reads them. */
async function dashboardStats(headers: Record<string, string>) {
  return body<{ data: { stats: DashboardStats } }>(await t.app.inject({ method: 'GET', url: '/api/professionals/dashboard-stats', headers })).data.stats;
}

describe('GET /professionals/dashboard-stats', () => {
  it('answers 401/403 and computes the numbers, including the real month-over-month change', async () => {
    const pro = await buildProfessional(t);
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/professionals/dashboard-stats' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/professionals/dashboard-stats', headers: student.auth })).statusCode,
    ).toBe(403);
    const empty = await dashboardStats(pro.auth);
    expect(empty).toMatchObject({
      totalWorkshops: 0,
      pendingRequests: 0,
      connectedStudents: 0,
      upcomingSessions: 0,
      totalSessions: 0,
      averageRating: 0,
      monthOverMonthChange: null,
      acceptingRequests: true,
    });

    await connected(t, student, pro, { date: dayFromNow(3), startTime: '10:00', endTime: '11:00', timezone: 'UTC' });
    await requestId(t, await buildStudent(t), pro);
    await db().update(professionalProfiles).set({ ratingSum: 9, ratingCount: 2 }).where(eq(professionalProfiles.userId, pro.id));
    const stats = await dashboardStats(pro.auth);
    expect(stats).toMatchObject({
      pendingRequests: 1,
      connectedStudents: 1,
      upcomingSessions: 1,
      totalSessions: 1,
      averageRating: 4.5,
      ratingCount: 2,
    });
    expect(monthChange(6, 4)).toBe(50);
    expect(monthChange(2, 4)).toBe(-50);
    expect(monthChange(3, 0)).toBeNull();
  });
});

describe('GET /professionals/connected-students', () => {
  it('lists accepted students with sessions, last interaction, and working search and status filter', async () => {
    const pro = await buildProfessional(t);
    const recent = await buildStudent(t, { firstName: 'Zara', lastName: 'Ali', university: 'Delhi University' });
    const old = await buildStudent(t, { firstName: 'Omar', lastName: 'Faiz', university: 'Pune University' });
    const pending = await buildStudent(t, { firstName: 'Pending', lastName: 'One' });
    await connected(t, recent, pro);
    await connected(t, old, pro);
    await requestId(t, pending, pro);
    await db().update(studentProfiles).set({ department: 'Electronics' }).where(eq(studentProfiles.userId, recent.id));
    // Omar connected two months ago and has not been heard from since.
    await db()
      .update(connectionRequests)
      .set({ respondedAt: new Date(Date.now() - 60 * DAY) })
      .where(eq(connectionRequests.studentId, old.id));
    await db()
      .insert(conversationMessages)
      .values({ professionalId: pro.id, studentId: recent.id, senderId: recent.id, body: 'hi' });
    await db()
      .insert(mentoringSessions)
      .values({
        professionalId: pro.id,
        studentId: recent.id,
        topic: 'Past',
        startsAt: new Date(Date.now() - 10 * DAY),
        endsAt: new Date(Date.now() - 10 * DAY + 3600_000),
      });

    const get = async (query = '') =>
      body<{ data: { students: ConnectedStudent[] } }>(
        await t.app.inject({ method: 'GET', url: `/api/professionals/connected-students${query}`, headers: pro.auth }),
      ).data.students;
    const all = await get();
    expect(all.map((s) => s.name).sort()).toEqual(['Omar Faiz', 'Zara Ali']);
    const zara = all.find((s) => s.name === 'Zara Ali');
    expect(zara).toMatchObject({
      email: recent.email,
      university: 'Delhi University',
      department: 'Electronics',
      totalSessions: 1,
      status: 'active',
    });
    expect(zara?.lastInteraction).not.toBeNull();
    expect(all.find((s) => s.name === 'Omar Faiz')).toMatchObject({
      status: 'inactive',
      lastInteraction: null,
      totalSessions: 0,
      department: 'Computer Science',
    });
    expect((await get('?status=active')).map((s) => s.name)).toEqual(['Zara Ali']);
    expect((await get('?status=inactive')).map((s) => s.name)).toEqual(['Omar Faiz']);
    expect((await get('?search=pune')).map((s) => s.name)).toEqual(['Omar Faiz']);
    expect((await get('?search=ZARA&status=inactive')).map((s) => s.name)).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/professionals/connected-students?status=odd', headers: pro.auth }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/professionals/connected-students', headers: recent.auth })).statusCode,
    ).toBe(403);
  });
});

describe('accepting requests and profile image', () => {
  it('pauses and resumes new requests', async () => {
    const pro = await buildProfessional(t);
    const url = '/api/professionals/me/accepting-requests';
    expect((await t.app.inject({ method: 'PUT', url, payload: { acceptingRequests: false } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url, headers: (await buildStudent(t)).auth, payload: { acceptingRequests: false } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url, headers: pro.auth, payload: { acceptingRequests: 'no' } })).statusCode).toBe(
      400,
    );
    const off = await t.app.inject({ method: 'PUT', url, headers: pro.auth, payload: { acceptingRequests: false } });
    expect(body(off)).toMatchObject({ data: { acceptingRequests: false } });
    const student = await buildStudent(t);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/professionals/${pro.id}/connect`, headers: student.auth, payload: {} }))
        .statusCode,
    ).toBe(409);
    const shown = await t.app.inject({ method: 'GET', url: `/api/professionals/${pro.id}/availability`, headers: student.auth });
    expect(body(shown)).toMatchObject({ data: { acceptingRequests: false } });
    await t.app.inject({ method: 'PUT', url, headers: pro.auth, payload: { acceptingRequests: true } });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/professionals/${pro.id}/connect`, headers: student.auth, payload: {} }))
        .statusCode,
    ).toBe(201);
  });

  it('uploads a profile image checked by content', async () => {
    const pro = await buildProfessional(t);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const url = '/api/professionals/upload-image';
    const ok = multipart('profileImage', 'me.png', 'image/png', png);
    expect((await t.app.inject({ method: 'POST', url, ...ok })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url,
          headers: { ...(await buildStudent(t)).auth, ...ok.headers },
          payload: ok.payload,
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.app.inject({ method: 'POST', url, headers: { ...pro.auth, ...ok.headers }, payload: ok.payload });
    expect(res.statusCode).toBe(200);
    const data = body<{ message: string; data: { imageUrl: string } }>(res);
    expect(data.message).toBe(MENTORING_MESSAGES.imageUpdated);
    expect(data.data.imageUrl).toMatch(/^\/api\/uploads\/avatars\/.+\.webp$/);
    const [user] = await db().select().from(users).where(eq(users.id, pro.id));
    expect(user?.profileImageKey).toBeTruthy();
    const fake = multipart('profileImage', 'evil.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    const refused = await t.app.inject({ method: 'POST', url, headers: { ...pro.auth, ...fake.headers }, payload: fake.payload });
    expect(refused.statusCode).toBe(415);
    expect(body(refused)).toMatchObject({ message: MENTORING_MESSAGES.imageType });
  });
});

describe('responsiveness sweep', () => {
  it('reminds the professional once after 7 days and expires after 14 days, telling the student', async () => {
    const pro = await buildProfessional(t);
    const s7 = await buildStudent(t);
    const s14 = await buildStudent(t);
    const fresh = await buildStudent(t);
    const r7 = await requestId(t, s7, pro);
    const r14 = await requestId(t, s14, pro);
    const rFresh = await requestId(t, fresh, pro);
    await db()
      .update(connectionRequests)
      .set({ createdAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(connectionRequests.id, r7));
    await db()
      .update(connectionRequests)
      .set({ createdAt: new Date(Date.now() - 15 * DAY) })
      .where(eq(connectionRequests.id, r14));

    expect(await sweepConnectionRequests(db())).toEqual({ reminded: 1, expired: 1 });
    expect(await sweepConnectionRequests(db())).toEqual({ reminded: 0, expired: 0 });
    const status = async (id: string) => (await db().select().from(connectionRequests).where(eq(connectionRequests.id, id)))[0];
    expect((await status(r7))?.remindedAt).not.toBeNull();
    expect((await status(r14))?.status).toBe('expired');
    expect(await status(rFresh)).toMatchObject({ status: 'pending', remindedAt: null });
    const proBell = await db().select().from(notifications).where(eq(notifications.userId, pro.id));
    expect(proBell.filter((n) => n.subType === 'reminder')).toHaveLength(1);
    const studentBell = await db().select().from(notifications).where(eq(notifications.userId, s14.id));
    expect(studentBell.map((n) => n.subType)).toEqual(['expired']);
    expect((await db().select().from(emails).where(eq(emails.to, pro.email))).length).toBe(1);
    // An expired request no longer blocks a new one.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/professionals/${pro.id}/connect`, headers: s14.auth, payload: {} }))
        .statusCode,
    ).toBe(201);
    // The sweep is a scheduled task: one job per 15-minute slot, however often the scheduler ticks.
    t.app.ctx.clock.set(new Date(Date.now() + 15 * 60_000));
    try {
      const before = await db().select().from(jobs).where(eq(jobs.type, 'scheduled:mentoring.sweep-requests'));
      await t.app.ctx.scheduler.tick();
      await t.app.ctx.scheduler.tick();
      const after = await db().select().from(jobs).where(eq(jobs.type, 'scheduled:mentoring.sweep-requests'));
      expect(after.length - before.length).toBe(1);
      expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    } finally {
      t.app.ctx.clock.set(null);
    }
  });
});
