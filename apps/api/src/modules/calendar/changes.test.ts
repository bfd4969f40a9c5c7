import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { eventChanges } from '../../db/schema/calendar.ts';
import { emails, notifications } from '../../db/schema/platform.ts';
import { workshops } from '../../db/schema/workshops.ts';
import { insertWorkshop } from '../workshops/workshops.fixtures.ts';
import { connected } from '../mentoring/test-helpers.ts';
import { apply, createProject, dateIn } from '../rd-projects/rd-test-helpers.ts';
import { queueEventChange } from '../../lib/event-changes.ts';
import { parseIcs } from './calendar-test-helpers.ts';
import { createEventChangeJob, fanOutBatch } from './fan-out.ts';

const t = useTestApp();
const db = () => t.database.db;


async function mailsTo(user: { email: string }) {
  return db().select().from(emails).where(eq(emails.to, user.email)).orderBy(emails.createdAt, emails.id);
}

async function bell(user: { id: string }, subType: string) {
  return db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.subType, subType)));
}

async function registered(workshopId: string, n: number): Promise<BuiltUser[]> {
  const students: BuiltUser[] = [];
  for (let i = 0; i < n; i++) {
    const s = await buildStudent(t);
    const res = await t.app.inject({ method: 'POST', url: `/api/workshops/${workshopId}/register`, headers: s.auth });
    expect(res.statusCode).toBe(201);
    students.push(s);
  }
  return students;
}

/** What i12a's workshop cancel path does at merge: mark it cancelled and queue the change, in one transaction. */
async function cancelWorkshop(id: string, actorId: string) {
  await db().transaction(async (tx) => {
    await tx.update(workshops).set({ status: 'cancelled' }).where(eq(workshops.id, id));
    await queueEventChange(tx, { kind: 'workshop', id, change: 'cancelled', actorId, note: 'The instructor is unwell.' });
  });
}

describe('a workshop change reaches everyone', () => {
  it('register (SEQUENCE 0), reschedule (1, REQUEST), cancel (2, CANCEL): notifications, e-mails and .ics for each', async () => {
    const admin = await buildAdmin(t);
    const pro = await buildProfessional(t);
    const w = await insertWorkshop(db(), { professionalId: pro.id, daysFromNow: 10, timezone: 'Europe/London' });
    const [a, b] = await registered(w.id, 2);
    if (!a || !b) throw new Error('students');
    await t.runJobs();
    const invite = parseIcs((await mailsTo(a)).at(-1)?.attachments[0]?.content ?? '');
    expect(invite).toMatchObject({ method: 'REQUEST', uid: `workshop-${w.id}@mentorbridge.invalid`, sequence: 0, status: 'CONFIRMED' });
    expect(invite.organizer).toBe('mailto:no-reply@mentorbridge.local');
    expect(invite.attendees).toEqual([`mailto:${a.email}`]);

    // A change that does not move the workshop in anyone's calendar tells nobody.
    const retitle = await t.app.inject({ method: 'PUT', url: `/api/admin/workshops/${w.id}`, headers: admin.auth, payload: { title: 'Intro to TS' } });
    expect(retitle.statusCode).toBe(200);
    expect(await db().select().from(eventChanges)).toHaveLength(0);

    // Reschedule: the request only writes the change; the job tells the two students and the instructor.
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/workshops/${w.id}`,
      headers: admin.auth,
      payload: { startTime: '14:00', endTime: '16:00' },
    });
    expect(res.statusCode).toBe(200);
    expect(await bell(a, 'rescheduled')).toHaveLength(0);
    await t.runJobs();
    for (const person of [a, b, pro]) {
      const [note] = await bell(person, 'rescheduled');
      expect(note).toMatchObject({ type: 'workshop', title: 'Workshop updated', priority: 'high' });
      expect(note?.message).toContain('14:00–16:00 (Europe/London)');
      const mail = (await mailsTo(person)).at(-1);
      expect(mail?.subject).toMatch(/^Updated: Intro to TS/);
      expect(mail?.attachments).toHaveLength(1);
      expect(mail?.attachments[0]?.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
      const ics = parseIcs(mail?.attachments[0]?.content ?? '');
      expect(ics).toMatchObject({ method: 'REQUEST', uid: `workshop-${w.id}@mentorbridge.invalid`, sequence: 1 });
      expect(ics.attendees).toEqual([`mailto:${person.email}`]);
      // Multipart from the one template: the action is a button in HTML and the same link in text.
      expect(mail?.html).toContain('View the workshop</a>');
      const link = /href="([^"]+)"[^>]*>View the workshop/.exec(mail?.html ?? '')?.[1]?.replace(/&amp;/g, '&');
      expect(link && mail?.text).toContain(link);
    }
    expect(await bell(admin, 'rescheduled')).toHaveLength(0);

    // "Add to calendar" gives the current version.
    const download = await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}/calendar.ics`, headers: a.auth });
    expect(parseIcs(download.body)).toMatchObject({ method: 'PUBLISH', sequence: 1, uid: `workshop-${w.id}@mentorbridge.invalid` });
    expect(DateTime.fromJSDate(parseIcs(download.body).start, { zone: 'Europe/London' }).toFormat('HH:mm')).toBe('14:00');

    await cancelWorkshop(w.id, admin.id);
    await t.runJobs();
    for (const person of [a, b, pro]) {
      const [note] = await bell(person, 'cancelled');
      expect(note?.message).toContain('has been cancelled. The instructor is unwell.');
      const mail = (await mailsTo(person)).at(-1);
      expect(mail?.subject).toBe('Cancelled: Intro to TS');
      expect(mail?.attachments[0]?.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
      expect(parseIcs(mail?.attachments[0]?.content ?? '')).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 2 });
    }
    const [row] = await db().select({ sequence: workshops.sequence }).from(workshops).where(eq(workshops.id, w.id));
    expect(row?.sequence).toBe(2);
  });

  it('a professional moving their own workshop: registrants told, the professional gets the invitation but no bell item', async () => {
    const pro = await buildProfessional(t);
    const w = await insertWorkshop(db(), { professionalId: pro.id, daysFromNow: 12 });
    const [s] = await registered(w.id, 1);
    if (!s) throw new Error('student');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/workshops/my-workshops/${w.id}`,
      headers: pro.auth,
      payload: { deliveryMode: 'offline', venue: 'Hall 2', city: 'Pune' },
    });
    expect(res.statusCode).toBe(200);
    await t.runJobs();
    expect((await bell(s, 'rescheduled'))[0]?.message).toContain('Venue: Hall 2, Pune');
    expect(await bell(pro, 'rescheduled')).toHaveLength(0);
    const proMail = (await mailsTo(pro)).at(-1);
    expect(parseIcs(proMail?.attachments[0]?.content ?? '')).toMatchObject({ sequence: 1, method: 'REQUEST' });
  });

  it('two quick reschedules: each registrant gets one e-mail, with the latest SEQUENCE', async () => {
    const admin = await buildAdmin(t);
    const w = await insertWorkshop(db(), { daysFromNow: 15, manualInstructor: { name: 'Guest Speaker', email: 'guest@example.org', title: 'Engineer' } });
    const [s] = await registered(w.id, 1);
    if (!s) throw new Error('student');
    await t.runJobs();
    const before = (await mailsTo(s)).length;
    for (const startTime of ['08:00', '09:00']) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/admin/workshops/${w.id}`, headers: admin.auth, payload: { startTime } });
      expect(res.statusCode).toBe(200);
    }
    await t.runJobs();
    const after = await mailsTo(s);
    expect(after).toHaveLength(before + 1);
    expect(parseIcs(after.at(-1)?.attachments[0]?.content ?? '').sequence).toBe(2);
    expect(await bell(s, 'rescheduled')).toHaveLength(1);
    // The manual instructor has no account: told by e-mail only.
    expect(parseIcs((await mailsTo({ email: 'guest@example.org' })).at(-1)?.attachments[0]?.content ?? '').sequence).toBe(2);
  });

  it('fans out in batches; a retried or doubled job tells nobody twice', async () => {
    const admin = await buildAdmin(t);
    const w = await insertWorkshop(db(), { daysFromNow: 20 });
    const students = await registered(w.id, 5);
    await t.runJobs();
    const { changeId } = await db().transaction((tx) => queueEventChange(tx, { kind: 'workshop', id: w.id, change: 'updated', actorId: admin.id }));
    const config = t.config;
    // Two batches of 2, then the "process died" and the job is retried from the start.
    expect(await fanOutBatch(db(), changeId, config, 2)).toBe(true);
    expect(await fanOutBatch(db(), changeId, config, 2)).toBe(true);
    const job = createEventChangeJob(db(), config);
    // Two copies at once (a reclaimed "stuck" job): on PostgreSQL the loser's compare-and-set fails and its
    // batch rolls back (the runner would retry it); on PGlite transactions run one after the other.
    const both = await Promise.allSettled([job({ changeId }), job({ changeId })]);
    expect(both.some((r) => r.status === 'fulfilled')).toBe(true);
    for (const r of both) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/advanced concurrently|could not serialize|deadlock/);
    await job({ changeId });
    const [change] = await db().select().from(eventChanges).where(eq(eventChanges.id, changeId));
    expect(change?.told).toBe(5);
    expect(change?.doneAt).not.toBeNull();
    for (const s of students) {
      expect(await bell(s, 'rescheduled')).toHaveLength(1);
      const updates = (await mailsTo(s)).filter((m) => m.subject.startsWith('Updated:'));
      expect(updates).toHaveLength(1);
    }
  });
});

describe('sessions and interviews', () => {
  it('an R&D interview: scheduled (SEQUENCE 0), moved (1, REQUEST), rejected before it (2, CANCEL); the feed lists it with a session', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const project = await createProject(t, admin);
    const application = body<{ data: { application: { _id: string } } }>(await apply(t, student, project._id, project.roles[0]?._id ?? '')).data.application;
    const url = `/api/admin/rd-projects/${project._id}/applications/${application._id}`;
    const schedule = (time: string) => ({ status: 'interview-scheduled', interview: { scheduled: true, date: dateIn(6), time, timezone: 'Asia/Kolkata', mode: 'online' } });
    expect((await t.app.inject({ method: 'PUT', url, headers: admin.auth, payload: schedule('10:00') })).statusCode).toBe(200);
    await t.runJobs();
    const first = parseIcs((await mailsTo(student)).at(-1)?.attachments[0]?.content ?? '');
    expect(first).toMatchObject({ method: 'REQUEST', uid: `interview-${application._id}@mentorbridge.invalid`, sequence: 0 });
    expect(first.organizer).toBe('mailto:no-reply@mentorbridge.local');

    // Same time again (only notes): no calendar change. A new time: SEQUENCE 1 from the fan-out job.
    expect((await t.app.inject({ method: 'PUT', url, headers: admin.auth, payload: { ...schedule('10:00'), reviewNotes: 'x' } })).statusCode).toBe(200);
    expect(await db().select().from(eventChanges).where(eq(eventChanges.eventId, application._id))).toHaveLength(0);
    expect((await t.app.inject({ method: 'PUT', url, headers: admin.auth, payload: schedule('15:30') })).statusCode).toBe(200);
    await t.runJobs();
    const moved = (await mailsTo(student)).at(-1);
    expect(moved?.subject).toMatch(/^Interview updated:/);
    expect(parseIcs(moved?.attachments[0]?.content ?? '')).toMatchObject({ method: 'REQUEST', sequence: 1 });
    expect(await bell(student, 'interview-updated')).toHaveLength(1);
    const download = await t.app.inject({ method: 'GET', url: `/api/rd-projects/my/applications/${application._id}/interview.ics`, headers: student.auth });
    expect(parseIcs(download.body)).toMatchObject({ method: 'PUBLISH', sequence: 1 });

    // The feed: the interview and a mentoring session, both parsed by ical.js.
    const { sessionId } = await connected(t, student, pro, { date: dateIn(3), startTime: '09:00', endTime: '10:00', timezone: 'UTC' });
    const link = body<{ data: { url: string } }>(await t.app.inject({ method: 'POST', url: '/api/calendar/feed-link', headers: student.auth })).data;
    const feed = new ICAL.Component(ICAL.parse((await t.app.inject({ method: 'GET', url: new URL(link.url).pathname })).body));
    const uids = feed.getAllSubcomponents('vevent').map((e) => `${String(e.getFirstPropertyValue('uid'))}#${String(e.getFirstPropertyValue('sequence'))}`);
    expect(uids.sort()).toEqual([`interview-${application._id}@mentorbridge.invalid#1`, `session-${sessionId}@mentorbridge.invalid#0`].sort());

    // Rejected before the interview took place: the calendar entry is cancelled.
    const rejected = await t.app.inject({ method: 'PUT', url, headers: admin.auth, payload: { status: 'rejected' } });
    expect(rejected.statusCode).toBe(200);
    await t.runJobs();
    const cancel = (await mailsTo(student)).find((m) => m.subject.startsWith('Interview cancelled:'));
    expect(parseIcs(cancel?.attachments[0]?.content ?? '')).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 2 });
    expect(await bell(student, 'interview-cancelled')).toHaveLength(1);
  });
});

describe('e-mail preferences', () => {
  it('401, 400 with a clear message, and the defaults (everything on)', async () => {
    const s = await buildStudent(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/preferences' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', payload: { email: { changes: false } } })).statusCode).toBe(401);
    const get = await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: s.auth });
    expect(body(get)).toMatchObject({ data: { email: { reminders: true, changes: true, requests: true, ideas: true, rd: true } } });
    for (const payload of [{}, { email: { changes: 'no' } }, { email: { marketing: false } }, { email: [] }]) {
      const bad = await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: s.auth, payload });
      expect(bad.statusCode).toBe(400);
      expect(body<{ message: string }>(bad).message.length).toBeGreaterThan(5);
    }
    expect(body(await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: s.auth }))).toMatchObject({
      data: { email: { changes: true } },
    });
  });

  it('a student with "changes" off still sees the change in-app but gets no e-mail; account mail always goes', async () => {
    const admin = await buildAdmin(t);
    const pro = await buildProfessional(t);
    const w = await insertWorkshop(db(), { daysFromNow: 9, professionalId: pro.id });
    const [quiet, loud] = await registered(w.id, 2);
    if (!quiet || !loud) throw new Error('students');
    for (const user of [quiet, pro, admin]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: user.auth, payload: { email: { changes: false, ideas: false } } });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ data: { email: { changes: false, ideas: false, reminders: true } } });
    }
    // A later partial save keeps the earlier choices.
    await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: quiet.auth, payload: { email: { ideas: true } } });
    expect(body(await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: quiet.auth }))).toMatchObject({
      data: { email: { changes: false, ideas: true } },
    });
    await t.runJobs();
    const quietBefore = (await mailsTo(quiet)).length;
    const moved = await t.app.inject({ method: 'PUT', url: `/api/admin/workshops/${w.id}`, headers: admin.auth, payload: { date: '2031-02-03' } });
    expect(moved.statusCode).toBe(200);
    await t.runJobs();
    expect(await bell(pro, 'rescheduled')).toHaveLength(1);
    expect((await mailsTo(pro)).filter((m) => m.subject.startsWith('Updated:'))).toHaveLength(0);
    expect(await bell(quiet, 'rescheduled')).toHaveLength(1);
    expect(await mailsTo(quiet)).toHaveLength(quietBefore);
    expect((await mailsTo(loud)).at(-1)?.subject).toMatch(/^Updated:/);
    // Password reset has no category: it is sent whatever the preferences say.
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: quiet.email } });
    expect((await mailsTo(quiet)).at(-1)?.subject).toBe('Reset your MentorBridge password');
  });
});

describe('outbox files', () => {
  it('are complete RFC 5322 messages: multipart text + HTML, one calendar part, secrets hidden only in the preview', async () => {
    const w = await insertWorkshop(db(), { daysFromNow: 8 });
    const [s] = await registered(w.id, 1);
    if (!s) throw new Error('student');
    await t.runJobs();
    const mail = (await mailsTo(s)).at(-1);
    if (!mail) throw new Error('no mail');
    expect(mail.status).toBe('outbox');
    const eml = await readFile(path.join(t.config.dataDir, 'outbox', `${mail.id}.eml`), 'utf8');
    const [head = '', rest = ''] = eml.split('\r\n\r\n');
    for (const header of ['From: MentorBridge <no-reply@mentorbridge.local>', `To: ${s.email}`, 'Subject: ', 'Date: ', 'Message-ID: <', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed;']) {
      expect(head).toContain(header);
    }
    expect(rest).toContain('Content-Type: multipart/alternative;');
    expect(eml).toContain('Content-Type: text/plain; charset=utf-8');
    expect(eml).toContain('Content-Type: text/html; charset=utf-8');
    expect(eml.match(/Content-Type: text\/calendar/g)).toHaveLength(1);
    expect(eml).toContain('Content-Type: text/calendar; charset=utf-8; method=REQUEST');
    expect(eml).not.toContain('application/ics');
    expect(eml).not.toMatch(/[^\r]\n/);

    // A reset e-mail: the link is in both parts of the message, never in the admin's preview.
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: s.email } });
    await t.runJobs();
    const reset = (await mailsTo(s)).at(-1);
    expect(reset?.text).toContain('/reset-password?token=');
    expect(reset?.html).toContain('Reset my password</a>');
    expect(reset?.preview).not.toContain('token=');
    expect(reset?.preview).toContain('[hidden]');
  });
});

describe('calendar feed', () => {
  it('401 for the link routes without a token; 404 for unknown, malformed and revoked links', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: '/api/calendar/feed-link' })).statusCode).toBe(401);
    }
    for (const file of ['x', 'a'.repeat(43), `${'a'.repeat(43)}.ics`, '../../etc/passwd']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/calendar/feed/${encodeURIComponent(file)}` })).statusCode).toBe(404);
    }
  });

  it('lists my workshops, sessions and interviews, parses with ical.js; regenerating revokes the old link', async () => {
    const s = await buildStudent(t);
    const other = await buildStudent(t);
    const status0 = await t.app.inject({ method: 'GET', url: '/api/calendar/feed-link', headers: s.auth });
    expect(body(status0)).toMatchObject({ data: { active: false, createdAt: null } });
    const mine = await insertWorkshop(db(), { daysFromNow: 5, title: 'Mine' });
    const theirs = await insertWorkshop(db(), { daysFromNow: 6, title: 'Theirs' });
    const gone = await insertWorkshop(db(), { daysFromNow: 7, title: 'Gone' });
    for (const [user, id] of [[s, mine.id], [other, theirs.id], [s, gone.id]] as const) {
      expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${id}/register`, headers: user.auth })).statusCode).toBe(201);
    }
    await cancelWorkshop(gone.id, s.id);
    await db().execute(sql`UPDATE workshops SET sequence = 4 WHERE id = ${mine.id}`);

    const created = await t.app.inject({ method: 'POST', url: '/api/calendar/feed-link', headers: s.auth });
    expect(created.statusCode).toBe(200);
    const link = body<{ data: { url: string; webcalUrl: string } }>(created).data;
    expect(link.url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(link.webcalUrl).toBe(link.url.replace(/^http:/, 'webcal:'));
    const feedPath = new URL(link.url).pathname;
    const feed = await t.app.inject({ method: 'GET', url: feedPath });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const cal = new ICAL.Component(ICAL.parse(feed.body));
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    const events = cal.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    const byUid = new Map(events.map((e) => [e.uid, e]));
    expect([...byUid.keys()].sort()).toEqual([`workshop-${gone.id}@mentorbridge.invalid`, `workshop-${mine.id}@mentorbridge.invalid`].sort());
    expect(byUid.get(`workshop-${mine.id}@mentorbridge.invalid`)?.sequence).toBe(4);
    expect(byUid.get(`workshop-${mine.id}@mentorbridge.invalid`)?.summary).toBe('Mine');
    expect(byUid.get(`workshop-${mine.id}@mentorbridge.invalid`)?.startDate.toJSDate().toISOString()).toBe(mine.startsAt.toISOString());
    expect(byUid.get(`workshop-${gone.id}@mentorbridge.invalid`)?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(byUid.get(`workshop-${gone.id}@mentorbridge.invalid`)?.sequence).toBe(1);

    const status1 = body<{ data: { active: boolean; lastUsedAt: string | null } }>(await t.app.inject({ method: 'GET', url: '/api/calendar/feed-link', headers: s.auth }));
    expect(status1.data).toMatchObject({ active: true });
    expect(status1.data.lastUsedAt).not.toBeNull();

    const again = body<{ data: { url: string } }>(await t.app.inject({ method: 'POST', url: '/api/calendar/feed-link', headers: s.auth })).data;
    expect(again.url).not.toBe(link.url);
    expect((await t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(again.url).pathname })).statusCode).toBe(200);
    const off = await t.app.inject({ method: 'DELETE', url: '/api/calendar/feed-link', headers: s.auth });
    expect(body(off)).toMatchObject({ data: { active: false } });
    expect((await t.app.inject({ method: 'GET', url: new URL(again.url).pathname })).statusCode).toBe(404);
  });

  it("a professional's feed has the workshops they instruct and their sessions, each with a stable UID", async () => {
    const pro = await buildProfessional(t);
    const w = await insertWorkshop(db(), { professionalId: pro.id, daysFromNow: 3 });
    await insertWorkshop(db(), { professionalId: pro.id, daysFromNow: 4, status: 'draft' });
    const link = body<{ data: { url: string } }>(await t.app.inject({ method: 'POST', url: '/api/calendar/feed-link', headers: pro.auth })).data;
    const feed = await t.app.inject({ method: 'GET', url: new URL(link.url).pathname });
    const cal = new ICAL.Component(ICAL.parse(feed.body));
    const uids = cal.getAllSubcomponents('vevent').map((e) => String(e.getFirstPropertyValue('uid')));
    expect(uids).toEqual([`workshop-${w.id}@mentorbridge.invalid`]);
  });
});
