import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTICE_MESSAGES } from '@app/shared/privacy';
import { professionalProfiles, studentProfiles } from '../../db/schema/users.ts';
import { availabilityRules } from '../../db/schema/mentoring.ts';
import { queueEmail } from '../../lib/mail.ts';
import { queryRows } from '../../lib/sql.ts';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { buildOrganisationMember } from '../organisations/test-helpers.ts';

// Issue 24 "Consent and notice" (decisions 840, 841, docs/privacy.md).
const t = useTestApp();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in assertions
type Json = { success: boolean; message?: string; data: any };
const unique = () => randomBytes(4).toString('hex');
const NOTICE_TEXT = 'We keep your name, e-mail and profile to run your account and to match you with mentors. '.repeat(2);

async function publish(admin: BuiltUser, material: boolean, title = `Notice ${unique()}`) {
  const res = await t.app.inject({ method: 'POST', url: '/api/privacy/admin/notices', headers: admin.auth, payload: { title, body: NOTICE_TEXT, summary: 'What changed', material } });
  expect(res.statusCode, res.body).toBe(201);
  return body<Json>(res).data.notice as { version: number; material: boolean };
}

const consents = async (u: { auth: { authorization: string } }) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/privacy/me/consents', headers: u.auth });
  expect(res.statusCode, res.body).toBe(200);
  return body<Json>(res).data;
};

describe('the privacy notice', () => {
  it('publishing: 401, 403, bad input changes nothing, versions are numbered and kept', async () => {
    const student = await buildStudent(t);
    const admin = await buildAdmin(t);
    expect(body<Json>(await t.app.inject({ method: 'GET', url: '/api/privacy/notice' })).data.notice).toBeNull();
    expect((await t.app.inject({ method: 'POST', url: '/api/privacy/admin/notices', payload: { title: 'x', body: NOTICE_TEXT, material: true } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/admin/notices' })).statusCode).toBe(401);
    const forbidden = await t.app.inject({ method: 'POST', url: '/api/privacy/admin/notices', headers: student.auth, payload: { title: 'x', body: NOTICE_TEXT, material: true } });
    expect(forbidden.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/admin/notices', headers: student.auth })).statusCode).toBe(403);
    const short = await t.app.inject({ method: 'POST', url: '/api/privacy/admin/notices', headers: admin.auth, payload: { title: 'Notice', body: 'too short', material: true } });
    expect(short.statusCode).toBe(400);
    expect(body<Json>(short).message).toBe('Write the notice (50 characters at least)');
    const noFlag = await t.app.inject({ method: 'POST', url: '/api/privacy/admin/notices', headers: admin.auth, payload: { title: 'Notice', body: NOTICE_TEXT } });
    expect(noFlag.statusCode).toBe(400);
    expect(body<Json>(noFlag).message).toBe('Say whether the change is material (true or false)');
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM privacy_notices`)).toHaveLength(0);

    // The first version is material whatever the flag says (nobody accepted anything yet).
    const v1 = await publish(admin, false, 'Privacy notice');
    expect(v1).toMatchObject({ version: 1, material: true });
    const v2 = await publish(admin, false, 'Privacy notice (typo fixed)');
    expect(v2).toMatchObject({ version: 2, material: false });
    const current = body<Json>(await t.app.inject({ method: 'GET', url: '/api/privacy/notice' })).data.notice;
    expect(current).toMatchObject({ version: 2, title: 'Privacy notice (typo fixed)', summary: 'What changed', material: false });
    const list = body<Json>(await t.app.inject({ method: 'GET', url: '/api/privacy/admin/notices', headers: admin.auth })).data.notices;
    expect(list.map((n: { version: number; publishedBy: string }) => [n.version, n.publishedBy])).toEqual([
      [2, 'Test Admin'],
      [1, 'Test Admin'],
    ]);
    const audits = await queryRows(t.database.db, sql`SELECT 1 FROM audit_log WHERE action = 'privacy.notice.publish' AND actor_id = ${admin.id}`);
    expect(audits).toHaveLength(2);
  });

  it('registration records the version shown; a material version asks again at sign-in, a minor one does not', async () => {
    const admin = await buildAdmin(t);
    const v1 = await publish(admin, true);
    const email = `reg-${unique()}@example.com`;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Ana', lastName: 'Rao', email, password: 'secret1', university: 'U', course: 'CS', year: 2, rollNumber: 'R1', phone: '+91 98765 43210', interests: [], privacyNoticeVersion: v1.version },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const person = { auth: { authorization: `Bearer ${body<Json>(reg).data.token}` } };
    let mine = await consents(person);
    expect(mine.mustAccept).toBe(false);
    expect(mine.acceptances).toEqual([expect.objectContaining({ version: v1.version, context: 'registration' })]);

    await publish(admin, false);
    expect((await consents(person)).mustAccept).toBe(false);
    const v3 = await publish(admin, true);
    mine = await consents(person);
    expect(mine.mustAccept).toBe(true);
    expect(mine.notice.version).toBe(v3.version);

    // Accepting an older version than the current one is refused (the notice changed while they read it).
    const stale = await t.app.inject({ method: 'POST', url: '/api/privacy/me/notice', headers: person.auth, payload: { version: v1.version } });
    expect(stale.statusCode).toBe(409);
    expect(body<Json>(stale).message).toBe(NOTICE_MESSAGES.notCurrent);
    const bad = await t.app.inject({ method: 'POST', url: '/api/privacy/me/notice', headers: person.auth, payload: { version: 'three' } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/privacy/me/notice', payload: { version: v3.version } })).statusCode).toBe(401);
    expect((await consents(person)).acceptances).toHaveLength(1);
    const ok = await t.app.inject({ method: 'POST', url: '/api/privacy/me/notice', headers: person.auth, payload: { version: v3.version } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body<Json>(ok).message).toBe(NOTICE_MESSAGES.accepted);
    expect(body<Json>(ok).data.mustAccept).toBe(false);
    expect(body<Json>(ok).data.acceptances.map((a: { version: number; context: string }) => [a.version, a.context])).toEqual([
      [v3.version, 'sign-in'],
      [v1.version, 'registration'],
    ]);
    // The admin's history counts who accepted each version.
    const list = body<Json>(await t.app.inject({ method: 'GET', url: '/api/privacy/admin/notices', headers: admin.auth })).data.notices;
    expect(list.find((n: { version: number }) => n.version === v3.version).acceptances).toBe(1);
    expect(list.find((n: { version: number }) => n.version === v1.version).acceptances).toBe(1);
  });

  it('the expert and organisation forms record it too; a registration without it records nothing and is asked', async () => {
    const admin = await buildAdmin(t);
    const v = await publish(admin, true);
    const expert = await t.app.inject({
      method: 'POST',
      url: '/api/experts/apply',
      payload: {
        firstName: 'Eve', lastName: 'Expert', email: `eve-${unique()}@example.com`, password: 'Str0ng!pass', phone: '+919876543210', title: 'Engineer', company: 'Acme',
        expertise: 'Software Development', experience: 5, bio: 'I build software.', profileUrl: 'https://example.com/eve', privacyNoticeVersion: v.version,
      },
    });
    expect(expert.statusCode, expert.body).toBe(201);
    const expertAuth = { auth: { authorization: `Bearer ${body<Json>(expert).data.token}` } };
    expect((await consents(expertAuth)).acceptances).toEqual([expect.objectContaining({ version: v.version, context: 'registration' })]);

    const domain = `uni-${unique()}.edu`;
    const org = await t.app.inject({
      method: 'POST',
      url: '/api/organisations/register',
      payload: { type: 'university', name: 'Test University', country: 'India', website: `https://${domain}`, contact: { firstName: 'Ua', lastName: 'Admin', email: `ua@${domain}`, password: 'Str0ng!pass' }, privacyNoticeVersion: v.version },
    });
    expect(org.statusCode, org.body).toBe(201);
    const orgAuth = { auth: { authorization: `Bearer ${body<Json>(org).data.token}` } };
    expect((await consents(orgAuth)).acceptances).toEqual([expect.objectContaining({ version: v.version, context: 'registration' })]);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'No', lastName: 'Version', email: `nv-${unique()}@example.com`, password: 'secret1', university: 'U', course: 'CS', year: 2, rollNumber: 'R1', phone: '+91 98765 43210', privacyNoticeVersion: 'latest' },
    });
    expect(bad.statusCode).toBe(400);
    expect(body<Json>(bad).message).toBe('Invalid privacy notice version');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'No', lastName: 'Version', email: `nv-${unique()}@example.com`, password: 'secret1', university: 'U', course: 'CS', year: 2, rollNumber: 'R1', phone: '+91 98765 43210' },
    });
    expect(none.statusCode, none.body).toBe(201);
    const noneMine = await consents({ auth: { authorization: `Bearer ${body<Json>(none).data.token}` } });
    expect(noneMine.acceptances).toEqual([]);
    expect(noneMine.mustAccept).toBe(true);
  });
});

describe('optional consents', () => {
  it('given until withdrawn, per role; withdrawing and giving again is kept as a trail; bad input changes nothing', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/me/consents' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/privacy/me/consents/matching', payload: { granted: false } })).statusCode).toBe(401);
    const initial = await consents(student);
    expect(initial.consents).toEqual([
      { purpose: 'matching', granted: true, changedAt: null },
      { purpose: 'emails', granted: true, changedAt: null },
    ]);
    expect((await consents(pro)).consents.map((c: { purpose: string }) => c.purpose)).toEqual(['emails']);

    const unknown = await t.app.inject({ method: 'PUT', url: '/api/privacy/me/consents/analytics', headers: student.auth, payload: { granted: false } });
    expect(unknown.statusCode).toBe(400);
    expect(body<Json>(unknown).message).toBe('Unknown purpose (matching or emails)');
    const notBool = await t.app.inject({ method: 'PUT', url: '/api/privacy/me/consents/matching', headers: student.auth, payload: { granted: 'no' } });
    expect(notBool.statusCode).toBe(400);
    expect(body<Json>(notBool).message).toBe('granted must be true or false');
    const extra = await t.app.inject({ method: 'PUT', url: '/api/privacy/me/consents/matching', headers: student.auth, payload: { granted: false, userId: pro.id } });
    expect(extra.statusCode).toBe(400);
    // `matching` is about a student's profile: a professional is not asked.
    expect((await t.app.inject({ method: 'PUT', url: '/api/privacy/me/consents/matching', headers: pro.auth, payload: { granted: false } })).statusCode).toBe(400);
    expect(await queryRows(t.database.db, sql`SELECT 1 FROM privacy_consent_events`)).toHaveLength(0);

    const off = await t.app.inject({ method: 'PUT', url: '/api/privacy/me/consents/matching', headers: student.auth, payload: { granted: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(body<Json>(off).message).toBe(NOTICE_MESSAGES.consentSaved);
    expect(body<Json>(off).data.consents[0]).toMatchObject({ purpose: 'matching', granted: false });
    await t.app.inject({ method: 'PUT', url: '/api/privacy/me/consents/matching', headers: student.auth, payload: { granted: true } });
    const mine = await consents(student);
    expect(mine.consents[0].granted).toBe(true);
    expect(mine.history.map((h: { purpose: string; granted: boolean }) => [h.purpose, h.granted])).toEqual([
      ['matching', true],
      ['matching', false],
    ]);
    // Someone else's choices are their own.
    expect((await consents(pro)).history).toEqual([]);
  });

  it('no matching suggestions are built from a withdrawn consent (recommendations and mentee suggestions)', async () => {
    const student = await buildStudent(t);
    await t.database.db.update(studentProfiles).set({ interests: ['Software Development'] }).where(eq(studentProfiles.userId, student.id));
    const mentor = await buildProfessional(t, { expertise: 'Software Development' });
    await t.database.db.update(professionalProfiles).set({ acceptingRequests: true }).where(eq(professionalProfiles.userId, mentor.id));
    await t.database.db
      .insert(availabilityRules)
      .values([0, 1, 2, 3, 4, 5, 6].map((d) => ({ professionalId: mentor.id, isRecurring: true, dayOfWeek: d, startTime: '09:00', endTime: '17:00', timezone: 'UTC' })));
    const recs = async () => body<Json>(await t.app.inject({ method: 'GET', url: '/api/matching/recommendations?kind=professional&limit=20', headers: student.auth })).data.items as { id: string }[];
    const suggested = async () => body<Json>(await t.app.inject({ method: 'GET', url: '/api/matching/mentee-suggestions', headers: mentor.auth })).data.students as { id: string }[];
    expect((await recs()).map((i) => i.id)).toContain(mentor.id);
    expect((await suggested()).map((s) => s.id)).toContain(student.id);

    await t.app.inject({ method: 'PUT', url: '/api/privacy/me/consents/matching', headers: student.auth, payload: { granted: false } });
    expect(await recs()).toEqual([]);
    expect((await suggested()).map((s) => s.id)).not.toContain(student.id);

    await t.app.inject({ method: 'PUT', url: '/api/privacy/me/consents/matching', headers: student.auth, payload: { granted: true } });
    expect((await recs()).map((i) => i.id)).toContain(mentor.id);
  });

  it('withdrawing e-mails beyond the essential stops every categorised e-mail; account mail still goes', async () => {
    const student = await buildStudent(t);
    const other = await buildStudent(t);
    const db = t.database.db;
    expect(await queueEmail(db, { to: student.email, subject: 'Reminder', text: 'Soon' }, { category: 'reminders' })).toBeDefined();
    await t.app.inject({ method: 'PUT', url: '/api/privacy/me/consents/emails', headers: student.auth, payload: { granted: false } });
    for (const category of ['reminders', 'changes', 'requests', 'ideas', 'rd'] as const) {
      expect(await queueEmail(db, { to: student.email, subject: 'Optional', text: 'x' }, { category })).toBeUndefined();
    }
    expect(await queueEmail(db, { to: student.email, subject: 'Password reset', text: 'x' })).toBeDefined();
    expect(await queueEmail(db, { to: other.email, subject: 'Reminder', text: 'Soon' }, { category: 'reminders' })).toBeDefined();
  });
});

describe('who accessed my record', () => {
  it('a university\'s and an administrator\'s views are shown to the person, not to others, not their own views', async () => {
    const uni = await buildOrganisationMember(t, { type: 'university' });
    const student = await buildStudent(t);
    await t.database.db.execute(sql`INSERT INTO student_affiliations (student_id, organisation_id, email, confirmed_at) VALUES (${student.id}, ${uni.organisationId}, ${`s-${unique()}@${uni.domain}`}, now())`);
    const other = await buildStudent(t);
    const view = await t.app.inject({ method: 'GET', url: `/api/organisations/me/students/${student.id}`, headers: uni.auth });
    expect(view.statusCode, view.body).toBe(200);
    // A student of another university is a 404 and leaves no trace.
    expect((await t.app.inject({ method: 'GET', url: `/api/organisations/me/students/${other.id}`, headers: uni.auth })).statusCode).toBe(404);

    const admin = await buildAdmin(t);
    const pro = await buildProfessional(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/professionals/${pro.id}`, headers: admin.auth })).statusCode).toBe(200);

    const access = async (u: BuiltUser) => body<Json>(await t.app.inject({ method: 'GET', url: '/api/privacy/me/access', headers: u.auth })).data.entries;
    const [orgRow] = await queryRows<{ name: string }>(t.database.db, sql`SELECT name FROM organisations WHERE id = ${uni.organisationId}`);
    expect(await access(student)).toEqual([expect.objectContaining({ action: 'viewed', by: 'university', organisation: orgRow!.name })]);
    expect(await access(pro)).toEqual([expect.objectContaining({ action: 'viewed', by: 'admin', organisation: null })]);
    expect(await access(other)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/me/access' })).statusCode).toBe(401);
  });
});
