import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { body, buildAdmin, buildProfessional, buildStudent } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { rdProjectRoles } from '../../db/schema/rd-projects.ts';
import { users } from '../../db/schema/users.ts';
import { MISSING_ID } from '../mentoring/test-helpers.ts';
import { apply as applyToProject, projectPayload } from '../rd-projects/rd-test-helpers.ts';
import { buildOrganisationMember, lastEmailTo, linkToken } from './test-helpers.ts';

const t = useTestApp();
let n = 0;

function registration(type: 'university' | 'company', domain: string, over: Record<string, unknown> = {}) {
  n += 1;
  return {
    type,
    name: `Org ${n} ${Date.now()}`,
    country: 'India',
    website: `https://www.${domain}`,
    contact: { firstName: 'Ravi', lastName: 'Contact', email: `ravi${n}@${domain}`, password: 'Str0ng!pass' },
    ...over,
  };
}

const adminDecision = (admin: { auth: { authorization: string } }, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/admin/organisations/${id}/decision`, headers: admin.auth, payload });

async function signIn(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

describe('a university or company registers', () => {
  it('refuses a contact e-mail outside the website domain, a public provider and a missing country', async () => {
    const outside = registration('university', `uni${Date.now()}.edu`, {});
    (outside.contact as { email: string }).email = 'someone@elsewhere.edu';
    const res = await t.app.inject({ method: 'POST', url: '/api/organisations/register', payload: outside });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("organisation's own domain");
    const gmail = registration('company', 'gmail.com');
    expect((await t.app.inject({ method: 'POST', url: '/api/organisations/register', payload: gmail })).body).toContain('Public e-mail providers');
    const noCountry = registration('university', `u${Date.now()}.edu`, { country: '' });
    expect((await t.app.inject({ method: 'POST', url: '/api/organisations/register', payload: noCountry })).body).toContain('Country is required');
    const bad = await t.app.inject({ method: 'POST', url: '/api/organisations/register', payload: { ...registration('company', 'x.org'), type: 'club' } });
    expect(bad.statusCode).toBe(400);
  });

  it('registers pending, confirms the contact, is approved by an admin (audited); members of a suspended one cannot sign in', async () => {
    const domain = `uni${Date.now()}.edu`;
    const payload = registration('university', domain);
    const res = await t.app.inject({ method: 'POST', url: '/api/organisations/register', payload });
    expect(res.statusCode, res.body).toBe(201);
    const data = body<{ data: { token: string; user: { role: string } } }>(res).data;
    expect(data.user.role).toBe('university_admin');
    const auth = { authorization: `Bearer ${data.token}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/organisations/me', headers: auth });
    const org = body<{ data: { organisation: { id: string; status: string; contactConfirmed: boolean; domains: { domain: string }[] } } }>(me).data.organisation;
    expect(org).toMatchObject({ status: 'pending', contactConfirmed: false, domains: [{ domain }] });
    // Pending: no domain management yet.
    expect((await t.app.inject({ method: 'POST', url: '/api/organisations/me/domains', headers: auth, payload: { domain: `cs.${domain}` } })).statusCode).toBe(403);
    // The same domain cannot be claimed twice.
    const twice = await t.app.inject({ method: 'POST', url: '/api/organisations/register', payload: registration('university', domain) });
    expect(twice.statusCode).toBe(409);

    const token = linkToken((await lastEmailTo(t, payload.contact.email))?.text ?? '');
    expect((await t.app.inject({ method: 'POST', url: '/api/confirmations/email', payload: { token } })).statusCode).toBe(200);

    const admin = await buildAdmin(t);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/organisations?status=pending&limit=100', headers: admin.auth });
    const listed = body<{ data: { organisations: { id: string; contactConfirmed: boolean }[] } }>(list).data.organisations.find((o) => o.id === org.id);
    expect(listed?.contactConfirmed).toBe(true);
    expect((await adminDecision(admin, org.id, { action: 'reject' })).body).toContain('Please give a reason');
    expect((await adminDecision(admin, org.id, { action: 'approve' })).statusCode).toBe(200);
    expect((await adminDecision(admin, org.id, { action: 'approve' })).statusCode).toBe(409);
    expect((await adminDecision(admin, MISSING_ID, { action: 'approve' })).statusCode).toBe(404);
    expect((await adminDecision(admin, 'bad', { action: 'approve' })).statusCode).toBe(404);

    const added = await t.app.inject({ method: 'POST', url: '/api/organisations/me/domains', headers: auth, payload: { domain: `cs.${domain}` } });
    expect(added.statusCode, added.body).toBe(201);
    const outside = await t.app.inject({ method: 'POST', url: '/api/organisations/me/domains', headers: auth, payload: { domain: 'other.edu' } });
    expect(outside.body).toContain("website's domain");

    expect((await adminDecision(admin, org.id, { action: 'suspend', reason: 'Complaints' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/organisations/me', headers: auth })).statusCode).toBe(401);
    const login = await signIn(payload.contact.email, payload.contact.password);
    expect(login.statusCode).toBe(403);
    expect(login.body).toContain('suspended');
    expect((await adminDecision(admin, org.id, { action: 'reinstate' })).statusCode).toBe(200);
    expect((await signIn(payload.contact.email, payload.contact.password)).statusCode).toBe(200);
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, org.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['approve', 'suspend', 'reinstate', 'add-domain']));
  });

  it('a rejected registration releases its domain for the real institution', async () => {
    const domain = `squat${Date.now()}.edu`;
    const first = await t.app.inject({ method: 'POST', url: '/api/organisations/register', payload: registration('university', domain) });
    expect(first.statusCode).toBe(201);
    const admin = await buildAdmin(t);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/organisations?status=pending&limit=100', headers: admin.auth });
    const org = body<{ data: { organisations: { id: string; domains: { domain: string }[] }[] } }>(list).data.organisations.find((o) => o.domains.some((d) => d.domain === domain));
    expect((await adminDecision(admin, org?.id ?? '', { action: 'reject', reason: 'Not the real university' })).statusCode).toBe(200);
    const second = await t.app.inject({ method: 'POST', url: '/api/organisations/register', payload: registration('university', domain) });
    expect(second.statusCode, second.body).toBe(201);
  });

  it('invites a co-admin at its own domain only; the invitation makes a member once', async () => {
    const uni = await buildOrganisationMember(t, { type: 'university' });
    const url = '/api/organisations/me/invitations';
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'POST', url, headers: student.auth, payload: { email: `x@${uni.domain}` } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, headers: uni.auth, payload: { email: 'x@other.org' } })).body).toContain("organisation's domains");
    expect((await t.app.inject({ method: 'POST', url, headers: uni.auth, payload: { email: `x@${uni.domain}`, kind: 'expert' } })).body).toContain('Only companies');
    const email = `coadmin-${Date.now()}@${uni.domain}`;
    expect((await t.app.inject({ method: 'POST', url, headers: uni.auth, payload: { email } })).statusCode).toBe(201);
    const token = linkToken((await lastEmailTo(t, email))?.text ?? '');
    const info = await t.app.inject({ method: 'POST', url: '/api/organisations/invitations/lookup', payload: { token } });
    expect(body<{ data: { email: string } }>(info).data.email).toBe(email);
    const accept = { token, firstName: 'Co', lastName: 'Admin', password: 'Str0ng!pass' };
    const ok = await t.app.inject({ method: 'POST', url: '/api/organisations/invitations/accept', payload: accept });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(body<{ data: { user: { role: string } } }>(ok).data.user.role).toBe('university_admin');
    expect((await t.app.inject({ method: 'POST', url: '/api/organisations/invitations/accept', payload: accept })).statusCode).toBe(400);
  });
});

describe('a university sees its own students only', () => {
  it('affiliates a student who confirms an address at its domain; engagement, cohort and a formula-safe CSV', async () => {
    const uni = await buildOrganisationMember(t, { type: 'university' });
    const other = await buildOrganisationMember(t, { type: 'university' });
    // A student registers with an address at the university's domain: a confirmation link goes out.
    const email = `priya-${Date.now()}@${uni.domain}`;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: '=HYPERLINK("x")', lastName: 'Shah', email, password: 'secret1', university: 'U', course: 'CS', year: 2, rollNumber: 'R1', phone: '+91 98765 43210', interests: [] },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const studentToken = body<{ data: { token: string; user: { id: string } } }>(reg).data;
    const studentAuth = { authorization: `Bearer ${studentToken.token}` };
    const before = await t.app.inject({ method: 'GET', url: '/api/students/me/affiliation', headers: studentAuth });
    expect(body<{ data: { affiliation: unknown; pendingEmail: string } }>(before).data).toMatchObject({ affiliation: null, pendingEmail: email });
    const token = linkToken((await lastEmailTo(t, email))?.text ?? '');
    expect((await t.app.inject({ method: 'POST', url: '/api/confirmations/email', payload: { token } })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/students/me/affiliation', headers: studentAuth });
    const aff = body<{ data: { affiliation: { email: string }; visibility: string[] } }>(after).data;
    expect(aff.affiliation.email).toBe(email);
    expect(aff.visibility.length).toBeGreaterThan(0);

    // An ordinary student elsewhere asks to be affiliated with an address at the other university.
    const elsewhere = await buildStudent(t);
    const outsider = await t.app.inject({ method: 'POST', url: '/api/students/me/affiliation', headers: elsewhere.auth, payload: { email: 'me@nowhere.org' } });
    expect(outsider.statusCode).toBe(400);
    const otherEmail = `s-${Date.now()}@${other.domain}`;
    expect((await t.app.inject({ method: 'POST', url: '/api/students/me/affiliation', headers: elsewhere.auth, payload: { email: otherEmail } })).statusCode).toBe(200);
    const t2 = linkToken((await lastEmailTo(t, otherEmail))?.text ?? '');
    expect((await t.app.inject({ method: 'POST', url: '/api/confirmations/email', payload: { token: t2 } })).statusCode).toBe(200);

    const list = await t.app.inject({ method: 'GET', url: '/api/organisations/me/students', headers: uni.auth });
    expect(list.statusCode).toBe(200);
    const students = body<{ data: { students: { id: string; sessions: number }[] } }>(list).data.students;
    expect(students.map((s) => s.id)).toEqual([studentToken.user.id]);
    // Another university's student is a 404, never a read.
    expect((await t.app.inject({ method: 'GET', url: `/api/organisations/me/students/${elsewhere.id}`, headers: uni.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/organisations/me/students/${elsewhere.id}`, headers: other.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/organisations/me/students/${studentToken.user.id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/organisations/me/students/zzz', headers: uni.auth })).statusCode).toBe(404);
    // Wrong kind of organisation, wrong role, no token.
    const company = await buildOrganisationMember(t, { type: 'company' });
    expect((await t.app.inject({ method: 'GET', url: '/api/organisations/me/students', headers: company.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/organisations/me/students', headers: studentAuth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/organisations/me/students' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/organisations/me/students?limit=0', headers: uni.auth })).statusCode).toBe(400);

    const cohort = await t.app.inject({ method: 'GET', url: '/api/organisations/me/cohort', headers: uni.auth });
    expect(body<{ data: { totals: { students: number } } }>(cohort).data.totals.students).toBe(1);
    const csv = await t.app.inject({ method: 'GET', url: '/api/organisations/me/students/export', headers: uni.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"") Shah"`);
    expect(csv.body).not.toContain(otherEmail);
    // Spreadsheets: the same export as a real XLSX, typed text cells with no apostrophe (decision 827).
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/organisations/me/students/export?format=xlsx', headers: uni.auth });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const names = (book.worksheets[0]?.getColumn(1).values ?? []).map(String);
    expect(names).toContain('=HYPERLINK("x") Shah');
    expect(JSON.stringify(names)).not.toContain(otherEmail);
  });

  it('a student confirmed before the domain was added becomes affiliated when it is added', async () => {
    const uni = await buildOrganisationMember(t, { type: 'university', domain: `late${Date.now()}.edu` });
    const student = await buildStudent(t, { email: `early-${Date.now()}@dept.${uni.domain.replace(/^late/, 'later')}` });
    await t.database.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, student.id));
    // The website is https://late….edu; a domain outside it is refused, so re-point the test domain inside.
    const inside = `dept.${uni.domain}`;
    const student2 = await buildStudent(t, { email: `early2-${Date.now()}@${inside}` });
    await t.database.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, student2.id));
    expect((await t.app.inject({ method: 'POST', url: '/api/organisations/me/domains', headers: uni.auth, payload: { domain: inside } })).statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/organisations/me/students', headers: uni.auth });
    const ids = body<{ data: { students: { id: string }[] } }>(list).data.students.map((s) => s.id);
    expect(ids).toContain(student2.id);
    expect(ids).not.toContain(student.id);
  });
});

describe('a company posts projects and reviews applications to its own projects only', () => {
  it('moderation before public; applications readable by the owner company only; suspension hides its projects', async () => {
    const company = await buildOrganisationMember(t, { type: 'company' });
    const rival = await buildOrganisationMember(t, { type: 'company' });
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const bad = await t.app.inject({ method: 'POST', url: '/api/organisations/me/projects', headers: company.auth, payload: {} });
    expect(bad.statusCode).toBe(400);
    const title = `Company project ${Date.now()}`;
    const posted = await t.app.inject({ method: 'POST', url: '/api/organisations/me/projects', headers: company.auth, payload: projectPayload({ title }) });
    expect(posted.statusCode, posted.body).toBe(201);
    const project = body<{ data: { project: { id: string; moderation: string } } }>(posted).data.project;
    expect(project.moderation).toBe('pending');
    const publicList = () => t.app.inject({ method: 'GET', url: `/api/rd-projects/public?search=${encodeURIComponent(title)}` });
    expect(body<{ data: { projects: unknown[] } }>(await publicList()).data.projects).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/rd-projects/${project.id}`, headers: student.auth })).statusCode).toBe(404);

    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/project-moderation', headers: admin.auth });
    expect(queue.body).toContain(project.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/project-moderation', headers: company.auth })).statusCode).toBe(403);
    const moderate = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/admin/project-moderation/${project.id}/decision`, headers: admin.auth, payload });
    expect((await moderate({ decision: 'reject' })).statusCode).toBe(400);
    expect((await moderate({ decision: 'approve' })).statusCode).toBe(200);
    expect((await moderate({ decision: 'approve' })).statusCode).toBe(409);
    expect(body<{ data: { projects: unknown[] } }>(await publicList()).data.projects).toHaveLength(1);

    const [role] = await t.database.db.select().from(rdProjectRoles).where(eq(rdProjectRoles.projectId, project.id));
    const applied = await applyToProject(t, student, project.id, role?.id ?? '');
    expect(applied.statusCode, applied.body).toBe(201);
    const appId = body<{ data: { application: { _id: string } } }>(applied).data.application._id;

    const appsUrl = `/api/organisations/me/projects/${project.id}/applications`;
    const own = await t.app.inject({ method: 'GET', url: appsUrl, headers: company.auth });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(appId);
    expect((await t.app.inject({ method: 'GET', url: appsUrl, headers: rival.auth })).statusCode).toBe(404);
    const review = (headers: { authorization: string }) =>
      t.app.inject({ method: 'PUT', url: `${appsUrl}/${appId}`, headers, payload: { status: 'under-review' } });
    expect((await review(rival.auth)).statusCode).toBe(404);
    const reviewed = await review(company.auth);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const uni = await buildOrganisationMember(t, { type: 'university' });
    expect((await t.app.inject({ method: 'GET', url: appsUrl, headers: uni.auth })).statusCode).toBe(403);
    const pro = await buildProfessional(t);
    expect((await t.app.inject({ method: 'GET', url: appsUrl, headers: pro.auth })).statusCode).toBe(403);

    const perf = await t.app.inject({ method: 'GET', url: '/api/organisations/me/performance', headers: company.auth });
    expect(body<{ data: { projects: { posted: number; applications: number } } }>(perf).data.projects).toMatchObject({ posted: 1, applications: 1 });

    // Suspension hides the project and deletes nothing; reinstating shows it again.
    expect((await adminDecision(admin, company.organisationId, { action: 'suspend', reason: 'Audit' })).statusCode).toBe(200);
    expect(body<{ data: { projects: unknown[] } }>(await publicList()).data.projects).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/organisations/me/projects', headers: company.auth })).statusCode).toBe(401);
    expect((await adminDecision(admin, company.organisationId, { action: 'reinstate' })).statusCode).toBe(200);
    expect(body<{ data: { projects: unknown[] } }>(await publicList()).data.projects).toHaveLength(1);
  });
});
