import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MENTORING_MESSAGES, type Session, type StudentRequest } from '@app/shared/mentoring';
import { mentoringSessions } from '../../db/schema/mentoring.ts';
import { emails, notifications } from '../../db/schema/platform.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { rescheduleTooLate } from './sessions.service.ts';
import { MISSING_ID, addRule, connected, dayFromNow, requestId, respond, schedule } from './test-helpers.ts';

/** Issue 29: the student's own booking loop (decision 700). */
const t = useTestApp();
const db = () => t.database.db;
const put = (who: BuiltUser | null, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers: who?.auth ?? {}, payload });
const sessionOf = (res: { body: string }) => body<{ data: { session: Session } }>(res).data.session;
const mailsTo = async (who: BuiltUser) => db().select().from(emails).where(eq(emails.to, who.email));
const bellOf = async (who: BuiltUser) => db().select().from(notifications).where(eq(notifications.userId, who.id));

describe('the student reschedules a session (PUT /sessions/:id/reschedule)', () => {
  it('401, 403, 404 for another student, 400 without a reason or with a bad zone, 409 outside availability or taken; success tells the professional', async () => {
    const student = await buildStudent(t, { firstName: 'Asha', lastName: 'Iyer' });
    const other = await buildStudent(t);
    const pro = await buildProfessional(t, { firstName: 'Ravi', lastName: 'Kumar' });
    const { sessionId } = await connected(t, student, pro, schedule(6));
    await addRule(t, pro, { date: dayFromNow(8), startTime: '09:00', endTime: '17:00' });
    const url = `/api/sessions/${sessionId}/reschedule`;
    const payload = { ...schedule(8, '14:00', '15:00'), reason: 'Exam moved to that morning' };

    expect((await put(null, url, payload)).statusCode).toBe(401);
    expect((await put(await buildAdmin(t), url, payload)).statusCode).toBe(403);
    expect((await put(other, url, payload)).statusCode).toBe(404);
    expect((await put(student, `/api/sessions/${MISSING_ID}/reschedule`, payload)).statusCode).toBe(404);
    const noReason = await put(student, url, { ...payload, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(body(noReason)).toMatchObject({ message: MENTORING_MESSAGES.reasonRequired });
    const badZone = await put(student, url, { ...payload, timezone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
    expect(body(badZone).message).toContain(MENTORING_MESSAGES.timezone);
    const outside = await put(student, url, { ...payload, ...schedule(8, '18:00', '19:00') });
    expect(outside.statusCode).toBe(409);
    expect(body(outside)).toMatchObject({ message: MENTORING_MESSAGES.slotOutside });
    // Another student's session at 14:00 takes that hour.
    await connected(t, other, pro, schedule(8, '14:00', '15:00'));
    const taken = await put(student, url, payload);
    expect(taken.statusCode).toBe(409);
    expect(body(taken)).toMatchObject({ message: MENTORING_MESSAGES.slotTaken });

    const ok = await put(student, url, { ...payload, ...schedule(8, '15:00', '16:00') });
    expect(ok.statusCode).toBe(200);
    expect(body(ok)).toMatchObject({ message: MENTORING_MESSAGES.rescheduledByStudent });
    expect(sessionOf(ok)).toMatchObject({
      sequence: 1,
      status: 'scheduled',
      rescheduled: { by: 'student', reason: 'Exam moved to that morning' },
      canCancel: true,
      canReschedule: true,
      noticeHours: 12,
    });
    await t.runJobs();
    // The professional is told in-app and gets the updated invitation; the student gets it for their own calendar.
    const bell = (await bellOf(pro)).find((n) => n.subType === 'rescheduled');
    expect(bell?.message).toContain('Asha Iyer moved');
    expect(bell?.message).toContain('Exam moved to that morning');
    for (const who of [pro, student]) {
      const mail = (await mailsTo(who)).at(-1);
      expect(mail?.subject).toContain('rescheduled');
      expect(mail?.attachments[0]).toMatchObject({ method: 'REQUEST' });
      expect(mail?.attachments[0]?.content).toContain('SEQUENCE:1');
      expect(mail?.attachments[0]?.content).toContain(`DTSTART:${payload.date.replace(/-/g, '')}T150000Z`);
    }
    // The professional's dashboard list shows the move.
    const mine = body<{ data: { sessions: Session[] } }>(await t.app.inject({ method: 'GET', url: '/api/sessions/my', headers: pro.auth }));
    expect(mine.data.sessions.find((s) => s._id === sessionId)).toMatchObject({ rescheduled: { by: 'student' }, sequence: 1 });
    // Same time again is refused with a clear message.
    const same = await put(student, url, { ...payload, ...schedule(8, '15:00', '16:00') });
    expect(body(same)).toMatchObject({ message: MENTORING_MESSAGES.sameTime });
  });

  it('inside the notice window: reschedule is refused, cancel works and is recorded as late', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t, { firstName: 'Nora', lastName: 'Diaz' });
    expect((await put(pro, '/api/professionals/me/booking-policy', { noticeHours: 48 })).statusCode).toBe(200);
    const { sessionId } = await connected(t, student, pro, schedule(1, '23:00', '23:30'));
    await addRule(t, pro, { date: dayFromNow(6), startTime: '09:00', endTime: '17:00' });
    const listed = body<{ data: { sessions: Session[] } }>(await t.app.inject({ method: 'GET', url: '/api/sessions/my', headers: student.auth })).data
      .sessions[0];
    expect(listed).toMatchObject({ noticeHours: 48, canReschedule: false, canCancel: true });

    const late = await put(student, `/api/sessions/${sessionId}/reschedule`, { ...schedule(6), reason: 'Clash' });
    expect(late.statusCode).toBe(409);
    expect(body(late)).toMatchObject({ message: rescheduleTooLate(48) });
    // The professional is not bound by their own notice.
    const cancelUrl = `/api/sessions/${sessionId}/cancel`;
    expect(body(await put(student, cancelUrl, {}))).toMatchObject({ message: MENTORING_MESSAGES.reasonRequired });
    const cancelled = await put(student, cancelUrl, { reason: 'I am unwell' });
    expect(cancelled.statusCode).toBe(200);
    expect(body(cancelled)).toMatchObject({ message: MENTORING_MESSAGES.cancelledByStudent });
    expect(sessionOf(cancelled)).toMatchObject({
      status: 'cancelled',
      sequence: 1,
      canCancel: false,
      canReschedule: false,
      cancellation: { by: 'student', reason: 'I am unwell', late: true },
    });
    await t.runJobs();
    const bell = (await bellOf(pro)).find((n) => n.subType === 'cancelled');
    expect(bell?.message).toContain('I am unwell (late cancellation)');
    for (const who of [pro, student]) {
      const mail = (await mailsTo(who)).at(-1);
      expect(mail?.attachments[0]).toMatchObject({ method: 'CANCEL' });
      expect(mail?.attachments[0]?.content).toContain('SEQUENCE:1');
    }
    expect((await put(student, cancelUrl, { reason: 'again' })).statusCode).toBe(409);
  });

  it('a cancel before the notice window is not late; the professional cancels without a reason', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const { sessionId } = await connected(t, student, pro, schedule(5));
    const res = await put(student, `/api/sessions/${sessionId}/cancel`, { reason: 'Found the answer already' });
    expect(sessionOf(res).cancellation).toMatchObject({ by: 'student', late: false });
    const [row] = await db().select().from(mentoringSessions).where(eq(mentoringSessions.id, sessionId ?? ''));
    expect(row).toMatchObject({ cancelledBy: student.id, lateCancellation: false, cancelReason: 'Found the answer already' });
    const second = await connected(t, student, pro, schedule(7));
    expect((await put(pro, `/api/sessions/${second.sessionId}/cancel`, {})).statusCode).toBe(200);
  });

  it('race: two students move their sessions into the same free hour at once; one wins', async () => {
    const pro = await buildProfessional(t);
    const [a, b] = await Promise.all([buildStudent(t), buildStudent(t)]);
    if (!a || !b) throw new Error('students');
    const first = await connected(t, a, pro, schedule(9, '09:00', '10:00'));
    const second = await connected(t, b, pro, schedule(9, '11:00', '12:00'));
    await addRule(t, pro, { date: dayFromNow(10), startTime: '09:00', endTime: '17:00' });
    const target = { ...schedule(10, '13:00', '14:00'), reason: 'Better for me' };
    const results = await Promise.all([
      put(a, `/api/sessions/${first.sessionId}/reschedule`, target),
      put(b, `/api/sessions/${second.sessionId}/reschedule`, target),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(body(loser ?? { body: '{}' })).toMatchObject({ message: MENTORING_MESSAGES.slotTaken });
    const rows = await db()
      .select()
      .from(mentoringSessions)
      .where(and(eq(mentoringSessions.professionalId, pro.id), eq(mentoringSessions.status, 'scheduled')));
    const starts = rows.map((r) => r.startsAt.toISOString()).sort();
    expect(new Set(starts).size).toBe(2);
  });
});

describe('PUT /professionals/me/booking-policy', () => {
  it('401, 403 for students, 400 for bad hours, saves and shows on the dashboard stats', async () => {
    const pro = await buildProfessional(t);
    const url = '/api/professionals/me/booking-policy';
    expect((await put(null, url, { noticeHours: 24 })).statusCode).toBe(401);
    expect((await put(await buildStudent(t), url, { noticeHours: 24 })).statusCode).toBe(403);
    for (const bad of [-1, 169, 1.5, 'x']) {
      const res = await put(pro, url, { noticeHours: bad });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toContain(MENTORING_MESSAGES.notice);
    }
    const ok = await put(pro, url, { noticeHours: 24 });
    expect(body(ok)).toMatchObject({ message: MENTORING_MESSAGES.noticeSaved, data: { noticeHours: 24 } });
    const stats = body<{ data: { stats: { noticeHours: number } } }>(
      await t.app.inject({ method: 'GET', url: '/api/professionals/dashboard-stats', headers: pro.auth }),
    );
    expect(stats.data.stats.noticeHours).toBe(24);
  });
});

describe('the student sees and withdraws requests', () => {
  it('GET /connection-requests/my: 401, 403, only their own, every state with the answer', async () => {
    const student = await buildStudent(t);
    const other = await buildStudent(t);
    const [p1, p2, p3] = await Promise.all([
      buildProfessional(t, { firstName: 'Pending', title: 'Architect', company: 'Acme' }),
      buildProfessional(t, { firstName: 'Declining' }),
      buildProfessional(t, { firstName: 'Accepting' }),
    ]);
    if (!p1 || !p2 || !p3) throw new Error('professionals');
    await addRule(t, p1, { date: dayFromNow(4), startTime: '09:00', endTime: '12:00' });
    const slot = { date: dayFromNow(4), startTime: '10:00', endTime: '11:00', timezone: 'UTC' };
    await requestId(t, student, p1, { message: 'Could we talk about system design?', slot });
    const declined = await requestId(t, student, p2, { message: 'Hello' });
    await respond(t, p2, declined, { status: 'rejected', message: 'I am fully booked this month' });
    await connected(t, student, p3, schedule(5));
    await requestId(t, other, p1);

    const url = '/api/connection-requests/my';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: p1.auth })).statusCode).toBe(403);
    const list = body<{ data: { requests: StudentRequest[] } }>(await t.app.inject({ method: 'GET', url, headers: student.auth })).data.requests;
    expect(list).toHaveLength(3);
    const byPro = new Map(list.map((r) => [r.professional._id, r]));
    expect(byPro.get(p1.id)).toMatchObject({
      status: 'pending',
      message: 'Could we talk about system design?',
      professional: { title: 'Architect', company: 'Acme' },
      requestedSlot: { timezone: 'UTC' },
    });
    expect(byPro.get(p2.id)).toMatchObject({ status: 'rejected', responseMessage: 'I am fully booked this month' });
    expect(byPro.get(p3.id)?.status).toBe('accepted');
    expect(byPro.get(p3.id)?.sessionId).toMatch(/^[0-9a-f]{24}$/);
  });

  it('POST /connection-requests/:id/withdraw: 401, 403, 404 for another student and bad ids, 409 once answered; frees the slot and tells the professional', async () => {
    const student = await buildStudent(t, { firstName: 'Kiran', lastName: 'Rao' });
    const other = await buildStudent(t);
    const pro = await buildProfessional(t);
    await addRule(t, pro, { date: dayFromNow(4), startTime: '09:00', endTime: '12:00' });
    const slot = { date: dayFromNow(4), startTime: '10:00', endTime: '11:00', timezone: 'UTC' };
    const id = await requestId(t, student, pro, { slot });
    const url = `/api/connection-requests/${id}/withdraw`;
    const post = (who: BuiltUser | null, u = url) => t.app.inject({ method: 'POST', url: u, headers: who?.auth ?? {} });
    expect((await post(null)).statusCode).toBe(401);
    expect((await post(pro)).statusCode).toBe(403);
    expect((await post(other)).statusCode).toBe(404);
    expect((await post(student, '/api/connection-requests/nope/withdraw')).statusCode).toBe(404);
    const ok = await post(student);
    expect(ok.statusCode).toBe(200);
    expect(body(ok)).toMatchObject({ message: MENTORING_MESSAGES.requestWithdrawn, data: { request: { _id: id, status: 'cancelled' } } });
    expect((await bellOf(pro)).some((n) => n.subType === 'withdrawn' && n.message.includes('Kiran Rao'))).toBe(true);
    const again = await post(student);
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ message: MENTORING_MESSAGES.requestNotPending });
    // The professional's list shows it withdrawn, and the slot is free for another student.
    const theirs = body<{ data: { requests: { _id: string; status: string }[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/professionals/connection-requests', headers: pro.auth }),
    ).data.requests;
    expect(theirs.find((r) => r._id === id)?.status).toBe('cancelled');
    await requestId(t, other, pro, { slot });
    // An answered request cannot be withdrawn.
    const answered = await requestId(t, student, pro);
    await respond(t, pro, answered, { status: 'accepted' });
    expect((await post(student, `/api/connection-requests/${answered}/withdraw`)).statusCode).toBe(409);
  });
});

describe('invitations and time zones', () => {
  it('accepting a request with a time invites both sides (REQUEST, SEQUENCE 0), each in their own zone', async () => {
    const student = await buildStudent(t, { firstName: 'Lena' });
    const pro = await buildProfessional(t, { firstName: 'Omar' });
    expect((await put(student, '/api/auth/update-profile', { timezone: 'Europe/London' })).statusCode).toBe(200);
    expect((await put(pro, '/api/auth/update-profile', { timezone: 'America/New_York' })).statusCode).toBe(200);
    const bad = await put(student, '/api/auth/update-profile', { timezone: 'Not/AZone' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain(MENTORING_MESSAGES.timezone);
    const profile = body<{ data: { user: { timezone: string | null } } }>(
      await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: student.auth }),
    );
    expect(profile.data.user.timezone).toBe('Europe/London');

    await connected(t, student, pro, schedule(20, '15:00', '16:00'));
    await t.runJobs();
    const toPro = (await mailsTo(pro)).find((m) => m.subject.startsWith('Mentoring session scheduled'));
    const toStudent = (await mailsTo(student)).find((m) => m.subject.startsWith('Mentoring session scheduled'));
    for (const mail of [toPro, toStudent]) {
      expect(mail?.attachments[0]).toMatchObject({ method: 'REQUEST' });
      expect(mail?.attachments[0]?.content).toContain('SEQUENCE:0');
    }
    expect(toPro?.text).toContain('(America/New_York); ');
    expect(toPro?.text).toContain('for Lena (Europe/London)');
    expect(toStudent?.text).toContain('(Europe/London); ');
    const sessions = body<{ data: { sessions: Session[] } }>(await t.app.inject({ method: 'GET', url: '/api/sessions/my', headers: student.auth }));
    expect(sessions.data.sessions[0]?.zones).toEqual({ student: 'Europe/London', professional: 'America/New_York' });
  });
});
