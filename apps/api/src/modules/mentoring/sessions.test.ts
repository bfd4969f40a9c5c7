import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MENTORING_MESSAGES, type Session } from '@app/shared/mentoring';
import { mentoringSessions } from '../../db/schema/mentoring.ts';
import { emails, notifications } from '../../db/schema/platform.ts';
import { professionalProfiles } from '../../db/schema/users.ts';
import { body, buildAdmin, buildProfessional, buildStudent } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { MISSING_ID, connected, createSession, requestId, schedule } from './test-helpers.ts';

const t = useTestApp();
const db = () => t.database.db;

describe('GET /sessions/my', () => {
  it('answers 401, 403 for admins, and shows each participant only their own sessions with the link', async () => {
    const student = await buildStudent(t, { firstName: 'Meena', lastName: 'Roy' });
    const pro = await buildProfessional(t, { firstName: 'Ravi', lastName: 'Kumar', title: 'Architect' });
    const outsider = await buildStudent(t);
    await connected(t, student, pro, schedule(3));
    expect((await t.app.inject({ method: 'GET', url: '/api/sessions/my' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/sessions/my', headers: (await buildAdmin(t)).auth })).statusCode).toBe(
      403,
    );
    for (const who of [student, pro]) {
      const list = body<{ data: { sessions: Session[] } }>(
        await t.app.inject({ method: 'GET', url: '/api/sessions/my', headers: who.auth }),
      ).data.sessions;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        status: 'scheduled',
        type: 'individual',
        duration: 60,
        student: { name: 'Meena Roy' },
        professional: { name: 'Ravi Kumar', title: 'Architect' },
        canRate: false,
      });
      expect(list[0]?.meetLink).toMatch(/^https:\/\/meet\.jit\.si\//);
    }
    expect(
      body<{ data: { sessions: Session[] } }>(
        await t.app.inject({ method: 'GET', url: '/api/sessions/my', headers: outsider.auth }),
      ).data.sessions,
    ).toEqual([]);
  });
});

describe('POST /sessions', () => {
  it('answers 401, 403 for students, 404 for unknown students, 400 for unconnected ones and bad times', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const post = (who: { auth: Record<string, string> } | null, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/sessions', headers: who?.auth ?? {}, payload });
    expect((await post(null, { studentId: student.id, ...schedule(2) })).statusCode).toBe(401);
    expect((await post(student, { studentId: student.id, ...schedule(2) })).statusCode).toBe(403);
    expect((await post(pro, { studentId: MISSING_ID, ...schedule(2) })).statusCode).toBe(404);
    expect((await post(pro, { studentId: 'oops', ...schedule(2) })).statusCode).toBe(404);
    const notConnected = await post(pro, { studentId: student.id, ...schedule(2) });
    expect(notConnected.statusCode).toBe(400);
    expect(body(notConnected)).toMatchObject({ message: MENTORING_MESSAGES.notConnected });
    // A pending request is not a connection either.
    await requestId(t, student, pro);
    expect((await post(pro, { studentId: student.id, ...schedule(2) })).statusCode).toBe(400);
  });

  it('schedules with a connected student, notifies and e-mails an invitation; overlapping times are refused', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    await connected(t, student, pro);
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/sessions', headers: pro.auth, payload: { studentId: student.id, ...payload } });
    const res = await post({ topic: 'Resume review', ...schedule(4, '09:00', '10:30', 'Asia/Kolkata') });
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({
      message: MENTORING_MESSAGES.sessionScheduled,
      data: { session: { topic: 'Resume review', duration: 90, timezone: 'Asia/Kolkata' } },
    });
    const bell = await db().select().from(notifications).where(eq(notifications.userId, student.id));
    expect(bell.some((n) => n.subType === 'scheduled')).toBe(true);
    const mail = await db().select().from(emails).where(eq(emails.to, student.email));
    expect(mail.at(-1)?.attachments[0]?.content).toContain('TZID:Asia/Kolkata');

    const overlap = await post({ ...schedule(4, '10:00', '11:00', 'Asia/Kolkata') });
    expect(overlap.statusCode).toBe(409);
    expect(body(overlap)).toMatchObject({ message: MENTORING_MESSAGES.doubleBooked });
    // Back to back is fine.
    expect((await post({ ...schedule(4, '10:30', '11:00', 'Asia/Kolkata') })).statusCode).toBe(201);
    const tooLong = await post({ ...schedule(5, '08:00', '17:00') });
    expect(body(tooLong)).toMatchObject({ message: MENTORING_MESSAGES.sessionTooLong });
  });

  it('race: overlapping sessions created at once, only one is kept', async () => {
    const pro = await buildProfessional(t);
    const students = await Promise.all(Array.from({ length: 4 }, () => buildStudent(t)));
    for (const s of students) await connected(t, s, pro);
    const results = await Promise.all(
      students.map((s, i) =>
        createSession(t, pro, { studentId: s.id, ...schedule(20, i % 2 ? '10:00' : '10:30', i % 2 ? '11:00' : '11:30') }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const rows = await db().select().from(mentoringSessions).where(eq(mentoringSessions.professionalId, pro.id));
    expect(rows).toHaveLength(1);
  });
});

describe('reschedule, cancel and calendar', () => {
  it('reschedules (SEQUENCE+1, new invitation, student told); 404 for strangers, 403 for admins', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const stranger = await buildProfessional(t);
    const { sessionId } = await connected(t, student, pro, schedule(6));
    const url = `/api/sessions/${sessionId}/reschedule`;
    const payload = schedule(7, '15:00', '16:00', 'Europe/London');
    expect((await t.app.inject({ method: 'PUT', url, payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url, headers: (await buildAdmin(t)).auth, payload })).statusCode).toBe(403);
    // A student may move it too, but with a reason (student-bookings.test.ts covers the rest).
    expect(body(await t.app.inject({ method: 'PUT', url, headers: student.auth, payload }))).toMatchObject({ message: MENTORING_MESSAGES.reasonRequired });
    expect((await t.app.inject({ method: 'PUT', url, headers: stranger.auth, payload })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/sessions/zzz/reschedule', headers: pro.auth, payload })).statusCode,
    ).toBe(404);
    const bad = await t.app.inject({ method: 'PUT', url, headers: pro.auth, payload: { ...payload, endTime: '14:00' } });
    expect(body(bad)).toMatchObject({ message: MENTORING_MESSAGES.endAfterStart });

    const res = await t.app.inject({ method: 'PUT', url, headers: pro.auth, payload });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      message: MENTORING_MESSAGES.sessionRescheduled,
      data: { session: { sequence: 1, timezone: 'Europe/London' } },
    });
    await t.runJobs(); // the fan-out job (docs/decisions/421)
    const mail = (await db().select().from(emails).where(eq(emails.to, student.email))).at(-1);
    expect(mail?.subject).toContain('rescheduled');
    // The professional who moved it gets the updated invitation too (for their own calendar), but no bell item.
    const proMail = (await db().select().from(emails).where(eq(emails.to, pro.email))).at(-1);
    expect(proMail?.attachments[0]?.content).toContain('SEQUENCE:1');
    expect((await db().select().from(notifications).where(eq(notifications.userId, pro.id))).some((n) => n.subType === 'rescheduled')).toBe(false);
    expect(mail?.attachments[0]?.content).toContain('SEQUENCE:1');
    expect(mail?.attachments[0]?.content).toContain(`DTSTART;TZID=Europe/London:${payload.date.replace(/-/g, '')}T150000`);
    const bell = await db().select().from(notifications).where(eq(notifications.userId, student.id));
    expect(bell.some((n) => n.subType === 'rescheduled')).toBe(true);
  });

  it('cancels with a METHOD:CANCEL e-mail; the calendar file follows; a cancelled session cannot change', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const { sessionId } = await connected(t, student, pro, schedule(6, '08:00', '09:00'));
    const ics = await t.app.inject({ method: 'GET', url: `/api/sessions/${sessionId}/calendar.ics`, headers: student.auth });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.headers['content-disposition']).toMatch(/^attachment; filename="mentoring-session-/);
    expect(ics.body).toContain('METHOD:PUBLISH');
    expect((await t.app.inject({ method: 'GET', url: `/api/sessions/${sessionId}/calendar.ics` })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/sessions/${sessionId}/calendar.ics`,
          headers: (await buildStudent(t)).auth,
        })
      ).statusCode,
    ).toBe(404);

    const url = `/api/sessions/${sessionId}/cancel`;
    expect((await t.app.inject({ method: 'PUT', url, headers: (await buildProfessional(t)).auth, payload: {} })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'PUT', url, headers: (await buildAdmin(t)).auth, payload: {} })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'PUT', url, headers: pro.auth, payload: { reason: 'Conference travel' } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      message: MENTORING_MESSAGES.sessionCancelled,
      data: { session: { status: 'cancelled', meetLink: null, sequence: 1 } },
    });
    await t.runJobs();
    const mail = (await db().select().from(emails).where(eq(emails.to, student.email))).at(-1);
    expect(mail?.attachments[0]).toMatchObject({ contentType: 'text/calendar; charset=utf-8; method=CANCEL', method: 'CANCEL' });
    expect(mail?.attachments[0]?.content).toContain('STATUS:CANCELLED');
    const after = await t.app.inject({ method: 'GET', url: `/api/sessions/${sessionId}/calendar.ics`, headers: pro.auth });
    expect(after.body).toContain('METHOD:CANCEL');
    const twice = await t.app.inject({ method: 'PUT', url, headers: pro.auth, payload: {} });
    expect(twice.statusCode).toBe(409);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${sessionId}/reschedule`,
      headers: pro.auth,
      payload: schedule(8),
    });
    expect(moved.statusCode).toBe(409);
    // The freed time can be booked again.
    expect(
      (
        await createSession(t, pro, { studentId: student.id, ...schedule(6, '08:00', '09:00') })
      ).statusCode,
    ).toBe(201);
  });
});

describe('POST /sessions/{id}/rate', () => {
  it('lets the student rate once after the end, 1 to 5, and updates the professional totals', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const { sessionId } = await connected(t, student, pro, schedule(2));
    const url = `/api/sessions/${sessionId}/rate`;
    expect((await t.app.inject({ method: 'POST', url, payload: { rating: 5 } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, headers: pro.auth, payload: { rating: 5 } })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: (await buildStudent(t)).auth, payload: { rating: 5 } })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/sessions/${MISSING_ID}/rate`,
          headers: student.auth,
          payload: { rating: 5 },
        })
      ).statusCode,
    ).toBe(404);
    const early = await t.app.inject({ method: 'POST', url, headers: student.auth, payload: { rating: 5 } });
    expect(early.statusCode).toBe(400);
    expect(body(early)).toMatchObject({ message: MENTORING_MESSAGES.rateNotEnded });

    // Move it into the past (the API refuses to schedule in the past).
    await db()
      .update(mentoringSessions)
      .set({ startsAt: new Date(Date.now() - 7200_000), endsAt: new Date(Date.now() - 3600_000) })
      .where(eq(mentoringSessions.id, sessionId ?? ''));
    for (const rating of [0, 6, 3.5, '4']) {
      const bad = await t.app.inject({ method: 'POST', url, headers: student.auth, payload: { rating } });
      expect(bad.statusCode, String(rating)).toBe(400);
      expect(body(bad)).toMatchObject({ message: MENTORING_MESSAGES.rating });
    }
    const listed = body<{ data: { sessions: Session[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/sessions/my', headers: student.auth }),
    ).data.sessions;
    expect(listed[0]).toMatchObject({ status: 'completed', canRate: true });
    const results = await Promise.all(
      [4, 2, 5].map((rating) => t.app.inject({ method: 'POST', url, headers: student.auth, payload: { rating } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const [profile] = await db().select().from(professionalProfiles).where(eq(professionalProfiles.userId, pro.id));
    expect(profile?.ratingCount).toBe(1);
    const winner = body<{ data: { session: Session } }>(results.find((r) => r.statusCode === 200) ?? results[0]!).data.session;
    expect(profile?.ratingSum).toBe(winner.rating);
    expect(winner.canRate).toBe(false);
  });
});
