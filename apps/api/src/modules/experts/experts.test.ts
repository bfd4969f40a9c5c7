import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { auditLog, notifications } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';
import { addRule, dayFromNow, MISSING_ID } from '../mentoring/test-helpers.ts';
import { buildOrganisationMember, lastEmailTo, linkToken, sixDigitCode } from '../organisations/test-helpers.ts';

const t = useTestApp();
let n = 0;

function application(over: Record<string, unknown> = {}) {
  n += 1;
  return {
    firstName: 'Asha',
    lastName: `Expert${n}`,
    email: `asha${n}-${Date.now()}@mail-example.org`,
    password: 'Str0ng!pass',
    phone: '+91 98765 43210',
    title: 'Staff Engineer',
    company: 'Acme Labs',
    expertise: 'Software Development',
    experience: 9,
    bio: 'I build distributed systems and mentor juniors.',
    profileUrl: 'https://www.linkedin.com/in/asha-expert',
    motivation: 'I want to give back.',
    ...over,
  };
}

async function apply(over: Record<string, unknown> = {}) {
  const payload = application(over);
  const res = await t.app.inject({ method: 'POST', url: '/api/experts/apply', payload });
  expect(res.statusCode, res.body).toBe(201);
  const data = body<{ data: { token: string; user: { id: string; role: string; isVerified: boolean } } }>(res).data;
  const auth = { authorization: `Bearer ${data.token}` };
  const user: BuiltUser = { id: data.user.id, email: payload.email, password: payload.password, token: data.token, role: 'professional', auth };
  return { payload, user, data };
}

const decide = (admin: BuiltUser, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/admin/expert-applications/${id}/decision`, headers: admin.auth, payload });

describe('an industry expert applies', () => {
  it('refuses bad input with a clear message and changes nothing', async () => {
    const missingLink = await t.app.inject({ method: 'POST', url: '/api/experts/apply', payload: application({ profileUrl: 'not a link' }) });
    expect(missingLink.statusCode).toBe(400);
    expect(missingLink.body).toContain('Profile link must be an https:// link');
    const gmail = await t.app.inject({ method: 'POST', url: '/api/experts/apply', payload: application({ workEmail: 'me@gmail.com' }) });
    expect(gmail.statusCode).toBe(400);
    expect(gmail.body).toContain('company domain');
    const noExpertise = await t.app.inject({ method: 'POST', url: '/api/experts/apply', payload: application({ expertise: 'Juggling' }) });
    expect(noExpertise.statusCode).toBe(400);
    expect(noExpertise.body).toContain('Please select an expertise');
  });

  it('creates an unverified professional who is signed in, and refuses a second account for the address', async () => {
    const { payload, data } = await apply({ role: 'admin', isVerified: true });
    expect(data.user.role).toBe('professional');
    expect(data.user.isVerified).toBe(false);
    const again = await t.app.inject({ method: 'POST', url: '/api/experts/apply', payload });
    expect(again.statusCode).toBe(409);
  });

  it('confirms the account e-mail by its link, once', async () => {
    const { user } = await apply();
    const mine = await t.app.inject({ method: 'GET', url: '/api/experts/me/application', headers: user.auth });
    expect(body<{ data: { application: { emailConfirmed: boolean; status: string } } }>(mine).data.application).toMatchObject({ emailConfirmed: false, status: 'pending' });
    const mail = await lastEmailTo(t, user.email);
    expect(mail?.preview).not.toContain(linkToken(mail?.text ?? ''));
    const token = linkToken(mail?.text ?? '');
    const ok = await t.app.inject({ method: 'POST', url: '/api/confirmations/email', payload: { token } });
    expect(ok.statusCode).toBe(200);
    const reused = await t.app.inject({ method: 'POST', url: '/api/confirmations/email', payload: { token } });
    expect(reused.statusCode).toBe(400);
    expect(reused.body).toContain('invalid or has expired');
    const after = await t.app.inject({ method: 'GET', url: '/api/experts/me/application', headers: user.auth });
    expect(body<{ data: { application: { emailConfirmed: boolean } } }>(after).data.application.emailConfirmed).toBe(true);
  });

  it('confirms a work e-mail by code; five wrong codes spend it; a known company domain shows as evidence', async () => {
    const company = await buildOrganisationMember(t, { type: 'company' });
    const { user } = await apply();
    const workEmail = `asha@${company.domain}`;
    const url = '/api/experts/me/work-email/code';
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'POST', url, headers: student.auth, payload: { workEmail } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, headers: user.auth, payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url, headers: user.auth, payload: { workEmail } })).statusCode).toBe(200);
    const code = sixDigitCode((await lastEmailTo(t, workEmail))?.text ?? '');
    const wrong = code === '000000' ? '111111' : '000000';
    const confirm = (c: string) => t.app.inject({ method: 'POST', url: '/api/experts/me/work-email/confirm', headers: user.auth, payload: { code: c } });
    expect((await confirm('12')).statusCode).toBe(400);
    expect((await confirm(wrong)).statusCode).toBe(400);
    const ok = await confirm(code);
    expect(ok.statusCode, ok.body).toBe(200);
    const app = body<{ data: { application: { workEmailConfirmed: boolean; domainMatch: { id: string } | null } } }>(ok).data.application;
    expect(app.workEmailConfirmed).toBe(true);
    expect(app.domainMatch?.id).toBe(company.organisationId);

    // Brute force: five wrong answers spend the code; the right one no longer works.
    await t.app.inject({ method: 'POST', url, headers: user.auth, payload: { workEmail } });
    const code2 = sixDigitCode((await lastEmailTo(t, workEmail))?.text ?? '');
    const wrong2 = code2 === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await confirm(wrong2)).statusCode).toBe(400);
    expect((await confirm(code2)).statusCode).toBe(400);
  });
});

describe('a pending expert appears nowhere to students', () => {
  it('is absent from the list, search, details, availability and connect; can set availability; cannot publish workshops', async () => {
    const { user, payload } = await apply({ lastName: 'Hiddenperson' });
    const student = await buildStudent(t);
    await addRule(t, user, { date: dayFromNow(3) });
    for (const headers of [{}, student.auth]) {
      const list = await t.app.inject({ method: 'GET', url: '/api/professionals?limit=100', headers });
      expect(list.body).not.toContain(user.id);
      const search = await t.app.inject({ method: 'GET', url: `/api/professionals?search=${payload.lastName.toLowerCase()}`, headers });
      expect(body<{ data: { professionals: unknown[] } }>(search).data.professionals).toHaveLength(0);
      expect((await t.app.inject({ method: 'GET', url: `/api/professionals/${user.id}`, headers })).statusCode).toBe(404);
    }
    const from = dayFromNow(1);
    const to = dayFromNow(6);
    const slots = await t.app.inject({ method: 'GET', url: `/api/professionals/${user.id}/availability?from=${from}&to=${to}`, headers: student.auth });
    expect(slots.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/professionals/${user.id}/connect`, headers: student.auth, payload: {} })).statusCode).toBe(404);
    const workshop = await t.app.inject({ method: 'POST', url: '/api/workshops/my-workshops', headers: user.auth, payload: {} });
    expect(workshop.statusCode).toBe(403);
    expect(workshop.body).toContain('once your profile is verified');
    // Nor can an administrator make them a workshop's instructor (the instructor is shown to students).
    const admin = await buildAdmin(t);
    const options = await t.app.inject({ method: 'GET', url: '/api/admin/instructors', headers: admin.auth });
    expect(options.body).not.toContain(user.id);
    const asInstructor = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workshops',
      headers: admin.auth,
      payload: { title: 'Robots', description: 'Arms.', category: 'Technology', difficulty: 'Beginner', deliveryMode: 'online', date: '2030-01-15', startTime: '10:00', endTime: '12:00', timezone: 'Asia/Kolkata', maxParticipants: 5, professionalId: user.id },
    });
    expect(asInstructor.statusCode).toBe(400);
  });
});

describe('the administrator verification queue', () => {
  it('answers 401, 403 for other roles, 404 for unknown or malformed ids', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const url = '/api/admin/expert-applications';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: student.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: pro.auth })).statusCode).toBe(403);
    const admin = await buildAdmin(t);
    expect((await t.app.inject({ method: 'GET', url: `${url}/${MISSING_ID}`, headers: admin.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url}/nonsense`, headers: admin.auth })).statusCode).toBe(404);
    expect((await decide(admin, MISSING_ID, { decision: 'approve' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url}?status=maybe`, headers: admin.auth })).statusCode).toBe(400);
  });

  it('shows the evidence, rejects only with a reason, notifies, e-mails and audits; a second decision is a 409', async () => {
    const admin = await buildAdmin(t);
    const { user } = await apply();
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/expert-applications?limit=100', headers: admin.auth });
    const entry = body<{ data: { applications: { id: string; profileUrl: string; emailConfirmed: boolean }[] } }>(list).data.applications.find((a) => a.id === user.id);
    expect(entry).toMatchObject({ profileUrl: 'https://www.linkedin.com/in/asha-expert', emailConfirmed: false });
    const noReason = await decide(admin, user.id, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Please give a reason');
    const rejected = await decide(admin, user.id, { decision: 'reject', reason: 'Profile link does not match the name' });
    expect(rejected.statusCode).toBe(200);
    expect((await decide(admin, user.id, { decision: 'approve' })).statusCode).toBe(409);
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(note?.message).toContain('Profile link does not match the name');
    expect((await lastEmailTo(t, user.email))?.text).toContain('Profile link does not match the name');
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(entries.map((e) => e.action)).toContain('reject');
    const [row] = await t.database.db.select({ isVerified: users.isVerified }).from(users).where(eq(users.id, user.id));
    expect(row?.isVerified).toBe(false);
  });

  it('two administrators deciding at once: exactly one decision counts', async () => {
    const [a1, a2] = [await buildAdmin(t), await buildAdmin(t)];
    const { user } = await apply();
    const answers = await Promise.all([decide(a1, user.id, { decision: 'approve' }), decide(a2, user.id, { decision: 'reject', reason: 'No' })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(entries).toHaveLength(1);
  });

  it('approval makes an ordinary verified professional whom students find and can book', async () => {
    const admin = await buildAdmin(t);
    const { user, payload } = await apply({ lastName: 'Approvedperson' });
    await addRule(t, user, { date: dayFromNow(3) });
    const ok = await decide(admin, user.id, { decision: 'approve' });
    expect(ok.statusCode).toBe(200);
    const student = await buildStudent(t);
    const search = await t.app.inject({ method: 'GET', url: `/api/professionals?search=${payload.lastName.toLowerCase()}`, headers: student.auth });
    expect(body<{ data: { professionals: { id: string }[] } }>(search).data.professionals.map((p) => p.id)).toEqual([user.id]);
    const slots = await t.app.inject({ method: 'GET', url: `/api/professionals/${user.id}/availability?from=${dayFromNow(1)}&to=${dayFromNow(6)}`, headers: student.auth });
    expect(slots.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/professionals/${user.id}/connect`, headers: student.auth, payload: {} })).statusCode).toBe(201);
    expect((await lastEmailTo(t, user.email))?.subject).toContain('verified');
  });

  it("a company's invitation makes an endorsed applicant whose invited address counts as confirmed", async () => {
    const company = await buildOrganisationMember(t, { type: 'company' });
    const employee = `dev-${Date.now()}@${company.domain}`;
    const inv = await t.app.inject({ method: 'POST', url: '/api/organisations/me/invitations', headers: company.auth, payload: { email: employee, kind: 'expert' } });
    expect(inv.statusCode, inv.body).toBe(201);
    const token = linkToken((await lastEmailTo(t, employee))?.text ?? '', 'invitation');
    const { user } = await apply({ email: employee, invitationToken: token });
    const mine = await t.app.inject({ method: 'GET', url: '/api/experts/me/application', headers: user.auth });
    const app = body<{ data: { application: { endorsedBy: { id: string } | null; emailConfirmed: boolean } } }>(mine).data.application;
    expect(app.endorsedBy?.id).toBe(company.organisationId);
    expect(app.emailConfirmed).toBe(true);
    // Single use.
    const again = await t.app.inject({ method: 'POST', url: '/api/experts/apply', payload: application({ invitationToken: token }) });
    expect(again.statusCode).toBe(400);
  });
});
