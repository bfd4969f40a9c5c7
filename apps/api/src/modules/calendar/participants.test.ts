// Issue 28, e-mail and calendar items (decisions 821, 824): every participant gets the first REQUEST, every
// CANCEL raises SEQUENCE, no "starts in 1 hour" right after registering, and user text in session and
// calendar-update e-mails is never auto-linkable.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent, workshopForm } from '../../../test/factories.ts';
import { emails, notifications } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';
import { workshopRegistrations } from '../../db/schema/workshops.ts';
import { insertWorkshop } from '../workshops/workshops.fixtures.ts';
import { connected, createSession, dayFromNow } from '../mentoring/test-helpers.ts';
import { parseIcs } from './calendar-test-helpers.ts';

const t = useTestApp();
const db = () => t.database.db;
afterEach(() => t.app.ctx.clock.set(null));

const mailsTo = (email: string) => db().select().from(emails).where(eq(emails.to, email)).orderBy(emails.createdAt, emails.id);
const calendarMails = async (email: string) =>
  (await mailsTo(email)).flatMap((m) => m.attachments.filter((a) => a.contentType.startsWith('text/calendar')).map((a) => ({ subject: m.subject, ...parseIcs(a.content) })));

const workshopBase = workshopForm({
  title: 'Systems thinking',
  date: '2030-03-15',
  startTime: '10:00',
  endTime: '12:00',
  timezone: 'Europe/London',
  maxParticipants: 20,
});

describe('e-mail: every participant gets the first calendar REQUEST', () => {
  it('a workshop instructor at creation (professional and manual), and a newly assigned instructor; the old one gets a CANCEL with a higher SEQUENCE', async () => {
    const admin = await buildAdmin(t);
    const pro = await buildProfessional(t);
    const other = await buildProfessional(t);
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/workshops', headers: admin.auth, payload: { ...workshopBase, status: 'published', professionalId: pro.id } });
    expect(created.statusCode, created.body).toBe(201);
    const id = body<{ data: { workshop: { _id: string } } }>(created).data.workshop._id;
    const first = await calendarMails(pro.email);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ method: 'REQUEST', uid: `workshop-${id}@mentorbridge.invalid`, sequence: 0 });
    expect(first[0]?.subject).toMatch(/^You are the instructor: /);

    const manual = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workshops',
      headers: admin.auth,
      payload: { ...workshopBase, status: 'published', manualInstructor: { name: 'Guest Speaker', email: 'guest.speaker@example.com', title: 'CTO' } },
    });
    expect(manual.statusCode).toBe(201);
    expect((await calendarMails('guest.speaker@example.com')).map((m) => m.method)).toEqual(['REQUEST']);

    // A draft sends nothing; publishing it sends the first REQUEST.
    const draft = await t.app.inject({ method: 'POST', url: '/api/admin/workshops', headers: admin.auth, payload: { ...workshopBase, status: 'draft', professionalId: other.id } });
    const draftId = body<{ data: { workshop: { _id: string } } }>(draft).data.workshop._id;
    expect(await calendarMails(other.email)).toEqual([]);
    const publish = await t.app.inject({ method: 'PUT', url: `/api/admin/workshops/${draftId}`, headers: admin.auth, payload: { status: 'published' } });
    expect(publish.statusCode).toBe(200);
    expect((await calendarMails(other.email)).map((m) => [m.method, m.uid])).toEqual([['REQUEST', `workshop-${draftId}@mentorbridge.invalid`]]);

    // The first workshop changes instructor: the new one gets the first REQUEST, the old one a CANCEL above it.
    const moved = await t.app.inject({ method: 'PUT', url: `/api/admin/workshops/${id}`, headers: admin.auth, payload: { professionalId: other.id } });
    expect(moved.statusCode).toBe(200);
    const old = await calendarMails(pro.email);
    expect(old.map((m) => m.method)).toEqual(['REQUEST', 'CANCEL']);
    expect(old[1]?.sequence).toBeGreaterThan(old[0]?.sequence ?? 0);
    const fresh = (await calendarMails(other.email)).filter((m) => m.uid === `workshop-${id}@mentorbridge.invalid`);
    expect(fresh.map((m) => m.method)).toEqual(['REQUEST']);
    expect(fresh[0]?.sequence).toBe(old[1]?.sequence);
  });

  it('the mentor who books a session and the student who is booked both get the REQUEST', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    await connected(t, student, pro);
    const res = await createSession(t, pro, { studentId: student.id, date: dayFromNow(5), startTime: '09:00', endTime: '10:00', timezone: 'UTC', topic: 'Career' });
    expect(res.statusCode).toBe(201);
    const sessionId = body<{ data: { session: { _id: string } } }>(res).data.session._id;
    for (const who of [pro, student]) {
      const mails = (await calendarMails(who.email)).filter((m) => m.uid === `session-${sessionId}@mentorbridge.invalid`);
      expect(mails.map((m) => [m.method, m.sequence])).toEqual([['REQUEST', 0]]);
    }
  });
});

describe('e-mail: every CANCEL raises SEQUENCE', () => {
  it("a student's own unregistration sends CANCEL above the REQUEST; registering again sends a REQUEST above the CANCEL; a later change still reaches everyone", async () => {
    const w = await insertWorkshop(db(), { daysFromNow: 9 });
    const student = await buildStudent(t);
    const stays = await buildStudent(t);
    const reg = (s: typeof student) => t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: s.auth });
    expect((await reg(student)).statusCode).toBe(201);
    expect((await reg(stays)).statusCode).toBe(201);
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/workshops/${w.id}/register`, headers: student.auth });
    expect(cancel.statusCode).toBe(200);
    expect((await reg(student)).statusCode).toBe(201);
    const seen = await calendarMails(student.email);
    expect(seen.map((m) => m.method)).toEqual(['REQUEST', 'CANCEL', 'REQUEST']);
    expect(seen[1]?.sequence).toBeGreaterThan(seen[0]?.sequence ?? 0);
    expect(seen[2]?.sequence).toBeGreaterThan(seen[1]?.sequence ?? 0);
  });
});

describe('e-mail: no "starts in 1 hour" reminder right after registering for a workshop starting within the hour', () => {
  it('registering 2 minutes before the start sends the confirmation only; someone registered earlier gets the reminder', async () => {
    const startsAt = new Date(Date.now() + 2 * 60_000);
    const w = await insertWorkshop(db(), { startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) });
    const late = await buildStudent(t);
    const early = await buildStudent(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: late.auth })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: early.auth })).statusCode).toBe(201);
    await db()
      .update(workshopRegistrations)
      .set({ registeredAt: new Date(startsAt.getTime() - 3 * 3_600_000) })
      .where(and(eq(workshopRegistrations.workshopId, w.id), eq(workshopRegistrations.studentId, early.id)));
    t.app.ctx.clock.set(new Date());
    await t.app.ctx.scheduler.runDue();
    const reminders = async (userId: string) =>
      db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.subType, 'reminder')));
    expect(await reminders(late.id)).toHaveLength(0);
    expect((await mailsTo(late.email)).map((m) => m.subject)).toEqual([`Registered: ${w.title}`]);
    expect(await reminders(early.id)).toHaveLength(1);
  });
});

describe('e-mail: user-supplied text is inert in session and calendar-update e-mails', () => {
  it('a name and a topic holding a URL are no link in the text or HTML part of the invitation and the reschedule', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    await db().update(users).set({ firstName: 'Visit evil.example/login', lastName: 'now' }).where(eq(users.id, pro.id));
    await connected(t, student, pro);
    const res = await createSession(t, pro, {
      studentId: student.id,
      date: dayFromNow(6),
      startTime: '09:00',
      endTime: '10:00',
      timezone: 'UTC',
      topic: 'See https://phish.example/x',
    });
    expect(res.statusCode).toBe(201);
    const sessionId = body<{ data: { session: { _id: string } } }>(res).data.session._id;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${sessionId}/reschedule`,
      headers: pro.auth,
      payload: { date: dayFromNow(7), startTime: '11:00', endTime: '12:00', timezone: 'UTC', reason: 'Mail me at bad@evil.example' },
    });
    expect([200, 201]).toContain(moved.statusCode);
    await t.runJobs();
    const mails = await mailsTo(student.email);
    const sessionMails = mails.filter((m) => /Mentoring session/.test(m.subject));
    expect(sessionMails.length).toBeGreaterThanOrEqual(2);
    for (const m of sessionMails) {
      for (const part of [m.subject, m.text, m.html ?? '']) {
        expect(part).not.toMatch(/evil\.example|phish\.example|https:\/\/phish/);
        expect(part).not.toMatch(/href="[^"]*(evil|phish)/);
      }
      expect(m.text.replace(/\u200b/g, '')).toContain('evil.example');
    }
    expect(sessionMails.some((m) => m.text.replace(/\u200b/g, '').includes('https://phish.example/x'))).toBe(true);
  });
});
