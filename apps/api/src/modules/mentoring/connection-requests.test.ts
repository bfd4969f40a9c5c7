import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MENTORING_MESSAGES, type ConnectionRequest } from '@app/shared/mentoring';
import { connectionRequests, mentoringSessions } from '../../db/schema/mentoring.ts';
import { emails, notifications } from '../../db/schema/platform.ts';
import { professionalProfiles } from '../../db/schema/users.ts';
import { body, buildAdmin, buildProfessional, buildStudent } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { MISSING_ID, addRule, connect, dayFromNow, requestId, respond } from './test-helpers.ts';

const t = useTestApp();
const db = () => t.database.db;

describe('POST /professionals/{id}/connect', () => {
  it('answers 401, 403 for non-students, 404 for unknown, malformed, inactive or unverified professionals', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const admin = await buildAdmin(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/professionals/${pro.id}/connect`, payload: {} })).statusCode).toBe(
      401,
    );
    expect((await connect(t, admin, pro)).statusCode).toBe(403);
    expect((await connect(t, pro, pro)).statusCode).toBe(403);
    const unverified = await buildProfessional(t, { isVerified: false });
    const inactive = await buildProfessional(t, { isActive: false });
    for (const id of [MISSING_ID, 'xyz', unverified.id, inactive.id, student.id]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/professionals/${id}/connect`,
        headers: student.auth,
        payload: {},
      });
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('sends a request with an optional message, notifies the professional, and allows one pending per pair', async () => {
    const student = await buildStudent(t, { firstName: 'Asha', lastName: 'Verma' });
    const pro = await buildProfessional(t);
    const res = await connect(t, student, pro, { message: 'Hello, I would love your advice.' });
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({
      success: true,
      message: MENTORING_MESSAGES.connectSent,
      data: { request: { status: 'pending', requestedSlot: null } },
    });
    const bell = await db().select().from(notifications).where(eq(notifications.userId, pro.id));
    expect(bell).toHaveLength(1);
    expect(bell[0]?.message).toContain('Asha Verma');

    const again = await connect(t, student, pro, {});
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ message: MENTORING_MESSAGES.alreadyPending });

    const tooLong = await connect(t, await buildStudent(t), pro, { message: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(body(tooLong)).toMatchObject({ message: 'Message must be at most 2000 characters' });
  });

  it('refuses when the professional paused requests', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    await db().update(professionalProfiles).set({ acceptingRequests: false }).where(eq(professionalProfiles.userId, pro.id));
    const res = await connect(t, student, pro);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ message: MENTORING_MESSAGES.notAccepting });
  });

  it('checks a requested slot: inside availability, in the future, complete, not taken', async () => {
    const pro = await buildProfessional(t);
    const date = dayFromNow(4);
    await addRule(t, pro, { date, startTime: '09:00', endTime: '12:00', timezone: 'UTC' });
    const s = () => buildStudent(t);
    const slot = (from: string, to: string) => ({ slot: { start: `${date}T${from}:00Z`, end: `${date}T${to}:00Z` } });

    const outside = await connect(t, await s(), pro, slot('12:00', '13:00'));
    expect(outside.statusCode).toBe(409);
    expect(body(outside)).toMatchObject({ message: MENTORING_MESSAGES.slotOutside });

    const incomplete = await connect(t, await s(), pro, { slot: { start: `${date}T09:00:00Z` } });
    expect(incomplete.statusCode).toBe(400);
    expect(body(incomplete)).toMatchObject({ message: MENTORING_MESSAGES.slotIncomplete });

    const past = await connect(t, await s(), pro, { slot: { start: '2020-01-01T09:00:00Z', end: '2020-01-01T10:00:00Z' } });
    expect(past.statusCode).toBe(400);
    expect(body(past)).toMatchObject({ message: MENTORING_MESSAGES.slotInPast });

    // Wall-clock form: 15:00-16:00 in India = 09:30-10:30 UTC.
    const wall = await connect(t, await s(), pro, {
      slot: { date, startTime: '15:00', endTime: '16:00', timezone: 'Asia/Kolkata' },
    });
    expect(wall.statusCode).toBe(201);
    expect(body<{ data: { request: ConnectionRequest } }>(wall).data.request.requestedSlot).toEqual({
      start: `${date}T09:30:00.000Z`,
      end: `${date}T10:30:00.000Z`,
      timezone: 'Asia/Kolkata',
    });

    const overlap = await connect(t, await s(), pro, slot('10:00', '11:00'));
    expect(overlap.statusCode).toBe(409);
    expect(body(overlap)).toMatchObject({ message: MENTORING_MESSAGES.slotTaken });
    expect((await connect(t, await s(), pro, slot('10:30', '11:30'))).statusCode).toBe(201);
  });

  it('race: two students requesting the same slot at once, exactly one wins', async () => {
    const pro = await buildProfessional(t);
    const date = dayFromNow(6);
    await addRule(t, pro, { date, startTime: '09:00', endTime: '12:00', timezone: 'UTC' });
    const students = await Promise.all(Array.from({ length: 6 }, () => buildStudent(t)));
    const payload = { slot: { start: `${date}T09:00:00Z`, end: `${date}T10:00:00Z` } };
    const results = await Promise.all(students.map((s) => connect(t, s, pro, payload)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(body(r)).toMatchObject({ message: MENTORING_MESSAGES.slotTaken });
    const held = await db()
      .select()
      .from(connectionRequests)
      .where(and(eq(connectionRequests.professionalId, pro.id), eq(connectionRequests.status, 'pending')));
    expect(held).toHaveLength(1);
  });
});

describe('GET /professionals/connection-requests', () => {
  it('answers 401 and 403, and lists only the caller’s requests with student details', async () => {
    const student = await buildStudent(t, {
      firstName: 'Kiran',
      lastName: 'Das',
      university: 'IIT Bombay',
      course: 'Physics',
      year: 3,
    });
    const pro = await buildProfessional(t);
    const other = await buildProfessional(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/professionals/connection-requests' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/professionals/connection-requests', headers: student.auth })).statusCode,
    ).toBe(403);
    await requestId(t, student, pro, { message: 'Hi' });
    await requestId(t, await buildStudent(t), other);
    const res = await t.app.inject({ method: 'GET', url: '/api/professionals/connection-requests', headers: pro.auth });
    expect(res.statusCode).toBe(200);
    const list = body<{ data: { requests: ConnectionRequest[] } }>(res).data.requests;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      message: 'Hi',
      status: 'pending',
      responseMessage: null,
      respondedAt: null,
      student: {
        firstName: 'Kiran',
        lastName: 'Das',
        email: student.email,
        university: 'IIT Bombay',
        course: 'Physics',
        year: 3,
        cgpa: null,
      },
    });
  });
});

describe('POST /professionals/connection-requests/{id}/respond', () => {
  it('answers 401, 403, 404 (stranger, malformed) and 400 for a bad status or half a schedule', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const stranger = await buildProfessional(t);
    const id = await requestId(t, student, pro);
    const url = `/api/professionals/connection-requests/${id}/respond`;
    expect((await t.app.inject({ method: 'POST', url, payload: { status: 'accepted' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, headers: student.auth, payload: { status: 'accepted' } })).statusCode).toBe(
      403,
    );
    expect((await respond(t, stranger, id, { status: 'accepted' })).statusCode).toBe(404);
    expect((await respond(t, pro, 'bad-id', { status: 'accepted' })).statusCode).toBe(404);
    expect((await respond(t, pro, MISSING_ID, { status: 'accepted' })).statusCode).toBe(404);
    const bad = await respond(t, pro, id, { status: 'maybe' });
    expect(bad.statusCode).toBe(400);
    const half = await respond(t, pro, id, { status: 'accepted', date: dayFromNow(3), startTime: '10:00' });
    expect(half.statusCode).toBe(400);
    expect(body(half)).toMatchObject({ message: MENTORING_MESSAGES.scheduleIncomplete });
    const backwards = await respond(t, pro, id, {
      status: 'accepted',
      date: dayFromNow(3),
      startTime: '11:00',
      endTime: '10:00',
    });
    expect(body(backwards)).toMatchObject({ message: MENTORING_MESSAGES.endAfterStart });
    const past = await respond(t, pro, id, { status: 'accepted', date: dayFromNow(-3), startTime: '10:00', endTime: '11:00' });
    expect(body(past)).toMatchObject({ message: MENTORING_MESSAGES.sessionInPast });
  });

  it('accepts with a schedule: session with a meeting link, notification, e-mail with an .ics (VTIMEZONE); a second answer is 409', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const id = await requestId(t, student, pro);
    const date = dayFromNow(8, 'America/New_York');
    const res = await respond(t, pro, id, {
      status: 'accepted',
      message: 'Happy to help',
      date,
      startTime: '10:00',
      endTime: '11:00',
      timezone: 'America/New_York',
    });
    expect(res.statusCode).toBe(200);
    const data = body<{
      message: string;
      data: { request: ConnectionRequest; session: { _id: string; meetLink: string; duration: number; timezone: string } };
    }>(res);
    expect(data.message).toBe(MENTORING_MESSAGES.accepted);
    expect(data.data.request).toMatchObject({
      status: 'accepted',
      responseMessage: 'Happy to help',
      sessionId: data.data.session._id,
    });
    expect(data.data.session).toMatchObject({ duration: 60, timezone: 'America/New_York' });
    expect(data.data.session.meetLink).toMatch(/^https:\/\/meet\.jit\.si\/MentorBridge-[0-9a-f]{32}$/);

    const bell = await db().select().from(notifications).where(eq(notifications.userId, student.id));
    expect(bell.map((n) => n.subType)).toEqual(['accepted']);
    const mail = await db().select().from(emails).where(eq(emails.to, student.email));
    expect(mail).toHaveLength(1);
    const ics = mail[0]?.attachments[0];
    expect(ics?.contentType).toBe('text/calendar; method=REQUEST');
    expect(ics?.content).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York');
    expect(ics?.content).toContain(`DTSTART;TZID=America/New_York:${date.replace(/-/g, '')}T100000`);
    expect(ics?.content).toContain('METHOD:REQUEST');

    const again = await respond(t, pro, id, { status: 'rejected' });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ message: MENTORING_MESSAGES.alreadyAnswered });
  });

  it('accepting a request that asked for a slot books that slot; rejecting frees it', async () => {
    const pro = await buildProfessional(t);
    const date = dayFromNow(9);
    await addRule(t, pro, { date, startTime: '09:00', endTime: '12:00', timezone: 'UTC' });
    const slot = { slot: { start: `${date}T09:00:00Z`, end: `${date}T10:00:00Z`, timezone: 'Europe/London' } };
    const a = await requestId(t, await buildStudent(t), pro, slot);
    const accepted = await respond(t, pro, a, { status: 'accepted' });
    expect(body(accepted)).toMatchObject({
      data: { session: { scheduledAt: `${date}T09:00:00.000Z`, timezone: 'Europe/London' } },
    });
    // Taken by the session now.
    expect((await connect(t, await buildStudent(t), pro, slot)).statusCode).toBe(409);

    const later = { slot: { start: `${date}T10:00:00Z`, end: `${date}T11:00:00Z` } };
    const b = await requestId(t, await buildStudent(t), pro, later);
    const declined = await respond(t, pro, b, { status: 'rejected', message: 'Sorry, not my field' });
    expect(body(declined)).toMatchObject({
      message: MENTORING_MESSAGES.declined,
      data: { session: null, request: { status: 'rejected' } },
    });
    expect((await connect(t, await buildStudent(t), pro, later)).statusCode).toBe(201);
  });

  it('accepting without a schedule creates no session', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const id = await requestId(t, student, pro);
    const res = await respond(t, pro, id, { status: 'accepted', message: '', date: '', startTime: '', endTime: '' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ data: { session: null, request: { status: 'accepted', sessionId: null } } });
    expect(await db().select().from(mentoringSessions).where(eq(mentoringSessions.studentId, student.id))).toHaveLength(0);
  });

  it('race: accept and reject at once, exactly one wins, one session, one notification', async () => {
    for (let round = 0; round < 3; round++) {
      const student = await buildStudent(t);
      const pro = await buildProfessional(t);
      const id = await requestId(t, student, pro);
      const date = dayFromNow(12 + round);
      const [a, b, c] = await Promise.all([
        respond(t, pro, id, { status: 'accepted', date, startTime: '10:00', endTime: '11:00', timezone: 'UTC' }),
        respond(t, pro, id, { status: 'rejected' }),
        respond(t, pro, id, { status: 'accepted', date, startTime: '12:00', endTime: '13:00', timezone: 'UTC' }),
      ]);
      const codes = [a, b, c].map((r) => r?.statusCode).sort();
      expect(codes).toEqual([200, 409, 409]);
      const [row] = await db().select().from(connectionRequests).where(eq(connectionRequests.id, id));
      const sessions = await db().select().from(mentoringSessions).where(eq(mentoringSessions.studentId, student.id));
      expect(sessions).toHaveLength(row?.status === 'accepted' ? 1 : 0);
      const bell = await db().select().from(notifications).where(eq(notifications.userId, student.id));
      expect(bell).toHaveLength(1);
    }
  });
});
