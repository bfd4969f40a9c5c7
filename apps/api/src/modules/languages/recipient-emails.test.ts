// Issue 25 (decisions 970, 1060): account, workshop and certificate e-mails and their in-app notifications
// are written in the RECIPIENT's language, never the sender's (an English-speaking administrator creates a
// Hindi speaker's account; an Arabic-speaking student registers from an English page). Subject, text and
// HTML (lang, dir) follow; dates are in the recipient's own zone, named.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { emails, notifications } from '../../db/schema/platform.ts';
import { workshops } from '../../db/schema/workshops.ts';
import { setPlatformLanguage } from '../../lib/recipient-locale.ts';
import { buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { insertWorkshop } from '../workshops/workshops.fixtures.ts';

const t = useTestApp();
const db = () => t.database.db;
afterEach(() => setPlatformLanguage('en'));

const put = (who: BuiltUser, url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url, headers: who.auth, payload });
const mailsTo = (email: string) => db().select().from(emails).where(eq(emails.to, email));
const DEVANAGARI = /[\u0900-\u097F]/;
const ARABIC = /[\u0600-\u06FF]/;
const span = (language: string, zone: string, start: Date, end: Date) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).formatRange(start, end);

describe('e-mails in the recipient language', () => {
  it('a workshop registration: an Arabic-speaking student gets the e-mail and notification in Arabic from an English page', async () => {
    const student = await buildStudent(t, { firstName: 'Layla' });
    expect((await put(student, '/api/users/me/language', { language: 'ar' })).statusCode).toBe(200);
    expect((await put(student, '/api/auth/update-profile', { timezone: 'Asia/Dubai' })).statusCode).toBe(200);
    const pro = await buildProfessional(t);
    const w = await insertWorkshop(db(), { title: 'Intro to TypeScript', professionalId: pro.id });
    const res = await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: { ...student.auth, 'accept-language': 'en' } });
    expect(res.statusCode).toBe(201);

    const [mail] = await mailsTo(student.email);
    if (!mail) throw new Error('no e-mail');
    expect(mail.subject).toBe('تم التسجيل: Intro to TypeScript');
    expect(mail.text).toContain('مرحبًا Layla،');
    expect(mail.text).toContain('أنت مسجَّل في «Intro to TypeScript».');
    // The time in Arabic, in her zone (Dubai), not the workshop's (Kolkata), and the zone named.
    expect(mail.text).toContain(`الموعد: ${span('ar', 'Asia/Dubai', w.startsAt, w.endsAt)} (Asia/Dubai)`);
    expect(mail.text).not.toMatch(/You are registered|attached invitation/);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('فتح ورش العمل الخاصة بي');
    const [bell] = await db().select().from(notifications).where(and(eq(notifications.userId, student.id), eq(notifications.subType, 'registered')));
    expect(bell?.title).toBe('تم تأكيد التسجيل في ورشة العمل');
    expect(bell?.message).toMatch(ARABIC);

    // The organiser (English) moves the workshop: the fan-out tells her in Arabic, in her zone, with the span.
    const admin = await buildAdmin(t);
    const moved = await t.app.inject({ method: 'PUT', url: `/api/admin/workshops/${w.id}`, headers: { ...admin.auth, 'accept-language': 'en' }, payload: { startTime: '14:00', endTime: '16:00' } });
    expect(moved.statusCode).toBe(200);
    await t.runJobs();
    const [after] = await db().select().from(workshops).where(eq(workshops.id, w.id));
    if (!after) throw new Error('no workshop');
    const update = (await mailsTo(student.email)).find((m) => m.subject.startsWith('تحديث:'));
    expect(update?.subject).toBe(`تحديث: Intro to TypeScript — ${span('ar', 'Asia/Dubai', after.startsAt, after.endsAt)} (Asia/Dubai)`);
    expect(update?.text).toContain('تغيّرت «Intro to TypeScript»، وموعدها الآن:');
    expect(update?.html).toContain('<html lang="ar" dir="rtl">');
    const [movedBell] = await db().select().from(notifications).where(and(eq(notifications.userId, student.id), eq(notifications.subType, 'rescheduled')));
    expect(movedBell?.title).toBe('تحديث ورشة العمل');

    // Cancelling: the same, and an English speaker's copy stays English.
    const english = await buildStudent(t, { firstName: 'Emma' });
    await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: english.auth });
    await t.app.inject({ method: 'DELETE', url: `/api/workshops/${w.id}/register`, headers: student.auth });
    const cancelled = (await mailsTo(student.email)).find((m) => m.subject.startsWith('أُلغي'));
    expect(cancelled?.text).toContain('أُلغي تسجيلك في «Intro to TypeScript» وأُتيح مقعدك لغيرك.');
    const [theirs] = await mailsTo(english.email);
    expect(theirs?.subject).toBe('Registered: Intro to TypeScript');
    expect(theirs?.text).toContain('Hello Emma,');
    expect(theirs?.text).not.toMatch(ARABIC);
    expect(theirs?.html).toContain('<html lang="en" dir="ltr">');
  });

  it('an account an English-speaking administrator creates: the welcome follows the platform default (Hindi), not the sender', async () => {
    const admin = await buildAdmin(t);
    setPlatformLanguage('hi');
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/admin/professionals',
      headers: { ...admin.auth, 'accept-language': 'en-GB' },
      payload: { name: 'Vikram Rao', email: 'vikram.rao@example.com', phone: '+91 98765 43210', title: 'Engineer', company: 'Contoso', expertise: 'Data Science', experience: 3, bio: 'A professional.' },
    });
    expect(create.statusCode).toBe(201);
    // The administrator reads English; the new mentor's e-mail is in Hindi.
    expect(create.body).not.toMatch(DEVANAGARI);
    const [mail] = await mailsTo('vikram.rao@example.com');
    if (!mail) throw new Error('no e-mail');
    expect(mail.subject).toBe('आपका MentorBridge खाता');
    expect(mail.text).toContain('नमस्ते Vikram,');
    // (inert() breaks the address with zero-width spaces so mail clients do not link it.)
    expect(mail.text.replace(/\u200b/g, '')).toContain('एक एडमिनिस्ट्रेटर ने MentorBridge पर आपके लिए मेंटर खाता बनाया है (vikram.rao@example.com)।');
    expect(mail.text).not.toMatch(/An administrator|Choose your password/);
    expect(mail.html).toContain('<html lang="hi" dir="ltr">');
    expect(mail.html).toContain('मेरा पासवर्ड चुनें');
    // The link still works as a secret: hidden in the outbox view.
    expect(mail.preview).toContain('[hidden]');
  });

  it("password reset and the password-changed notice: the account holder's language, whatever the request's", async () => {
    const student = await buildStudent(t, { firstName: 'Ananya' });
    expect((await put(student, '/api/users/me/language', { language: 'hi' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { 'accept-language': 'es' }, payload: { email: student.email } });
    expect(res.statusCode).toBe(200);
    const [reset] = await mailsTo(student.email);
    expect(reset?.subject).toBe('अपना MentorBridge पासवर्ड रीसेट करें');
    expect(reset?.text).toContain('एक घंटे के भीतर यह लिंक खोलें:');
    expect(reset?.preview).toContain('[hidden]');
    expect(reset?.preview).not.toContain('token=');

    // The change notice is in Hindi too.
    const change = await t.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: student.auth, payload: { currentPassword: student.password, newPassword: 'NewSecret@123' } });
    expect(change.statusCode).toBe(200);
    const notice = (await mailsTo(student.email)).find((m) => m.subject === 'आपका MentorBridge पासवर्ड बदल दिया गया है');
    expect(notice?.text).toContain('बदला गया है, और बाकी सभी डिवाइस से लॉग आउट कर दिया गया है।');
  });

  it('the welcome e-mail of a self-registered student is in the language of the page they registered on', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'ar,en;q=0.5' },
      payload: { firstName: 'Omar', lastName: 'Haddad', email: 'omar.haddad@example.com', password: 'secret1', university: 'AUS', course: 'Physics', year: 2, rollNumber: 'PH01', phone: '+971 50 123 4567', interests: ['Research'] },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await mailsTo('omar.haddad@example.com');
    expect(mail?.subject).toBe('مرحبًا بك في MentorBridge');
    expect(mail?.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail?.html).toContain('تسجيل الدخول');
  });
});

describe('API errors of the booking loop in the caller language (decision 1061)', () => {
  it('registering twice: the same stable code, the message in the profile language, else Accept-Language', async () => {
    const w = await insertWorkshop(db(), { title: 'Twice' });
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: student.auth })).statusCode).toBe(201);
    const again = (language: string) => t.app.inject({ method: 'POST', url: `/api/workshops/${w.id}/register`, headers: { ...student.auth, 'accept-language': language } });
    const english = await again('en');
    expect(english.statusCode).toBe(409);
    const code = english.json<{ code: string }>().code;
    expect(code).toMatch(/^[A-Z_]+$/);
    expect(english.json<{ message: string }>().message).toBe('You are already registered for this workshop');
    const spanish = await again('es-MX,es;q=0.9');
    expect(spanish.json<{ code: string; message: string }>()).toMatchObject({ code, message: 'Ya estás inscrito en este taller' });
    // The profile choice wins over the header.
    expect((await put(student, '/api/users/me/language', { language: 'hi' })).statusCode).toBe(200);
    const hindi = await again('es');
    expect(hindi.json<{ code: string; message: string }>()).toMatchObject({ code, message: 'आप इस कार्यशाला के लिए पहले से पंजीकृत हैं' });
  });
});
