import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent } from '../../../test/factories.ts';
import { emails, notifications, workshopRegistrations, workshops } from '../../db/schema/index.ts';
import { JOIN_EARLY_MINUTES, WORKSHOP_MESSAGES, type WorkshopDto, type WorkshopRegistrationDto } from '@app/shared/workshops';
import { insertRegistration, insertWorkshop } from './workshops.fixtures.ts';

const t = useTestApp();
const MISSING = 'ffffffffffffffffffffffff';

/** Moves a workshop so it starts `minutes` from now (negative: started that long ago) and lasts an hour. */
async function moveStart(id: string, minutes: number) {
  const startsAt = new Date(Date.now() + minutes * 60_000);
  await t.database.db.update(workshops).set({ startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) }).where(eq(workshops.id, id));
}

type ListBody = { data: { workshops: WorkshopDto[]; pagination: { total: number; pages: number } } };

describe('GET /api/workshops', () => {
  it('lists upcoming published and completed workshops to anyone, hides drafts, past and meeting links', async () => {
    const tag = `L${Date.now()}`;
    const upcoming = await insertWorkshop(t.database.db, { title: `${tag} upcoming`, daysFromNow: 3 });
    const completed = await insertWorkshop(t.database.db, { title: `${tag} completed`, daysFromNow: -10, status: 'completed' });
    await insertWorkshop(t.database.db, { title: `${tag} draft`, status: 'draft' });
    await insertWorkshop(t.database.db, { title: `${tag} stale`, daysFromNow: -3 });
    const res = await t.app.inject({ method: 'GET', url: `/api/workshops?search=${tag}` });
    expect(res.statusCode).toBe(200);
    const list = body<ListBody>(res).data;
    expect(list.workshops.map((w) => w.title)).toEqual([`${tag} upcoming`, `${tag} completed`]);
    expect(list.pagination.total).toBe(2);
    const first = list.workshops[0];
    expect(first?._id).toBe(upcoming.id);
    expect(first?.meetingDetails?.link).toBeNull();
    expect(first?.isRegistered).toBe(false);
    expect(first?.spotsRemaining).toBe(30);
    expect(first?.isUpcoming).toBe(true);
    expect(list.workshops[1]?._id).toBe(completed.id);
  });

  it('filters by category (all = no filter), paginates and treats % literally', async () => {
    const tag = `C${Date.now()}`;
    await insertWorkshop(t.database.db, { title: `${tag} design one`, category: 'Design' });
    await insertWorkshop(t.database.db, { title: `${tag} design two`, category: 'Design' });
    await insertWorkshop(t.database.db, { title: `${tag} biz`, category: 'Business' });
    const design = body<ListBody>(await t.app.inject({ method: 'GET', url: `/api/workshops?search=${tag}&category=design&limit=1` })).data;
    expect(design.pagination).toMatchObject({ total: 2, pages: 2 });
    expect(design.workshops).toHaveLength(1);
    // With a search the page query counts its matches (count(*) OVER ()): the last page and a page past
    // the end (no row to carry the count) must still answer the full total.
    const second = body<ListBody>(await t.app.inject({ method: 'GET', url: `/api/workshops?search=${tag}&category=design&limit=1&page=2` })).data;
    expect(second.pagination).toMatchObject({ total: 2, pages: 2 });
    expect(second.workshops[0]?.title).not.toBe(design.workshops[0]?.title);
    const beyond = body<ListBody>(await t.app.inject({ method: 'GET', url: `/api/workshops?search=${tag}&category=design&limit=1&page=5` })).data;
    expect(beyond.workshops).toHaveLength(0);
    expect(beyond.pagination).toMatchObject({ total: 2, pages: 2 });
    const all = body<ListBody>(await t.app.inject({ method: 'GET', url: `/api/workshops?search=${tag}&category=all` })).data;
    expect(all.pagination.total).toBe(3);
    const pct = body<ListBody>(await t.app.inject({ method: 'GET', url: `/api/workshops?search=${encodeURIComponent('%')}${tag}` })).data;
    expect(pct.pagination.total).toBe(0);
  });

  it('answers 400 for a bad page or limit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/workshops?limit=1000' });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/workshops/:id', () => {
  it('shows a listed workshop, 404 for drafts, unknown and malformed ids', async () => {
    const w = await insertWorkshop(t.database.db);
    const draft = await insertWorkshop(t.database.db, { status: 'draft' });
    expect((await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/workshops/${draft.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/workshops/${MISSING}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/workshops/not-an-id' })).statusCode).toBe(404);
    const admin = await buildAdmin(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/workshops/${draft.id}`, headers: admin.auth })).statusCode).toBe(200);
  });

  it('hides the instructor e-mail from anonymous visitors', async () => {
    const pro = await buildProfessional(t);
    const w = await insertWorkshop(t.database.db, { professionalId: pro.id });
    const anon = body<{ data: { workshop: WorkshopDto } }>(await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}` })).data.workshop;
    expect(anon.instructor?.name).toBe('Test Mentor');
    expect(anon.instructor?.email).toBeNull();
    const student = await buildStudent(t);
    const seen = body<{ data: { workshop: WorkshopDto } }>(
      await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}`, headers: student.auth }),
    ).data.workshop;
    expect(seen.instructor?.email).toBe(pro.email);
  });
});

describe('POST /api/workshops/:id/register', () => {
  it('401 without a token, 403 for professionals and admins', async () => {
    const w = await insertWorkshop(t.database.db);
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register` })).statusCode).toBe(401);
    const pro = await buildProfessional(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: pro.auth })).statusCode).toBe(403);
    const admin = await buildAdmin(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: admin.auth })).statusCode).toBe(403);
  });

  it('registers, reveals the meeting link, notifies and e-mails an .ics', async () => {
    const w = await insertWorkshop(t.database.db, { title: 'Registration flow' });
    // A stale stored meeting ID never contradicts the link: the ID shown is the link's room.
    await t.database.db.update(workshops).set({ meetingId: '999 888 777' }).where(eq(workshops.id, w.id));
    const student = await buildStudent(t);
    const res = await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: student.auth });
    expect(res.statusCode).toBe(201);
    const json = body<{ message: string; data: { workshop: WorkshopDto } }>(res);
    expect(json.message).toBe(WORKSHOP_MESSAGES.registered);
    expect(json.data.workshop.isRegistered).toBe(true);
    // A week ahead: the join window (decision 710) is not open yet, so no link.
    expect(json.data.workshop.joinOpen).toBe(false);
    expect(json.data.workshop.meetingDetails?.link).toBeNull();
    expect(json.data.workshop.spotsRemaining).toBe(29);

    const [n] = await t.database.db.select().from(notifications).where(eq(notifications.userId, student.id));
    expect(n).toMatchObject({ type: 'workshop', title: 'Workshop registration confirmed' });
    const [mail] = await t.database.db.select().from(emails).where(eq(emails.to, student.email));
    expect(mail?.subject).toBe('Registered: Registration flow');
    expect(mail?.attachments[0]?.content).toContain('BEGIN:VEVENT');
    expect(mail?.attachments[0]?.content).toContain('DTSTART;TZID=Asia/Kolkata:');

    const again = await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: student.auth });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe(WORKSHOP_MESSAGES.alreadyRegistered);

    const list = body<ListBody>(await t.app.inject({ method: 'GET', url: '/api/workshops?search=Registration%20flow', headers: student.auth })).data;
    expect(list.workshops[0]).toMatchObject({ isRegistered: true, registrationStatus: 'registered' });
    expect(list.workshops[0]?.meetingDetails?.link).toBeNull();

    // Ten minutes before the start the window is open: the registrant gets the link (ID = the link's room).
    await moveStart(w.id, 10);
    const soon = body<{ data: { workshop: WorkshopDto } }>(await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}`, headers: student.auth })).data.workshop;
    expect(soon.joinOpen).toBe(true);
    expect(soon.meetingDetails?.link).toBe('https://meet.jit.si/MentorBridge-test-room');
    expect(soon.meetingDetails?.meetingId).toBe('MentorBridge-test-room');
  });

  it.each<[string, Parameters<typeof insertWorkshop>[1] & { registeredCount?: number }, number, string]>([
    ['completed', { status: 'completed', daysFromNow: -2 }, 400, WORKSHOP_MESSAGES.completed],
    ['draft', { status: 'draft' }, 400, WORKSHOP_MESSAGES.notOpen],
    ['past', { daysFromNow: -1 }, 400, WORKSHOP_MESSAGES.started],
    ['full', { maxParticipants: 1, registeredCount: 1 }, 409, WORKSHOP_MESSAGES.full],
  ])('refuses a %s workshop with a clear message', async (_label, overrides, status, message) => {
    const w = await insertWorkshop(t.database.db, overrides);
    const student = await buildStudent(t);
    const res = await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: student.auth });
    expect(res.statusCode).toBe(status);
    expect(body(res).message).toBe(message);
    const [row] = await t.database.db.select().from(workshops).where(eq(workshops.id, w.id));
    expect(row?.registeredCount).toBe(overrides.registeredCount ?? 0);
  });

  it('404 for unknown and malformed ids', async () => {
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${MISSING}/register`, headers: student.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/workshops/xyz/register', headers: student.auth })).statusCode).toBe(404);
  });

  it('gives exactly 10 seats to 50 students racing for them', async () => {
    const w = await insertWorkshop(t.database.db, { maxParticipants: 10 });
    const students = await Promise.all(Array.from({ length: 50 }, () => buildStudent(t)));
    const results = await Promise.all(
      students.map((s) => t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: s.auth })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    const [row] = await t.database.db.select().from(workshops).where(eq(workshops.id, w.id));
    expect(row?.registeredCount).toBe(10);
    const regs = await t.database.db
      .select()
      .from(workshopRegistrations)
      .where(and(eq(workshopRegistrations.workshopId, w.id), eq(workshopRegistrations.status, 'registered')));
    expect(regs).toHaveLength(10);
  });

  it('takes one seat when one student double-submits in parallel', async () => {
    const w = await insertWorkshop(t.database.db, { maxParticipants: 5 });
    const student = await buildStudent(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: student.auth })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const [row] = await t.database.db.select().from(workshops).where(eq(workshops.id, w.id));
    expect(row?.registeredCount).toBe(1);
  });
});

describe('DELETE /api/workshops/:id/register', () => {
  it('cancels, frees the seat, and a cancelled registration can be re-activated', async () => {
    const w = await insertWorkshop(t.database.db, { maxParticipants: 1 });
    const a = await buildStudent(t);
    const b = await buildStudent(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: a.auth })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: b.auth })).statusCode).toBe(409);
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/workshops/${w.id}/register`, headers: a.auth });
    expect(cancel.statusCode).toBe(200);
    expect(body<{ data: { workshop: WorkshopDto } }>(cancel).data.workshop).toMatchObject({ spotsRemaining: 1, isRegistered: false, registrationStatus: 'cancelled' });
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: b.auth })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/workshops/${w.id}/register`, headers: b.auth })).statusCode).toBe(200);
    const back = await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: a.auth });
    expect(back.statusCode).toBe(201);
    const regs = await t.database.db.select().from(workshopRegistrations).where(eq(workshopRegistrations.workshopId, w.id));
    expect(regs).toHaveLength(2);
  });

  it('401, 403, 404 when not registered or malformed, 400 once started', async () => {
    const w = await insertWorkshop(t.database.db);
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/workshops/${w.id}/register` })).statusCode).toBe(401);
    const pro = await buildProfessional(t);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/workshops/${w.id}/register`, headers: pro.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/workshops/${w.id}/register`, headers: student.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/workshops/nope/register', headers: student.auth })).statusCode).toBe(404);
    const past = await insertWorkshop(t.database.db, { daysFromNow: -1, registeredCount: 1 });
    await insertRegistration(t.database.db, { workshopId: past.id, studentId: student.id });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/workshops/${past.id}/register`, headers: student.auth });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(WORKSHOP_MESSAGES.cancelStarted);
  });
});

describe('GET /api/workshops/registered', () => {
  it("lists only the caller's active registrations with their status", async () => {
    const student = await buildStudent(t);
    const other = await buildStudent(t);
    const w1 = await insertWorkshop(t.database.db, { title: 'Mine upcoming' });
    const w2 = await insertWorkshop(t.database.db, { title: 'Mine done', status: 'completed', daysFromNow: -5 });
    const w3 = await insertWorkshop(t.database.db, { title: 'Theirs' });
    await t.app.inject({ method: 'POST', url: `/api/workshops/${w1.id}/register`, headers: student.auth });
    await insertRegistration(t.database.db, { workshopId: w2.id, studentId: student.id, status: 'attended' });
    await t.app.inject({ method: 'POST', url: `/api/workshops/${w3.id}/register`, headers: other.auth });
    const res = await t.app.inject({ method: 'GET', url: '/api/workshops/registered', headers: student.auth });
    expect(res.statusCode).toBe(200);
    const regs = body<{ data: { registrations: WorkshopRegistrationDto[] } }>(res).data.registrations;
    expect(regs.map((r) => [r.workshop.title, r.status, r.certificateAvailable])).toEqual([
      ['Mine upcoming', 'registered', false],
      ['Mine done', 'attended', true],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/workshops/registered' })).statusCode).toBe(401);
    const admin = await buildAdmin(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/workshops/registered', headers: admin.auth })).statusCode).toBe(403);
  });
});

describe('GET /api/workshops/:id/calendar.ics', () => {
  it('downloads the invitation for a registered student only', async () => {
    const w = await insertWorkshop(t.database.db, { title: 'Calendar: time, zones; fun' });
    const student = await buildStudent(t);
    const other = await buildStudent(t);
    await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: student.auth });
    const res = await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}/calendar.ics`, headers: student.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="calendar-time-zones-fun.ics"');
    expect(res.body).toContain('SUMMARY:Calendar: time\\, zones\\; fun');
    expect(res.body).toContain(`UID:workshop-${w.id}@mentorbridge.invalid\r\n`);
    expect((await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}/calendar.ics`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}/calendar.ics` })).statusCode).toBe(401);
    const pro = await buildProfessional(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}/calendar.ics`, headers: pro.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/workshops/bad/calendar.ics', headers: student.auth })).statusCode).toBe(404);
  });
});

describe('certificates', () => {
  it('downloads a PDF for an attended completed workshop and verifies it publicly', async () => {
    const pro = await buildProfessional(t, { firstName: 'Ananya', lastName: 'Iyer' });
    const w = await insertWorkshop(t.database.db, { title: 'Certified Workshop', status: 'completed', daysFromNow: -4, professionalId: pro.id });
    const student = await buildStudent(t, { firstName: 'Lucía', lastName: 'Fernández' });
    await insertRegistration(t.database.db, { workshopId: w.id, studentId: student.id, status: 'attended' });
    const res = await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}/certificate`, headers: student.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="certificate-certified-workshop.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [reg] = await t.database.db.select().from(workshopRegistrations).where(eq(workshopRegistrations.studentId, student.id));
    const id = reg?.certificateId ?? '';
    expect(id).toMatch(/^MB-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    // A second download keeps the same verification id.
    await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}/certificate`, headers: student.auth });
    const [again] = await t.database.db.select().from(workshopRegistrations).where(eq(workshopRegistrations.studentId, student.id));
    expect(again?.certificateId).toBe(id);

    const verify = await t.app.inject({ method: 'GET', url: `/api/certificates/${id}` });
    expect(verify.statusCode).toBe(200);
    expect(body<{ data: { certificate: Record<string, unknown> } }>(verify).data.certificate).toMatchObject({
      valid: true,
      studentName: 'Lucía Fernández',
      workshopTitle: 'Certified Workshop',
      instructorName: 'Ananya Iyer',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/certificates/MB-AAAA-AAAA-AAAA-AAAA' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/certificates/garbage' })).statusCode).toBe(404);
  });

  it('POST /workshops/:id/certificate issues once and names the page; the public PDF follows the id', async () => {
    const w = await insertWorkshop(t.database.db, { title: 'Page Workshop', status: 'completed', daysFromNow: -3 });
    const student = await buildStudent(t);
    await insertRegistration(t.database.db, { workshopId: w.id, studentId: student.id, status: 'attended' });
    const first = await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/certificate`, headers: student.auth });
    expect(first.statusCode).toBe(200);
    const id = body<{ data: { certificate: { verificationId: string } } }>(first).data.certificate.verificationId;
    expect(id).toMatch(/^MB-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const second = await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/certificate`, headers: student.auth });
    expect(body<{ data: { certificate: { verificationId: string } } }>(second).data.certificate.verificationId).toBe(id);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/certificates/${id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="certificate-page-workshop.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ method: 'GET', url: '/api/certificates/MB-AAAA-AAAA-AAAA-AAAA/pdf' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/certificates/garbage/pdf' })).statusCode).toBe(404);

    // 401 without a token, 403 for another role, 404 for a stranger or a malformed id, 400 when not earned.
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/certificate` })).statusCode).toBe(401);
    const admin = await buildAdmin(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/certificate`, headers: admin.auth })).statusCode).toBe(403);
    const stranger = await buildStudent(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/certificate`, headers: stranger.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/workshops/nope/certificate', headers: student.auth })).statusCode).toBe(404);
    const absent = await insertWorkshop(t.database.db, { status: 'completed', daysFromNow: -3 });
    await insertRegistration(t.database.db, { workshopId: absent.id, studentId: stranger.id, status: 'absent' });
    const refused = await t.app.inject({ method: 'POST', url: `/api/workshops/${absent.id}/certificate`, headers: stranger.auth });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toBe(WORKSHOP_MESSAGES.certificateUnavailable);
  });

  it('refuses a certificate unless completed and attended; 404 for strangers; 401/403', async () => {
    const upcoming = await insertWorkshop(t.database.db);
    const done = await insertWorkshop(t.database.db, { status: 'completed', daysFromNow: -4 });
    const student = await buildStudent(t);
    await insertRegistration(t.database.db, { workshopId: upcoming.id, studentId: student.id, status: 'registered' });
    await insertRegistration(t.database.db, { workshopId: done.id, studentId: student.id, status: 'absent' });
    for (const w of [upcoming, done]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/workshops/${w.id}/certificate`, headers: student.auth });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(WORKSHOP_MESSAGES.certificateUnavailable);
    }
    const stranger = await buildStudent(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/workshops/${done.id}/certificate`, headers: stranger.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/workshops/${done.id}/certificate` })).statusCode).toBe(401);
    const admin = await buildAdmin(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/workshops/${done.id}/certificate`, headers: admin.auth })).statusCode).toBe(403);
  });
});

describe('join window (decision 710)', () => {
  const view = async (id: string, auth?: Record<string, string>) =>
    body<{ data: { workshop: WorkshopDto } }>(await t.app.inject({ method: 'GET', url: `/api/workshops/${id}`, headers: auth })).data.workshop;

  it('gives a registrant the link only from JOIN_EARLY_MINUTES before the start until the end', async () => {
    const w = await insertWorkshop(t.database.db, { title: 'Join window' });
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: student.auth })).statusCode).toBe(201);

    await moveStart(w.id, JOIN_EARLY_MINUTES + 5);
    let seen = await view(w.id, student.auth);
    expect(seen).toMatchObject({ joinOpen: false, phase: 'upcoming' });
    expect(seen.meetingDetails?.link).toBeNull();
    expect(new Date(seen.joinOpensAt).getTime()).toBe(new Date(seen.schedule.startsAt).getTime() - JOIN_EARLY_MINUTES * 60_000);

    await moveStart(w.id, JOIN_EARLY_MINUTES - 1);
    seen = await view(w.id, student.auth);
    expect(seen).toMatchObject({ joinOpen: true, phase: 'upcoming' });
    expect(seen.meetingDetails?.link).toBeTruthy();

    // Happening now: live, still joinable, registration closed.
    await moveStart(w.id, -10);
    seen = await view(w.id, student.auth);
    expect(seen).toMatchObject({ joinOpen: true, phase: 'live', isUpcoming: false });
    expect(seen.meetingDetails?.link).toBeTruthy();

    // Ended: no link any more.
    await moveStart(w.id, -120);
    seen = await view(w.id, student.auth);
    expect(seen).toMatchObject({ joinOpen: false, phase: 'ended' });
    expect(seen.meetingDetails?.link).toBeNull();
  });

  it('never gives the link to someone not registered, even inside the window, and refuses to register once live', async () => {
    const w = await insertWorkshop(t.database.db, { title: 'Join window outsider' });
    await moveStart(w.id, -5);
    const student = await buildStudent(t);
    const seen = await view(w.id, student.auth);
    expect(seen).toMatchObject({ joinOpen: true, phase: 'live', isRegistered: false });
    expect(seen.meetingDetails?.link).toBeNull();
    expect((await view(w.id)).meetingDetails?.link).toBeNull();
    const res = await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: student.auth });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(WORKSHOP_MESSAGES.started);
  });
});
