// Issue 25 (decisions 970, 1060, 1150): the privacy e-mails, the domain delegation e-mail and its revocation,
// the slow-mentor nudge and the expiry notice, new-message notifications and R&D project alerts are written
// in the RECIPIENT's language (profile choice, else their organisation's default), with dates in their own
// zone; an English recipient of the same event still reads today's English.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectionRequests } from '../../db/schema/mentoring.ts';
import { domainDelegations, organisations } from '../../db/schema/organisations.ts';
import { emails, notifications } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { sweepConnectionRequests } from '../mentoring/responsiveness.ts';
import { requestId } from '../mentoring/test-helpers.ts';
import { buildOrganisationMember } from '../organisations/test-helpers.ts';
import { runRetention } from '../privacy/retention.ts';
import { createProject } from '../rd-projects/rd-test-helpers.ts';

const t = useTestApp();
const db = () => t.database.db;
const DAY = 86_400_000;
const DEVANAGARI = /[\u0900-\u097F]/;
const ARABIC = /[\u0600-\u06FF]/;

async function speaks(who: { id: string }, language: string, timezone: string | null = null) {
  await db().update(users).set({ language, timezone }).where(eq(users.id, who.id));
}
const mailsTo = (to: string) => db().select().from(emails).where(eq(emails.to, to)).orderBy(desc(emails.createdAt), desc(emails.id));
const bellOf = (userId: string, subType: string) =>
  db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.subType, subType)));
/** A date and time as the recipient's voice writes it: the full date, the short time, the zone named. */
const when = (language: string, zone: string, at: Date) =>
  `${new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(at)} (${zone})`;

describe('privacy e-mails in the recipient language', () => {
  it('the erasure notice: Hindi for a Hindi speaker (the date in her zone), English for an English speaker', async () => {
    const hindi = await buildStudent(t, { firstName: 'Ananya' });
    await speaks(hindi, 'hi', 'Asia/Kolkata');
    const english = await buildStudent(t, { firstName: 'Emma' });
    const due: Date[] = [];
    for (const who of [hindi, english]) {
      const asked = await t.app.inject({ method: 'POST', url: '/api/privacy/me/erasure', headers: { ...who.auth, 'accept-language': 'en' } });
      expect(asked.statusCode).toBe(201);
      due.push(new Date(body<{ data: { request: { dueAt: string } } }>(asked).data.request.dueAt));
    }
    const [mail] = await mailsTo(hindi.email);
    if (!mail) throw new Error('no e-mail');
    expect(mail.subject).toBe('आपका MentorBridge खाता हटा दिया जाएगा');
    expect(mail.text).toContain('नमस्ते Ananya,');
    expect(mail.text).toContain('आपने हमसे अपना MentorBridge खाता हटाने के लिए कहा है।');
    // The date as a Hindi reader in Kolkata writes it, the zone named.
    expect(mail.text).toContain(` इसे ${when('hi', 'Asia/Kolkata', due[0] as Date)} को मिटा दिया जाएगा:`);
    expect(mail.text).not.toMatch(/You asked|Until then/);
    expect(mail.html).toContain('<html lang="hi" dir="ltr">');
    expect(mail.html).toContain('देखें या रद्द करें');

    const [theirs] = await mailsTo(english.email);
    expect(theirs?.subject).toBe('Your MentorBridge account will be deleted');
    expect(theirs?.text).toContain('Hello Emma,');
    expect(theirs?.text).toContain(`You asked us to delete your MentorBridge account. It will be erased on ${when('en-GB', 'UTC', due[1] as Date)}: your profile,`);
    expect(theirs?.text).toContain('Until then you can cancel this in your profile, under "Your data". You can also download your data first.');
    expect(theirs?.text).not.toMatch(DEVANAGARI);
    expect(theirs?.html).toContain('<html lang="en" dir="ltr">');
  });

  it('the export-ready e-mail and notification: Arabic (right to left, expiry in her zone) and English', async () => {
    const arabic = await buildStudent(t, { firstName: 'Layla' });
    await speaks(arabic, 'ar', 'Asia/Dubai');
    const english = await buildStudent(t, { firstName: 'Emma' });
    for (const who of [arabic, english]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/privacy/me/export', headers: who.auth })).statusCode).toBe(201);
    }
    await t.runJobs();
    const [mail] = await mailsTo(arabic.email);
    if (!mail) throw new Error('no e-mail');
    expect(mail.subject).toBe('بياناتك على MentorBridge جاهزة');
    expect(mail.text).toContain('مرحبًا Layla،');
    expect(mail.text).toContain('بياناتك جاهزة. سجّل الدخول لتنزيلها؛ يبقى الرابط صالحًا حتى ');
    expect(mail.text).toContain('(Asia/Dubai)');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('تنزيل');
    const [bell] = await bellOf(arabic.id, 'privacy-export');
    expect(bell?.title).toBe('بياناتك جاهزة للتنزيل');
    expect(bell?.message).toMatch(/^يمكنك تنزيل بياناتك حتى .+ \(Asia\/Dubai\)\.$/);

    const [theirs] = await mailsTo(english.email);
    expect(theirs?.subject).toBe('Your MentorBridge data is ready');
    expect(theirs?.text).toMatch(/Your data is ready\. Sign in to download it; the link works until .+ \(UTC\)\./);
    expect(theirs?.text).not.toMatch(ARABIC);
    const [theirBell] = await bellOf(english.id, 'privacy-export');
    expect(theirBell?.title).toBe('Your data is ready to download');
  });

  it('the inactivity notice of the retention run: in the language of the student, the date in their zone', async () => {
    const sleeper = await buildStudent(t, { firstName: 'Omar' });
    await speaks(sleeper, 'ar', 'Asia/Dubai');
    const englishSleeper = await buildStudent(t, { firstName: 'Emma' });
    for (const who of [sleeper, englishSleeper]) {
      await db().update(users).set({ lastLoginAt: new Date(Date.now() - 1080 * DAY), createdAt: new Date(Date.now() - 1200 * DAY) }).where(eq(users.id, who.id));
    }
    await runRetention(db(), { now: new Date(), publicUrl: 'http://localhost' });
    const [mail] = await mailsTo(sleeper.email);
    expect(mail?.subject).toBe('سيُحذف حسابك على MentorBridge لعدم النشاط');
    expect(mail?.text).toContain('لم تسجّل الدخول إلى MentorBridge منذ مدة طويلة.');
    expect(mail?.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail?.html).toContain('تسجيل الدخول');
    const [theirs] = await mailsTo(englishSleeper.email);
    expect(theirs?.subject).toBe('Your MentorBridge account will be deleted for inactivity');
    expect(theirs?.text).toContain('You have not signed in to MentorBridge for a long time. Unless you sign in before ');
  });

  it("a refusal and a breach notice: the platform's words in the person's language, the administrator's words as written", async () => {
    const admin = await buildAdmin(t);
    const hindi = await buildStudent(t, { firstName: 'Ananya' });
    await speaks(hindi, 'hi');
    const asked = await t.app.inject({ method: 'POST', url: '/api/privacy/me/erasure', headers: hindi.auth });
    const id = body<{ data: { request: { id: string } } }>(asked).data.request.id;
    const refused = await t.app.inject({ method: 'POST', url: `/api/privacy/admin/requests/${id}/refuse`, headers: admin.auth, payload: { reason: 'Open disciplinary case', legalHold: false } });
    expect(refused.statusCode, refused.body).toBe(200);
    const refusal = (await mailsTo(hindi.email)).find((m) => m.subject === 'आपका खाता हटाने का अनुरोध');
    expect(refusal?.text).toContain('अपना खाता हटाने का आपका अनुरोध इस कारण से अस्वीकार कर दिया गया:\n\nOpen disciplinary case');

    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const notice = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/admin/breach/notice',
      headers: admin.auth,
      payload: { table: 'privacy_requests', from, to, subject: 'Security incident', message: 'We found an incident affecting your data.' },
    });
    expect(notice.statusCode, notice.body).toBe(200);
    const breach = (await mailsTo(hindi.email)).find((m) => m.subject === 'Security incident');
    expect(breach?.text.startsWith('नमस्ते Ananya Student,\n\nWe found an incident affecting your data.\n\nMentorBridge')).toBe(true);
    expect(breach?.html).toContain('<html lang="hi" dir="ltr">');
  });
});

describe('organisation delegation in the recipient language', () => {
  it("the delegation e-mail follows the delegating organisation's default for an address without an account; revoking tells each member in theirs", async () => {
    const parent = await buildOrganisationMember(t, { type: 'university', domain: `univ${Date.now()}.edu` });
    await db().update(organisations).set({ defaultLanguage: 'ar' }).where(eq(organisations.id, parent.organisationId));
    const sub = `cs.${parent.domain}`;
    const made = await t.app.inject({ method: 'POST', url: '/api/organisations/me/delegations', headers: { ...parent.auth, 'accept-language': 'en' }, payload: { domain: sub, email: `head@${sub}` } });
    expect(made.statusCode, made.body).toBe(201);
    const [mail] = await mailsTo(`head@${sub}`);
    if (!mail) throw new Error('no e-mail');
    expect(mail.subject).toMatch(new RegExp(`^فوّضت .+ إليك النطاق ${sub.replace(/\./g, '\\.')} على MentorBridge$`));
    expect(mail.text).toContain(`سجّل مؤسستك بهذا العنوان (head@${sub}):`);
    expect(mail.text).not.toMatch(/delegated the domain|Register your organisation/);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');

    // An organisation without a default, an address without an account: the platform's English, as before.
    const other = await buildOrganisationMember(t, { type: 'university', domain: `other${Date.now()}.edu` });
    const sub2 = `ai.${other.domain}`;
    expect((await t.app.inject({ method: 'POST', url: '/api/organisations/me/delegations', headers: other.auth, payload: { domain: sub2, email: `lead@${sub2}` } })).statusCode).toBe(201);
    const [english] = await mailsTo(`lead@${sub2}`);
    expect(english?.subject).toMatch(new RegExp(`^Test university .+ delegated ${sub2.replace(/\./g, '\\.')} to you on MentorBridge$`));
    expect(english?.text).toContain(`delegated the domain ${sub2} to you on MentorBridge: your organisation can now hold it`);
    expect(english?.text).toContain(`If your organisation is on MentorBridge already, sign in with this address and add ${sub2} under Domains.`);

    // The department that took the first sub-domain: its Hindi-speaking member reads the revocation in Hindi.
    const child = await buildOrganisationMember(t, { type: 'university' });
    await speaks(child, 'hi');
    await db().update(domainDelegations).set({ delegateOrganisationId: child.organisationId }).where(eq(domainDelegations.domain, sub));
    const [row] = await db().select({ id: domainDelegations.id }).from(domainDelegations).where(eq(domainDelegations.domain, sub));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/organisations/me/delegations/${row?.id}`, headers: parent.auth })).statusCode).toBe(200);
    const [bell] = await bellOf(child.id, 'organisation');
    expect(bell?.title).toBe('डोमेन का प्रत्यायोजन रद्द किया गया');
    expect(bell?.message).toBe(`${sub} का प्रत्यायोजन रद्द कर दिया गया; यह अब आपके संगठन का नहीं है।`);
  });
});

describe('mentoring nudges and messages in the recipient language', () => {
  async function aged(student: BuiltUser, pro: BuiltUser, days: number) {
    const id = await requestId(t, student, pro);
    await db().update(connectionRequests).set({ createdAt: new Date(Date.now() - days * DAY) }).where(eq(connectionRequests.id, id));
  }

  it('the reminder to a slow mentor (Hindi and English) and the expiry notice to the student (Arabic)', async () => {
    const hindiPro = await buildProfessional(t, { firstName: 'Vikram' });
    await speaks(hindiPro, 'hi');
    const englishPro = await buildProfessional(t, { firstName: 'Grace' });
    const waiting = await buildStudent(t, { firstName: 'Nia', lastName: 'Shah' });
    await aged(waiting, hindiPro, 8);
    await aged(waiting, englishPro, 8);
    const arabic = await buildStudent(t, { firstName: 'Layla' });
    await speaks(arabic, 'ar');
    await aged(arabic, englishPro, 15);

    expect(await sweepConnectionRequests(db())).toEqual({ reminded: 2, expired: 1 });
    const [mail] = await mailsTo(hindiPro.email);
    if (!mail) throw new Error('no e-mail');
    expect(mail.subject).toBe('Nia Shah MentorBridge पर आपके जवाब की प्रतीक्षा कर रहे हैं');
    expect(mail.text).toContain('नमस्ते Vikram,');
    expect(mail.text).toContain('Nia Shah ने 7 दिन पहले आपको कनेक्शन अनुरोध भेजा था। कृपया इसे स्वीकार या अस्वीकार करें; यह 14 दिनों के बाद समाप्त हो जाएगा।');
    expect(mail.html).toContain('<html lang="hi" dir="ltr">');
    const [hindiBell] = await bellOf(hindiPro.id, 'reminder');
    expect(hindiBell?.title).toBe('एक विद्यार्थी आपके जवाब की प्रतीक्षा कर रहा है');

    const [english] = await mailsTo(englishPro.email);
    expect(english?.subject).toBe('Nia Shah is waiting for your answer on MentorBridge');
    expect(english?.text).toContain('Hello Grace,');
    expect(english?.text).toContain('Nia Shah sent you a connection request 7 days ago. Please accept or decline it; it expires after 14 days.');
    const [englishBell] = await bellOf(englishPro.id, 'reminder');
    expect(englishBell?.message).toBe("Nia Shah's connection request has been waiting for 7 days. It expires after 14 days.");

    const [expired] = await bellOf(arabic.id, 'expired');
    expect(expired?.title).toBe('انتهت صلاحية طلب التواصل');
    expect(expired?.message).toContain('خلال 14 يومًا، فانتهت صلاحيته.');
  });

  it("a new message: the notification's title in the reader's language, the text as the sender wrote it", async () => {
    const arabic = await buildStudent(t, { firstName: 'Layla', lastName: 'Haddad' });
    await speaks(arabic, 'ar');
    const pro = await buildProfessional(t);
    await requestId(t, arabic, pro, { message: 'Hello' });
    const url = (other: string) => `/api/conversations/${other}/messages`;
    expect((await t.app.inject({ method: 'POST', url: url(arabic.id), headers: pro.auth, payload: { body: 'Sure, on Friday.' } })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: url(pro.id), headers: arabic.auth, payload: { body: 'شكرًا!' } })).statusCode).toBe(201);
    const [toHer] = await bellOf(arabic.id, 'message');
    expect(toHer?.title).toBe('رسالة جديدة من Test Mentor');
    expect(toHer?.message).toBe('Sure, on Friday.');
    const [toHim] = await bellOf(pro.id, 'message');
    expect(toHim?.title).toBe('New message from Layla Haddad');
  });
});

describe('R&D alerts in the recipient language', () => {
  it('a project update and a status change reach each alert holder in their language', async () => {
    const admin = await buildAdmin(t);
    const project = await createProject(t, admin, { title: 'Quantum Sensing Lab' });
    const hindi = await buildStudent(t);
    await speaks(hindi, 'hi');
    const english = await buildStudent(t);
    for (const who of [hindi, english]) {
      expect((await t.app.inject({ method: 'POST', url: `/api/rd-projects/${project._id}/alert`, headers: who.auth, payload: {} })).statusCode).toBe(200);
    }
    const paused = await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}/status`, headers: { ...admin.auth, 'accept-language': 'en' }, payload: { status: 'paused' } });
    expect(paused.statusCode).toBe(200);
    const [hers] = await bellOf(hindi.id, 'paused');
    expect(hers?.title).toBe('परियोजना की स्थिति बदली');
    expect(hers?.message).toBe('"Quantum Sensing Lab" को रोक दिया गया है।');
    const [theirs] = await bellOf(english.id, 'paused');
    expect(theirs?.title).toBe('Project status changed');
    expect(theirs?.message).toBe('"Quantum Sensing Lab" has been paused.');
  });
});
