// Reminders 24 h and 1 h before workshops, mentoring sessions and R&D interviews (issue 12), with the
// injectable clock: each sent once, to both sides; dropped and planned anew on reschedule; none for
// cancelled or past events; an event booked 30 minutes ahead gets the 1 h reminder only.
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { mentoringSessions } from '../../db/schema/mentoring.ts';
import { emails, notifications } from '../../db/schema/platform.ts';
import { rdApplications } from '../../db/schema/rd-projects.ts';
import { workshops } from '../../db/schema/workshops.ts';
import { buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { createProject } from '../rd-projects/rd-test-helpers.ts';
import { insertRegistration, insertWorkshop } from '../workshops/workshops.fixtures.ts';
import { reminderWindows, scanReminders } from './reminders.ts';

const t = useTestApp();
const MIN = 60_000;
const HOUR = 60 * MIN;
afterEach(() => t.app.ctx.clock.set(null));
const db = () => t.database.db;

async function remindersOf(user: BuiltUser) {
  const rows = await db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.subType, 'reminder')));
  return rows.map((r) => ({ offset: r.metadata.offsetMinutes, startsAt: r.metadata.startsAt, title: r.title }));
}
const reminderMails = async (user: BuiltUser) =>
  (await db().select().from(emails).where(eq(emails.to, user.email))).filter((m) => m.subject.startsWith('Reminder:'));

/** Run the scheduled scan at an instant (as every process's scheduler would). */
async function scanAt(instant: Date) {
  t.app.ctx.clock.set(instant);
  await t.app.ctx.scheduler.runDue();
}

describe('reminder windows', () => {
  it('24 h covers (1 h, 24 h], 1 h covers (0, 1 h]', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(reminderWindows(now).map((w) => [w.offset, w.from.toISOString(), w.until.toISOString()])).toEqual([
      [1440, '2030-01-01T01:00:00.000Z', '2030-01-02T00:00:00.000Z'],
      [60, '2030-01-01T00:00:00.000Z', '2030-01-01T01:00:00.000Z'],
    ]);
  });
});

describe('workshop reminders', () => {
  it('24 h and 1 h before, once each, to registrants and the instructor; a reschedule plans new ones', async () => {
    const pro = await buildProfessional(t);
    const student = await buildStudent(t);
    const dropped = await buildStudent(t);
    const w = await insertWorkshop(db(), { daysFromNow: 3, professionalId: pro.id, registeredCount: 1 });
    await insertRegistration(db(), { workshopId: w.id, studentId: student.id });
    await insertRegistration(db(), { workshopId: w.id, studentId: dropped.id, status: 'cancelled' });
    const start = w.startsAt.getTime();

    await scanAt(new Date(start - 25 * HOUR));
    expect(await remindersOf(student)).toEqual([]);
    await scanAt(new Date(start - 24 * HOUR + MIN));
    await scanAt(new Date(start - 23 * HOUR));
    // Another process scanning the same instant finds the rows already there.
    await scanReminders(db(), new Date(start - 23 * HOUR), t.config.publicUrl);
    expect((await remindersOf(student)).map((r) => r.offset)).toEqual([1440]);
    expect((await remindersOf(pro)).map((r) => r.offset)).toEqual([1440]);
    expect(await remindersOf(dropped)).toEqual([]);
    const [mail] = await reminderMails(student);
    expect(mail?.subject).toBe(`Reminder: ${w.title} starts in 24 hours`);
    expect(mail?.text).toContain('Join online: https://meet.jit.si/MentorBridge-test-room');

    await scanAt(new Date(start - 59 * MIN));
    await scanAt(new Date(start - 30 * MIN));
    expect((await remindersOf(student)).map((r) => r.offset)).toEqual([1440, 60]);
    expect((await reminderMails(student)).map((m) => m.subject)).toEqual([
      `Reminder: ${w.title} starts in 24 hours`,
      `Reminder: ${w.title} starts in 1 hour`,
    ]);

    // Rescheduled two days later: the new start is reminded afresh, the old reminders do not repeat.
    const newStart = new Date(start + 2 * 24 * HOUR);
    await db()
      .update(workshops)
      .set({ startsAt: newStart, endsAt: new Date(newStart.getTime() + 2 * HOUR) })
      .where(eq(workshops.id, w.id));
    await scanAt(new Date(start - 10 * MIN));
    expect(await remindersOf(student)).toHaveLength(2);
    await scanAt(new Date(newStart.getTime() - 20 * HOUR));
    await scanAt(new Date(newStart.getTime() - 45 * MIN));
    const all = await remindersOf(student);
    expect(all.map((r) => [r.offset, r.startsAt])).toEqual([
      [1440, w.startsAt.toISOString()],
      [60, w.startsAt.toISOString()],
      [1440, newStart.toISOString()],
      [60, newStart.toISOString()],
    ]);
    // Past events get nothing.
    await scanAt(new Date(newStart.getTime() + 5 * MIN));
    expect(await remindersOf(student)).toHaveLength(4);
  });

  it('none for a cancelled or draft workshop', async () => {
    const student = await buildStudent(t);
    for (const status of ['cancelled', 'draft'] as const) {
      const w = await insertWorkshop(db(), { daysFromNow: 5, status });
      await insertRegistration(db(), { workshopId: w.id, studentId: student.id });
      await scanAt(new Date(w.startsAt.getTime() - 30 * MIN));
    }
    expect(await remindersOf(student)).toEqual([]);
  });
});

describe('mentoring session reminders', () => {
  it('both sides; a session booked long before, first scanned 30 minutes ahead, gets the 1 h reminder only; none once cancelled', async () => {
    const pro = await buildProfessional(t);
    const student = await buildStudent(t);
    const now = new Date(Date.now() + 10 * 24 * HOUR);
    const startsAt = new Date(now.getTime() + 30 * MIN);
    const [session] = await db()
      .insert(mentoringSessions)
      .values({ professionalId: pro.id, studentId: student.id, topic: 'Career planning', startsAt, endsAt: new Date(startsAt.getTime() + HOUR), timezone: 'Asia/Kolkata', meetLink: 'https://meet.jit.si/mb-room' })
      .returning();
    await scanAt(now);
    await scanAt(new Date(now.getTime() + MIN));
    expect((await remindersOf(student)).map((r) => r.offset)).toEqual([60]);
    expect((await remindersOf(pro)).map((r) => r.offset)).toEqual([60]);
    const [mail] = await reminderMails(pro);
    expect(mail?.text).toContain('Join online: https://meet.jit.si/mb-room');
    expect(mail?.text).toContain(DateTime.fromJSDate(startsAt, { zone: 'Asia/Kolkata' }).toFormat('HH:mm'));

    const cancelledStart = new Date(now.getTime() + 3 * HOUR);
    const [cancelled] = await db()
      .insert(mentoringSessions)
      .values({ professionalId: pro.id, studentId: student.id, topic: 'Cancelled one', startsAt: cancelledStart, endsAt: new Date(cancelledStart.getTime() + HOUR), status: 'cancelled' })
      .returning();
    await scanAt(new Date(cancelledStart.getTime() - 30 * MIN));
    expect(await remindersOf(student)).toHaveLength(1);
    expect(session && cancelled).toBeTruthy();
  });
});

describe('R&D interview reminders', () => {
  it('the applicant and the reviewer, from the interview’s local date, time and zone', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const project = await createProject(t, admin);
    const start = DateTime.now().setZone('Asia/Kolkata').plus({ days: 6 }).set({ hour: 15, minute: 30, second: 0, millisecond: 0 });
    await db().insert(rdApplications).values({
      projectId: project._id,
      roleId: project.roles[0]?._id ?? '',
      studentId: student.id,
      status: 'interview-scheduled',
      motivation: 'I want to learn.',
      reviewedBy: admin.id,
      interview: { scheduled: true, date: start.toISODate() ?? '', time: '15:30', timezone: 'Asia/Kolkata', mode: 'offline', location: 'Lab 4, Block B' },
    });
    await scanAt(start.minus({ hours: 2 }).toJSDate());
    await scanAt(start.minus({ minutes: 50 }).toJSDate());
    await scanAt(start.minus({ minutes: 49 }).toJSDate());
    expect((await remindersOf(student)).map((r) => r.offset)).toEqual([1440, 60]);
    expect((await remindersOf(admin)).map((r) => r.offset)).toEqual([1440, 60]);
    const mails = await reminderMails(student);
    expect(mails[1]?.text).toContain('Location: Lab 4, Block B');
    expect(mails[1]?.text).toContain('15:30 (Asia/Kolkata)');
  });
});
