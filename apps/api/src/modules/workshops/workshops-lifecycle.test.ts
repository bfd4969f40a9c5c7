// Workshop lifecycle with the injectable clock (issue 12): published → live → completed by the scheduled
// job, manual complete/cancel, attendance (per registrant, "mark all", the student's check-in code), and
// certificates issued exactly once with a notification and an e-mail.
import { CHECK_IN_MAX_WRONG } from './workshops-lifecycle.ts';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { WORKSHOP_ADMIN_MESSAGES, WORKSHOP_FORM_MESSAGES } from '@app/shared/workshop-admin';
import { WORKSHOP_MESSAGES, type WorkshopDto } from '@app/shared/workshops';
import { emails, notifications, workshopRegistrations, workshops } from '../../db/schema/index.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { insertRegistration, insertWorkshop } from './workshops.fixtures.ts';

const t = useTestApp();
const MIN = 60_000;
afterEach(() => t.app.ctx.clock.set(null));

const db = () => t.database.db;
const at = (d: Date) => t.app.ctx.clock.set(d);

async function workshopWith(students: BuiltUser[], pro?: BuiltUser, daysFromNow = 2) {
  const w = await insertWorkshop(db(), { daysFromNow, professionalId: pro?.id ?? null, registeredCount: students.length });
  const regs = [];
  for (const s of students) regs.push(await insertRegistration(db(), { workshopId: w.id, studentId: s.id }));
  return { w, regs };
}

async function phase(admin: BuiltUser, id: string): Promise<WorkshopDto['phase']> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/workshops/${id}`, headers: admin.auth });
  return body<{ data: { workshop: WorkshopDto } }>(res).data.workshop.phase;
}

const certificateNotes = async (userId: string) =>
  (await db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.subType, 'certificate')))).length;
const certificateMails = async (email: string) =>
  (await db().select().from(emails).where(eq(emails.to, email))).filter((m) => m.subject.startsWith('Your certificate')).length;

describe('workshop lifecycle by the clock', () => {
  it('published → live → completed by the job, once; certificates to attended students only, once', async () => {
    const admin = await buildAdmin(t);
    const pro = await buildProfessional(t);
    const [came, missed, late] = [await buildStudent(t), await buildStudent(t), await buildStudent(t)];
    const { w, regs } = await workshopWith([came, missed, late], pro);
    expect(await phase(admin, w.id)).toBe('upcoming');

    at(new Date(w.startsAt.getTime() + MIN));
    expect(await phase(admin, w.id)).toBe('live');
    // Attendance during the workshop: one attended, one absent.
    const mark = (regId: string, status: string) =>
      t.app.inject({ method: 'PUT', url: `/api/workshops/my-workshops/${w.id}/registrations/${regId}`, headers: pro.auth, payload: { status } });
    expect((await mark(regs[0]?.id ?? '', 'attended')).statusCode).toBe(200);
    expect((await mark(regs[1]?.id ?? '', 'absent')).statusCode).toBe(200);
    // Nothing completes while it is live.
    await t.app.ctx.scheduler.runDue();
    expect((await db().select().from(workshops).where(eq(workshops.id, w.id)))[0]?.status).toBe('published');

    at(new Date(w.endsAt.getTime() + 30_000));
    expect(await phase(admin, w.id)).toBe('ended');
    at(new Date(w.endsAt.getTime() + 61_000));
    await t.app.ctx.scheduler.runDue();
    const [done] = await db().select().from(workshops).where(eq(workshops.id, w.id));
    expect(done?.status).toBe('completed');
    expect(done?.completedAt?.getTime()).toBe(w.endsAt.getTime() + 61_000);
    expect(await phase(admin, w.id)).toBe('completed');
    expect([await certificateNotes(came.id), await certificateNotes(missed.id), await certificateNotes(late.id)]).toEqual([1, 0, 0]);
    expect(await certificateMails(came.email)).toBe(1);
    const [reg] = await db().select().from(workshopRegistrations).where(eq(workshopRegistrations.id, regs[0]?.id ?? ''));
    expect(reg?.certificateId).toMatch(/^MB-/);
    const mail = (await db().select().from(emails).where(eq(emails.to, came.email))).find((m) => m.subject.startsWith('Your certificate'));
    expect(mail?.text).toContain(`/certificates/${reg?.certificateId}`);

    // Later slots (and other processes' ticks) find nothing more to do.
    at(new Date(w.endsAt.getTime() + 5 * MIN));
    await t.app.ctx.scheduler.runDue();
    await t.app.ctx.scheduler.runDue();
    expect(await certificateNotes(came.id)).toBe(1);

    // Marking someone attended after completion issues their certificate then, once.
    expect((await mark(regs[2]?.id ?? '', 'attended')).statusCode).toBe(200);
    expect((await mark(regs[2]?.id ?? '', 'attended')).statusCode).toBe(200);
    expect(await certificateNotes(late.id)).toBe(1);
    // The public verification answers for it.
    const [lateReg] = await db().select().from(workshopRegistrations).where(eq(workshopRegistrations.id, regs[2]?.id ?? ''));
    const verify = await t.app.inject({ method: 'GET', url: `/api/certificates/${lateReg?.certificateId}` });
    expect(body<{ data: { certificate: { issuer: string; issuedAt: string } } }>(verify).data.certificate).toMatchObject({ issuer: 'MentorBridge' });
  });

  it('a workshop is never completed early by the job, and a cancelled one never completes', async () => {
    const { w } = await workshopWith([]);
    const { w: cancelled } = await workshopWith([]);
    await db().update(workshops).set({ status: 'cancelled' }).where(eq(workshops.id, cancelled.id));
    at(new Date(w.endsAt.getTime() - MIN));
    await t.app.ctx.scheduler.runDue();
    expect((await db().select().from(workshops).where(eq(workshops.id, w.id)))[0]?.status).toBe('published');
    at(new Date(w.endsAt.getTime() + 2 * MIN));
    await t.app.ctx.scheduler.runDue();
    expect((await db().select().from(workshops).where(eq(workshops.id, cancelled.id)))[0]?.status).toBe('cancelled');
  });
});

describe('POST …/:id/complete and …/:id/cancel', () => {
  it('401, 403, 404 for another instructor, 400 before the start, 200 after; completed cannot be cancelled', async () => {
    const pro = await buildProfessional(t);
    const other = await buildProfessional(t);
    const student = await buildStudent(t);
    const { w, regs } = await workshopWith([student], pro);
    const complete = (user?: BuiltUser, base = '/api/workshops/my-workshops', id = w.id) =>
      t.app.inject({ method: 'POST', url: `${base}/${id}/complete`, headers: user?.auth ?? {} });
    expect((await complete()).statusCode).toBe(401);
    expect((await complete(student)).statusCode).toBe(403);
    expect((await complete(other)).statusCode).toBe(404);
    expect((await complete(pro, undefined, 'not-an-id')).statusCode).toBe(404);
    const early = await complete(pro);
    expect([early.statusCode, body(early).message]).toEqual([400, WORKSHOP_FORM_MESSAGES.completeTooEarly]);

    at(new Date(w.startsAt.getTime() + 10 * MIN));
    await db().update(workshopRegistrations).set({ status: 'attended' }).where(eq(workshopRegistrations.id, regs[0]?.id ?? ''));
    const ok = await complete(pro);
    expect(ok.statusCode).toBe(200);
    expect(body(ok).message).toBe(WORKSHOP_ADMIN_MESSAGES.completed);
    expect(body<{ data: { workshop: WorkshopDto; certificatesIssued: number } }>(ok).data).toMatchObject({
      certificatesIssued: 1,
      workshop: { status: 'completed', phase: 'completed' },
    });
    const again = await complete(pro);
    expect([again.statusCode, body(again).message]).toEqual([409, WORKSHOP_MESSAGES.completed]);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/workshops/my-workshops/${w.id}/cancel`, headers: pro.auth });
    expect([cancel.statusCode, body(cancel).message]).toEqual([400, WORKSHOP_FORM_MESSAGES.cancelCompleted]);
    // Editing a finished workshop is refused (it would otherwise be republished).
    const edit = await t.app.inject({ method: 'PUT', url: `/api/workshops/my-workshops/${w.id}`, headers: pro.auth, payload: { title: 'Renamed' } });
    expect([edit.statusCode, body(edit).message]).toEqual([400, WORKSHOP_FORM_MESSAGES.finished]);
    expect(await certificateNotes(student.id)).toBe(1);
  });

  it('cancel tells every registered student in the app and by e-mail, once; the workshop then never reminds or completes', async () => {
    const admin = await buildAdmin(t);
    const students = [await buildStudent(t), await buildStudent(t)];
    const { w } = await workshopWith(students);
    const cancel = () => t.app.inject({ method: 'POST', url: `/api/admin/workshops/${w.id}/cancel`, headers: admin.auth });
    const student = students[0] as BuiltUser;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/workshops/${w.id}/cancel`, headers: student.auth })).statusCode).toBe(403);
    const res = await cancel();
    expect(res.statusCode).toBe(200);
    expect(body<{ data: { notified: number; workshop: WorkshopDto } }>(res).data).toMatchObject({ notified: 2, workshop: { phase: 'cancelled' } });
    const again = await cancel();
    expect([again.statusCode, body(again).message]).toEqual([409, WORKSHOP_FORM_MESSAGES.alreadyCancelled]);
    await t.runJobs(); // the change fan-out job tells the registrants (docs/decisions/421)
    for (const s of students) {
      const notes = await db().select().from(notifications).where(and(eq(notifications.userId, s.id), eq(notifications.subType, 'cancelled')));
      expect(notes).toHaveLength(1);
      const mails = (await db().select().from(emails).where(eq(emails.to, s.email))).filter((m) => m.subject === `Cancelled: ${w.title}`);
      expect(mails).toHaveLength(1);
      expect(JSON.stringify(mails[0]?.attachments)).toContain('METHOD:CANCEL');
    }
    at(new Date(w.startsAt.getTime() - 30 * MIN));
    await t.app.ctx.scheduler.runDue();
    const reminders = await db().select().from(notifications).where(and(eq(notifications.userId, student.id), eq(notifications.subType, 'reminder')));
    expect(reminders).toHaveLength(0);
  });
});

describe('attendance: mark all, and the student check-in code', () => {
  it('mark all (and listed ones), 400 before the start and for bad input, 404 for another instructor', async () => {
    const pro = await buildProfessional(t);
    const other = await buildProfessional(t);
    const students = [await buildStudent(t), await buildStudent(t), await buildStudent(t)];
    const { w, regs } = await workshopWith(students, pro);
    const bulk = (payload: unknown, user: BuiltUser = pro) =>
      t.app.inject({ method: 'PUT', url: `/api/workshops/my-workshops/${w.id}/attendance`, headers: user.auth, payload: payload as object });
    const early = await bulk({ status: 'attended' });
    expect([early.statusCode, body(early).message]).toEqual([400, WORKSHOP_FORM_MESSAGES.attendanceTooEarly]);
    at(new Date(w.startsAt.getTime() + 5 * MIN));
    expect((await bulk({ status: 'present' })).statusCode).toBe(400);
    expect((await bulk({ status: 'attended' }, other)).statusCode).toBe(404);
    expect((await bulk({ status: 'attended' }, students[0])).statusCode).toBe(403);
    const none = await bulk({ status: 'attended', registrationIds: ['zzz'] });
    expect([none.statusCode, body(none).message]).toEqual([400, WORKSHOP_FORM_MESSAGES.noOneToMark]);
    const all = await bulk({ status: 'attended' });
    expect(all.statusCode).toBe(200);
    expect(body<{ data: { updated: number } }>(all).data.updated).toBe(3);
    const one = await bulk({ status: 'absent', registrationIds: [regs[1]?.id] });
    const rows = body<{ data: { updated: number; registrations: { _id: string; status: string }[] } }>(one).data;
    expect(rows.updated).toBe(1);
    expect(rows.registrations.map((r) => r.status).sort()).toEqual(['absent', 'attended', 'attended']);
  });

  it('check-in works only while live, with the right code, for a registered student; the instructor sees the code', async () => {
    const pro = await buildProfessional(t);
    const student = await buildStudent(t);
    const stranger = await buildStudent(t);
    const { w } = await workshopWith([student], pro);
    const codeRes = await t.app.inject({ method: 'GET', url: `/api/workshops/my-workshops/${w.id}/check-in-code`, headers: pro.auth });
    expect(codeRes.statusCode).toBe(200);
    const { code, opensAt, closesAt } = body<{ data: { code: string; opensAt: string; closesAt: string } }>(codeRes).data;
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    expect(new Date(closesAt).getTime()).toBe(w.endsAt.getTime());
    // Stable: the same code the next time.
    const again = body<{ data: { code: string } }>(
      await t.app.inject({ method: 'GET', url: `/api/workshops/my-workshops/${w.id}/check-in-code`, headers: pro.auth }),
    ).data.code;
    expect(again).toBe(code);
    expect((await t.app.inject({ method: 'GET', url: `/api/workshops/my-workshops/${w.id}/check-in-code`, headers: student.auth })).statusCode).toBe(403);

    const checkIn = (user: BuiltUser | null, payload: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/check-in`, headers: user?.auth ?? {}, payload: payload as object });
    expect((await checkIn(null, { code })).statusCode).toBe(401);
    expect((await checkIn(pro, { code })).statusCode).toBe(403);
    const closed = await checkIn(student, { code });
    expect([closed.statusCode, body(closed).message]).toEqual([400, WORKSHOP_MESSAGES.checkInClosed]);
    at(new Date(new Date(opensAt).getTime() + MIN));
    const empty = await checkIn(student, {});
    expect([empty.statusCode, body(empty).message]).toEqual([400, WORKSHOP_MESSAGES.checkInCode]);
    const wrong = await checkIn(student, { code: 'AAAAAA' === code ? 'BBBBBB' : 'AAAAAA' });
    expect([wrong.statusCode, body(wrong).message]).toEqual([400, WORKSHOP_MESSAGES.checkInWrong]);
    expect((await checkIn(stranger, { code })).statusCode).toBe(404);
    const ok = await checkIn(student, { code: code.toLowerCase() });
    expect(ok.statusCode).toBe(200);
    expect(body<{ data: { registration: { status: string } } }>(ok).data.registration.status).toBe('attended');
    at(new Date(w.endsAt.getTime() + MIN));
    const after = await checkIn(student, { code });
    expect([after.statusCode, body(after).message]).toEqual([400, WORKSHOP_MESSAGES.checkInClosed]);
  });

  it('throttle wrong workshop check-in codes: five wrong codes, then 429 even with the right one; another student is not locked out', async () => {
    const pro = await buildProfessional(t);
    const guesser = await buildStudent(t);
    const classmate = await buildStudent(t);
    const { w } = await workshopWith([guesser, classmate], pro);
    const { code, opensAt } = body<{ data: { code: string; opensAt: string } }>(
      await t.app.inject({ method: 'GET', url: `/api/workshops/my-workshops/${w.id}/check-in-code`, headers: pro.auth }),
    ).data;
    at(new Date(new Date(opensAt).getTime() + MIN));
    const checkIn = (user: BuiltUser, payload: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/check-in`, headers: user.auth, payload: payload as object });
    const wrongCode = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < CHECK_IN_MAX_WRONG; i++) {
      const wrong = await checkIn(guesser, { code: wrongCode });
      expect([wrong.statusCode, body(wrong).message]).toEqual([400, WORKSHOP_MESSAGES.checkInWrong]);
    }
    const blocked = await checkIn(guesser, { code });
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked).message).toMatch(/^Too many wrong check-in codes\. Please try again in 15 minutes/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    const [still] = await t.database.db.select().from(workshopRegistrations).where(and(eq(workshopRegistrations.workshopId, w.id), eq(workshopRegistrations.studentId, guesser.id)));
    expect(still?.status).toBe('registered');
    // The limit is the guesser's own: a classmate checks in with the right code at once.
    const ok = await checkIn(classmate, { code });
    expect(ok.statusCode).toBe(200);
  });
});
