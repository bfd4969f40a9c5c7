// Issue 25 (decision 970): e-mails, calendar invitations, reminders and in-app notifications are written in
// the RECIPIENT's language (their profile choice, else their organisation's default, else the platform's),
// with dates and times through Intl in the recipient's locale and zone. A Hindi-speaking student and an
// English-speaking mentor book one session: each gets the invitation, its .ics text and the reminder in
// their own language; the event data in the .ics stays standard.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { mentoringSessions } from '../../db/schema/mentoring.ts';
import { organisations, studentAffiliations } from '../../db/schema/organisations.ts';
import { emails, notifications } from '../../db/schema/platform.ts';
import { recipientLocales, setPlatformLanguage } from '../../lib/recipient-locale.ts';
import { buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { connected, dayFromNow } from '../mentoring/test-helpers.ts';

const t = useTestApp();
const db = () => t.database.db;
const HOUR = 3_600_000;
afterEach(() => {
  t.app.ctx.clock.set(null);
  setPlatformLanguage('en');
});

const put = (who: BuiltUser, url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url, headers: who.auth, payload });
const mailsTo = (who: BuiltUser) => db().select().from(emails).where(eq(emails.to, who.email));
/** The .ics text with its folded lines joined again (RFC 5545 §3.1). */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
/** A property of the VEVENT (not of its VTIMEZONE). */
const property = (ics: string, name: string) =>
  unfold(ics)
    .split('BEGIN:VEVENT')[1]
    ?.split('\r\n')
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
const full = (language: string, zone: string, at: Date) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(at);
const DEVANAGARI = /[\u0900-\u097F]/;

describe('who reads which language', () => {
  it("a Hindi-speaking student's invitation, .ics and reminder are in Hindi; the mentor's copies are in English", async () => {
    const student = await buildStudent(t, { firstName: 'Ananya', lastName: 'Sharma' });
    const mentor = await buildProfessional(t, { firstName: 'Omar', lastName: 'Khan' });
    expect((await put(student, '/api/users/me/language', { language: 'hi' })).statusCode).toBe(200);
    expect((await put(student, '/api/auth/update-profile', { timezone: 'Asia/Kolkata' })).statusCode).toBe(200);
    expect((await put(mentor, '/api/auth/update-profile', { timezone: 'Europe/London' })).statusCode).toBe(200);

    // The mentor (writing in English) accepts and books the session.
    const { sessionId } = await connected(t, student, mentor, { date: dayFromNow(3, 'Asia/Kolkata'), startTime: '15:00', endTime: '16:00', timezone: 'Asia/Kolkata' });
    const [session] = await db().select().from(mentoringSessions).where(eq(mentoringSessions.id, sessionId ?? ''));
    if (!session) throw new Error('no session');
    const start = session.startsAt;

    const [toStudent] = (await mailsTo(student)).filter((m) => m.attachments.length > 0);
    const [toMentor] = (await mailsTo(mentor)).filter((m) => m.attachments.length > 0);
    if (!toStudent || !toMentor) throw new Error('invitations missing');

    // The student's: subject, text, HTML and the invitation's text in Hindi, the time in Hindi in her zone
    // (a session booked without a topic: the default topic reads in her language too).
    expect(toStudent.subject).toBe('Omar Khan के साथ मेंटरशिप सत्र तय हुआ');
    expect(toStudent.text).toContain('नमस्ते Ananya,');
    expect(toStudent.text).toContain(full('hi', 'Asia/Kolkata', start));
    expect(toStudent.text).toContain('संलग्न आमंत्रण इसे आपके कैलेंडर में जोड़ देगा।');
    expect(toStudent.text).not.toMatch(/Your mentoring session|attached invitation/);
    expect(toStudent.html).toContain('<html lang="hi" dir="ltr">');
    expect(toStudent.html).toContain('MentorBridge पर आपका खाता है');
    const studentIcs = toStudent.attachments[0]?.content ?? '';
    expect(property(studentIcs, 'SUMMARY')).toBe('SUMMARY:मेंटरशिप सत्र — Omar Khan और Ananya Sharma');
    expect(property(studentIcs, 'DESCRIPTION')).toMatch(/^DESCRIPTION:Omar Khan और Ananya Sharma के बीच MentorBridge मेंटरशिप सत्र।\\n/);
    // The event data stays standard (same instants, zone, UID and method for both).
    const mentorIcs = toMentor.attachments[0]?.content ?? '';
    for (const name of ['DTSTART', 'DTEND', 'UID', 'SEQUENCE', 'METHOD']) expect(property(studentIcs, name)).toBe(property(mentorIcs, name));
    expect(property(studentIcs, 'DTSTART')).toMatch(/^DTSTART;TZID=Asia\/Kolkata:\d{8}T150000$/);

    // The mentor's: English, in his zone, no Devanagari anywhere.
    expect(toMentor.subject).toBe('Mentoring session scheduled with Ananya Sharma');
    expect(toMentor.text).toContain(`Hello Omar,`);
    expect(toMentor.text).toContain(full('en-GB', 'Europe/London', start));
    expect(toMentor.text).not.toMatch(DEVANAGARI);
    expect(toMentor.html).toContain('<html lang="en" dir="ltr">');
    expect(property(mentorIcs, 'SUMMARY')).toBe('SUMMARY:Mentoring session — Omar Khan & Ananya Sharma');
    expect(property(mentorIcs, 'DESCRIPTION')).toMatch(/^DESCRIPTION:MentorBridge mentoring session between Omar Khan and Ananya Sharma\.\\n/);

    // 23 hours before: the 24 h reminder, each in their own language (e-mail and in-app).
    t.app.ctx.clock.set(new Date(start.getTime() - 23 * HOUR));
    await t.app.ctx.scheduler.runDue();
    const reminder = async (who: BuiltUser) => {
      const [mail] = (await mailsTo(who)).filter((m) => m.attachments.length === 0 && /Reminder|रिमाइंडर/.test(m.subject));
      const [bell] = await db().select().from(notifications).where(and(eq(notifications.userId, who.id), eq(notifications.subType, 'reminder')));
      return { mail, bell };
    };
    const her = await reminder(student);
    expect(her.mail?.subject).toBe('रिमाइंडर: Omar के साथ मेंटरशिप सत्र की शुरुआत 24 घंटे में');
    expect(her.mail?.text).toContain(`याद दिला दें: Omar के साथ मेंटरशिप सत्र का समय ${full('hi', 'Asia/Kolkata', start)} (Asia/Kolkata) है।`);
    expect(her.mail?.html).toContain('<html lang="hi" dir="ltr">');
    expect(her.bell?.title).toBe('24 घंटे में शुरुआत: Omar के साथ मेंटरशिप सत्र');
    const his = await reminder(mentor);
    expect(his.mail?.subject).toBe('Reminder: Mentoring session with Ananya starts in 24 hours');
    expect(his.mail?.text).toContain(`starts ${full('en-GB', 'Europe/London', start)} (Europe/London).`);
    expect(his.bell?.title).toBe('Starts in 24 hours: Mentoring session with Ananya');

    // She switches to Arabic: the next message to her is in Arabic, right to left.
    expect((await put(student, '/api/users/me/language', { language: 'ar' })).statusCode).toBe(200);
    t.app.ctx.clock.set(new Date(start.getTime() - 30 * 60_000));
    await t.app.ctx.scheduler.runDue();
    const arabic = (await mailsTo(student)).find((m) => m.subject.startsWith('تذكير'));
    expect(arabic?.subject).toBe('تذكير: يحين موعد جلسة الإرشاد مع Omar بعد ساعة واحدة');
    expect(arabic?.html).toContain('<html lang="ar" dir="rtl">');
  });

  it("without a choice: the organisation's default language, else the platform's", async () => {
    const affiliated = await buildStudent(t);
    const unaffiliated = await buildStudent(t);
    const chose = await buildStudent(t);
    const [org] = await db()
      .insert(organisations)
      .values({ type: 'university', name: 'Universidad de Prueba', website: 'https://prueba.example', contactEmail: 'info@prueba.example', status: 'approved', defaultLanguage: 'es' })
      .returning();
    if (!org) throw new Error('no organisation');
    for (const s of [affiliated, chose]) await db().insert(studentAffiliations).values({ studentId: s.id, organisationId: org.id, email: s.email, confirmedAt: new Date() });
    expect((await put(chose, '/api/users/me/language', { language: 'hi' })).statusCode).toBe(200);

    const ids = [affiliated.id, unaffiliated.id, chose.id];
    const languages = async () => [...(await recipientLocales(db(), ids)).values()].map((l) => l.language);
    expect(await languages()).toEqual(expect.arrayContaining(['es', 'en', 'hi']));
    expect((await recipientLocales(db(), ids)).get(unaffiliated.id)?.language).toBe('en');
    setPlatformLanguage('ar');
    const locales = await recipientLocales(db(), ids);
    expect([locales.get(affiliated.id)?.language, locales.get(unaffiliated.id)?.language, locales.get(chose.id)?.language]).toEqual(['es', 'ar', 'hi']);
    expect(() => setPlatformLanguage('xx')).toThrow(/no catalogue/);
  });
});
