// After a mentoring session (issue 12): the professional marks it attended or a no-show; an attended
// session asks the student to rate it (once); a no-show cannot be rated and counts on the professional's
// dashboard and in the admin analytics.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { MENTORING_MESSAGES, type DashboardStats, type Session } from '@app/shared/mentoring';
import { mentoringSessions } from '../../db/schema/mentoring.ts';
import { notifications } from '../../db/schema/platform.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { MISSING_ID, connected, dayFromNow } from './test-helpers.ts';

const t = useTestApp();
afterEach(() => t.app.ctx.clock.set(null));

const mark = (user: BuiltUser | null, id: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/sessions/${id}/attendance`, headers: user?.auth ?? {}, payload: payload as object });

async function sessionFor(student: BuiltUser, pro: BuiltUser) {
  const { sessionId } = await connected(t, student, pro, { date: dayFromNow(2), startTime: '10:00', endTime: '11:00', timezone: 'UTC' });
  if (!sessionId) throw new Error('no session');
  const [row] = await t.database.db.select().from(mentoringSessions).where(eq(mentoringSessions.id, sessionId));
  if (!row) throw new Error('no row');
  return row;
}

describe('POST /api/sessions/:id/attendance', () => {
  it('401, 403, 404 for another professional, 400 before the start and for bad input, then attended asks for a rating once', async () => {
    const pro = await buildProfessional(t);
    const other = await buildProfessional(t);
    const student = await buildStudent(t);
    const s = await sessionFor(student, pro);
    expect((await mark(null, s.id, { attendance: 'attended' })).statusCode).toBe(401);
    expect((await mark(student, s.id, { attendance: 'attended' })).statusCode).toBe(403);
    expect((await mark(other, s.id, { attendance: 'attended' })).statusCode).toBe(404);
    expect((await mark(pro, MISSING_ID, { attendance: 'attended' })).statusCode).toBe(404);
    expect((await mark(pro, 'nope', { attendance: 'attended' })).statusCode).toBe(404);
    const bad = await mark(pro, s.id, { attendance: 'maybe' });
    expect([bad.statusCode, body(bad).message]).toEqual([400, MENTORING_MESSAGES.attendanceChoice]);
    const early = await mark(pro, s.id, { attendance: 'attended' });
    expect([early.statusCode, body(early).message]).toEqual([400, MENTORING_MESSAGES.attendanceTooEarly]);

    t.app.ctx.clock.set(new Date(s.startsAt.getTime() + 5 * 60_000));
    const ok = await mark(pro, s.id, { attendance: 'attended' });
    expect(ok.statusCode).toBe(200);
    expect(body<{ data: { session: Session } }>(ok).data.session).toMatchObject({ attendance: 'attended', canMarkAttendance: true });
    await mark(pro, s.id, { attendance: 'attended' });
    const asks = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, student.id), eq(notifications.subType, 'rate')));
    expect(asks).toHaveLength(1);
  });

  it('a no-show cannot be rated and is counted for the professional and in the admin analytics', async () => {
    const pro = await buildProfessional(t);
    const student = await buildStudent(t);
    const admin = await buildAdmin(t);
    const s = await sessionFor(student, pro);
    // The session is over (moved into the past: the rating check uses the database's time).
    const past = new Date(Date.now() - 3 * 3_600_000);
    await t.database.db.update(mentoringSessions).set({ startsAt: past, endsAt: new Date(past.getTime() + 3_600_000) }).where(eq(mentoringSessions.id, s.id));
    const before = body<{ data: { sessionAttendance: { noShow: number } } }>(
      await t.app.inject({ method: 'GET', url: '/api/admin/analytics', headers: admin.auth }),
    ).data.sessionAttendance.noShow;
    expect((await mark(pro, s.id, { attendance: 'no-show' })).statusCode).toBe(200);
    const rate = await t.app.inject({ method: 'POST', url: `/api/sessions/${s.id}/rate`, headers: student.auth, payload: { rating: 5 } });
    expect([rate.statusCode, body(rate).message]).toEqual([400, MENTORING_MESSAGES.rateNoShow]);
    const mine = body<{ data: { sessions: Session[] } }>(await t.app.inject({ method: 'GET', url: '/api/sessions/my', headers: student.auth })).data.sessions;
    expect(mine.find((x) => x._id === s.id)).toMatchObject({ attendance: 'no-show', canRate: false, canMarkAttendance: false });
    const stats = body<{ data: { stats: DashboardStats } }>(
      await t.app.inject({ method: 'GET', url: '/api/professionals/dashboard-stats', headers: pro.auth }),
    ).data.stats;
    expect(stats.noShowSessions).toBe(1);
    const after = body<{ data: { sessionAttendance: { noShow: number } } }>(
      await t.app.inject({ method: 'GET', url: '/api/admin/analytics', headers: admin.auth }),
    ).data.sessionAttendance.noShow;
    expect(after).toBe(before + 1);
    // Changing the mark to attended lets the student rate it.
    expect((await mark(pro, s.id, { attendance: 'attended' })).statusCode).toBe(200);
    const rated = await t.app.inject({ method: 'POST', url: `/api/sessions/${s.id}/rate`, headers: student.auth, payload: { rating: 4 } });
    expect(rated.statusCode).toBe(200);
  });
});
