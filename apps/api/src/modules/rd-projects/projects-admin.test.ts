import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RD_MESSAGES, RD_STATUSES, RD_STATUS_TRANSITIONS, type RdStatus } from '@app/shared/rd-projects';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent } from '../../../test/factories.ts';
import { auditLog, notifications } from '../../db/schema/platform.ts';
import { rdProjects } from '../../db/schema/rd-projects.ts';
import { apply, createProject, dateIn, inDays, projectPayload } from './rd-test-helpers.ts';

const t = useTestApp();
const BAD_ID = '0123456789abcdef01234567';

type Project = { _id: string; status: RdStatus; title: string; roles: { _id: string; currentPositions: number; maxPositions: number }[]; progress: number; maxParticipants: number; availableSlots: number; pendingApplications: number; totalApplications: number; duration: number };

describe('admin R&D routes: access', () => {
  it('401 without a token, 403 for students and professionals, 404 for unknown or malformed ids', async () => {
    const student = await buildStudent(t);
    const pro = await buildProfessional(t);
    const admin = await buildAdmin(t);
    const routes: [string, string][] = [
      ['GET', '/api/admin/rd-projects'],
      ['POST', '/api/admin/rd-projects'],
      ['GET', `/api/admin/rd-projects/${BAD_ID}`],
      ['PUT', `/api/admin/rd-projects/${BAD_ID}`],
      ['DELETE', `/api/admin/rd-projects/${BAD_ID}`],
      ['PUT', `/api/admin/rd-projects/${BAD_ID}/status`],
      ['GET', `/api/admin/rd-projects/${BAD_ID}/applications`],
      ['PUT', `/api/admin/rd-projects/${BAD_ID}/applications/${BAD_ID}`],
      ['GET', `/api/admin/rd-projects/${BAD_ID}/applications/${BAD_ID}/documents/${BAD_ID}`],
    ];
    for (const [method, url] of routes) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect((await t.app.inject({ method: method as 'GET', url, payload })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.app.inject({ method: method as 'GET', url, headers: student.auth, payload })).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method: method as 'GET', url, headers: pro.auth, payload })).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const id of [BAD_ID, 'not-an-id', '1']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/rd-projects/${id}`, headers: admin.auth })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/rd-projects/${id}`, headers: admin.auth })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${id}/status`, headers: admin.auth, payload: { status: 'active' } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${id}`, headers: admin.auth, payload: projectPayload() })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/rd-projects/${id}/applications`, headers: admin.auth })).statusCode).toBe(404);
    }
  });
});

describe('POST /api/admin/rd-projects: the nine checks of spec 001 §5, in order', () => {
  const past = new Date(Date.now() - 86_400_000).toISOString();
  const cases: [string, Record<string, unknown>, string][] = [
    ['title', { title: '  ', summary: '' }, RD_MESSAGES.titleRequired],
    ['summary', { summary: '', field: '' }, RD_MESSAGES.summaryRequired],
    ['field', { field: '', supervisor: { name: '', email: '' } }, RD_MESSAGES.fieldRequired],
    ['supervisor name', { supervisor: { name: '', email: 'a@b.co' } }, RD_MESSAGES.supervisorRequired],
    ['supervisor email', { supervisor: { name: 'X', email: '' }, applicationProcess: { applicationDeadline: '' } }, RD_MESSAGES.supervisorRequired],
    ['deadline', { applicationProcess: { applicationDeadline: '' }, timeline: { expectedEndDate: '' } }, RD_MESSAGES.deadlineRequired],
    ['end date', { timeline: { expectedEndDate: '' }, supervisor: { name: 'X', email: 'bad' } }, RD_MESSAGES.endDateRequired],
    ['email format', { supervisor: { name: 'X', email: 'not-an-email' }, applicationProcess: { applicationDeadline: past } }, RD_MESSAGES.supervisorEmailInvalid],
    ['deadline future', { applicationProcess: { applicationDeadline: past }, timeline: { expectedEndDate: '2000-01-01' } }, RD_MESSAGES.deadlineFuture],
    ['end after deadline', { timeline: { expectedEndDate: dateIn(5) } }, RD_MESSAGES.endAfterDeadline],
  ];
  it.each(cases)('%s', async (_name, patch, message) => {
    const admin = await buildAdmin(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/rd-projects', headers: admin.auth, payload: { ...projectPayload(), ...patch } });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(message);
  });

  it.each([
    [{ tags: ['ai', 'AI'] }, 'Tags must be unique'],
    [{ tags: ['ai', ' '] }, 'Tags cannot be blank'],
    [{ objectives: [''] }, 'Objectives cannot be blank'],
    [{ roles: [] }, RD_MESSAGES.atLeastOneRole],
    [{ roles: [{ title: 'intern', maxPositions: 51 }] }, 'Max positions must be between 1 and 50'],
    [{ roles: [{ title: 'intern', maxPositions: 0 }] }, 'Max positions must be between 1 and 50'],
    [{ roles: [{ title: 'intern', skillsRequired: ['Go', 'go'] }] }, 'Required skills must be unique'],
    [{ roles: [{ title: 'intern', eligibilityCriteria: { minCGPA: 10.5 } }] }, 'Minimum CGPA must be between 0 and 10'],
    [{ roles: [{ title: 'intern', eligibilityCriteria: { minCGPA: 7.25 } }] }, 'Minimum CGPA goes in steps of 0.1'],
    [{ roles: [{ title: 'intern', compensation: { type: 'paid', amount: -1 } }] }, 'Compensation amount must be at least 0'],
    [{ applicationProcess: { applicationDeadline: inDays(3).toISOString(), selectionCriteria: ['GPA', 'gpa'] } }, 'Selection criteria must be unique'],
  ])('400 for %o', async (patch, message) => {
    const admin = await buildAdmin(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/rd-projects', headers: admin.auth, payload: { ...projectPayload(), ...patch } });
    expect(res.statusCode).toBe(400);
    expect(body<{ errors: string[] }>(res).errors).toContain(message);
  });

  it('creates a draft with new-role defaults; location only for onsite, amount only for paid or stipend', async () => {
    const admin = await buildAdmin(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/rd-projects',
      headers: admin.auth,
      payload: projectPayload({
        roles: [
          {},
          { title: 'part-time', workMode: 'remote', location: 'Delhi', compensation: { type: 'certificate', amount: 500, currency: 'USD' } },
          { title: 'full-time', workMode: 'onsite', location: ' Pune ', compensation: { type: 'stipend', amount: 15000, currency: 'INR' }, eligibilityCriteria: { minCGPA: 7.5 } },
        ],
      }),
    });
    expect(res.statusCode).toBe(201);
    const json = body<{ message: string; data: { project: Record<string, unknown> & { roles: Record<string, unknown>[] } } }>(res);
    expect(json.message).toBe('R&D Project created successfully!');
    const p = json.data.project;
    expect(p).toMatchObject({ status: 'draft', priority: 'high', visibility: 'public', progress: 50, maxParticipants: 3, availableSlots: 3 });
    expect(p.roles[0]).toMatchObject({
      title: 'intern',
      maxPositions: 1,
      workMode: 'remote',
      compensation: { type: 'certificate', amount: null, currency: null },
      eligibilityCriteria: { degreeLevel: 'any', experience: 'none', languages: ['English'], minCGPA: null },
      location: null,
    });
    expect(p.roles[1]).toMatchObject({ location: null, compensation: { type: 'certificate', amount: null } });
    expect(p.roles[2]).toMatchObject({ location: 'Pune', compensation: { type: 'stipend', amount: 15000, currency: 'INR' }, eligibilityCriteria: { minCGPA: 7.5 } });
    const logged = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(p._id)));
    expect(logged.map((l) => l.action)).toEqual(['create']);
  });

  it('refuses to create a project directly as completed (409)', async () => {
    const admin = await buildAdmin(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/rd-projects', headers: admin.auth, payload: { ...projectPayload(), status: 'completed' } });
    expect(res.statusCode).toBe(409);
  });
});

describe('PUT /api/admin/rd-projects/{id}/status: the status machine (spec 001 §4)', () => {
  const table: [RdStatus, RdStatus, boolean][] = [];
  for (const from of RD_STATUSES) for (const to of RD_STATUSES) table.push([from, to, RD_STATUS_TRANSITIONS[from].includes(to)]);

  it.each(table)('%s → %s allowed: %s', async (from, to, allowed) => {
    const admin = await buildAdmin(t);
    const project = await createProject(t, admin, {}, 'draft');
    await t.database.db.update(rdProjects).set({ status: from }).where(eq(rdProjects.id, project._id));
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}/status`, headers: admin.auth, payload: { status: to } });
    expect(res.statusCode).toBe(allowed ? 200 : 409);
    const [row] = await t.database.db.select({ status: rdProjects.status }).from(rdProjects).where(eq(rdProjects.id, project._id));
    expect(row?.status).toBe(allowed ? to : from);
    if (allowed) expect(body(res).message).toBe(`Project ${to} successfully!`);
    else expect(body(res).message).toMatch(new RegExp(`A ${from} project cannot be changed to ${to}`));
  });

  it('400 for an unknown status; alert holders are told about changes', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const project = await createProject(t, admin);
    const bad = await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}/status`, headers: admin.auth, payload: { status: 'archived' } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/rd-projects/${project._id}/alert`, headers: student.auth, payload: {} })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}/status`, headers: admin.auth, payload: { status: 'paused' } });
    expect(res.statusCode).toBe(200);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, student.id));
    expect(notes.map((n) => n.message)).toEqual([`"${project.title}" has been paused.`]);
  });
});

describe('PUT /api/admin/rd-projects/{id}', () => {
  it('edits fields and roles, applies only allowed status transitions, notifies alert holders', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const project = await createProject(t, admin, {}, 'draft');
    const roleId = project.roles[0]?._id;
    // The edit form cannot jump from draft to completed.
    const jump = await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}`, headers: admin.auth, payload: { ...projectPayload(), status: 'completed' } });
    expect(jump.statusCode).toBe(409);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/rd-projects/${project._id}`,
      headers: admin.auth,
      payload: { ...projectPayload({ title: 'Renamed', roles: [{ _id: roleId, title: 'intern', maxPositions: 3 }, { title: 'part-time' }] }), status: 'active' },
    });
    expect(res.statusCode).toBe(200);
    const p = body<{ message: string; data: { project: Project & { roles: { _id: string; maxPositions: number }[] } } }>(res);
    expect(p.message).toBe('R&D Project updated successfully!');
    expect(p.data.project).toMatchObject({ title: 'Renamed', status: 'active' });
    expect(p.data.project.roles.map((r) => r.maxPositions)).toEqual([3, 1]);
    expect(p.data.project.roles[0]?._id).toBe(roleId);

    await t.app.inject({ method: 'POST', url: `/api/rd-projects/${project._id}/alert`, headers: student.auth, payload: {} });
    const again = await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}`, headers: admin.auth, payload: projectPayload({ title: 'Renamed twice', roles: [{ _id: roleId, title: 'intern', maxPositions: 3 }] }) });
    expect(again.statusCode).toBe(200);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, student.id));
    expect(notes.map((n) => n.title)).toEqual(['Project updated']);
  });

  it('keeps a role that has applications, and max positions above those filled', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const project = await createProject(t, admin, { roles: [{ title: 'intern', maxPositions: 2 }, { title: 'full-time', maxPositions: 1 }] });
    const [first, second] = project.roles;
    if (!first || !second) throw new Error('roles');
    expect((await apply(t, student, project._id, first._id)).statusCode).toBe(201);
    const drop = await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}`, headers: admin.auth, payload: projectPayload({ roles: [{ _id: second._id, title: 'full-time' }] }) });
    expect(drop.statusCode).toBe(409);
    expect(body(drop).message).toBe(RD_MESSAGES.roleHasApplications);
    const [app] = (await t.app.inject({ method: 'GET', url: `/api/admin/rd-projects/${project._id}/applications`, headers: admin.auth })).json().data.applications;
    await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}/applications/${app._id}`, headers: admin.auth, payload: { status: 'accepted' } });
    await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}/applications/${app._id}`, headers: admin.auth, payload: { status: 'rejected' } });
    await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}/applications/${app._id}`, headers: admin.auth, payload: { status: 'under-review' } });
    const accepted = await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}/applications/${app._id}`, headers: admin.auth, payload: { status: 'accepted' } });
    expect(accepted.statusCode).toBe(200);
    // Editing with the (unchanged) deadline still works; max below the 1 filled is refused.
    const lower = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/rd-projects/${project._id}`,
      headers: admin.auth,
      payload: projectPayload({ roles: [{ _id: first._id, title: 'intern', maxPositions: 1 }, { _id: second._id, title: 'full-time' }] }),
    });
    expect(lower.statusCode).toBe(200);
    await t.database.db.update(rdProjects).set({ applicationDeadline: new Date(Date.now() - 1000) }).where(eq(rdProjects.id, project._id));
    const current = body<{ data: { project: { applicationProcess: { applicationDeadline: string } } } }>(
      await t.app.inject({ method: 'GET', url: `/api/admin/rd-projects/${project._id}`, headers: admin.auth }),
    ).data.project;
    const pastEdit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/rd-projects/${project._id}`,
      headers: admin.auth,
      payload: projectPayload({ title: 'Closed project, new title', applicationProcess: { applicationDeadline: current.applicationProcess.applicationDeadline }, roles: [{ _id: first._id, title: 'intern', maxPositions: 1 }, { _id: second._id, title: 'full-time' }] }),
    });
    expect(pastEdit.statusCode).toBe(200);
  });
});

describe('GET /api/admin/rd-projects', () => {
  it('lists with search, status and field filters, counts and pagination', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const unique = `Zebrafish-${Date.now()}`;
    const a = await createProject(t, admin, { title: `${unique} genetics`, field: 'Biotechnology', roles: [{ title: 'intern', maxPositions: 3 }] });
    await createProject(t, admin, { title: `${unique} imaging`, field: 'Medicine' }, 'draft');
    await apply(t, student, a._id, a.roles[0]?._id ?? '');
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/rd-projects?search=${unique}&limit=1`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const json = body<{ data: { projects: Project[]; total: number; pages: number; pagination: { total: number } } }>(res);
    expect(json.data.total).toBe(2);
    expect(json.data.pages).toBe(2);
    expect(json.data.projects).toHaveLength(1);
    const bio = body<{ data: { projects: Project[] } }>(
      await t.app.inject({ method: 'GET', url: `/api/admin/rd-projects?search=${unique}&field=Biotechnology&status=active`, headers: admin.auth }),
    ).data.projects;
    expect(bio).toHaveLength(1);
    expect(bio[0]).toMatchObject({ _id: a._id, totalApplications: 1, pendingApplications: 1, maxParticipants: 3, availableSlots: 3 });
    const drafts = body<{ data: { projects: Project[] } }>(
      await t.app.inject({ method: 'GET', url: `/api/admin/rd-projects?search=${unique}&status=draft`, headers: admin.auth }),
    ).data.projects;
    expect(drafts.map((p) => p.status)).toEqual(['draft']);
    // Wildcards typed by the user are literal.
    const wild = body<{ data: { total: number } }>(await t.app.inject({ method: 'GET', url: `/api/admin/rd-projects?search=%25%25%25`, headers: admin.auth }));
    expect(wild.data.total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/rd-projects?status=bogus', headers: admin.auth })).statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/rd-projects/{id}', () => {
  it('deletes the project with its applications and documents', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const project = await createProject(t, admin);
    expect((await apply(t, student, project._id, project.roles[0]?._id ?? '')).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/rd-projects/${project._id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('R&D Project deleted successfully!');
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/rd-projects/${project._id}`, headers: admin.auth })).statusCode).toBe(404);
    const mine = await t.app.inject({ method: 'GET', url: '/api/rd-projects/my/applications', headers: student.auth });
    expect(mine.json().data.applications).toEqual([]);
  });
});

describe('audit log (lib/audit.ts)', () => {
  it('records create, update, status, review and delete with the actor, the entity and JSON-safe states', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const project = await createProject(t, admin, {}, 'draft');
    const put = await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}`, headers: admin.auth, payload: projectPayload({ title: 'Renamed lab', roles: [{ _id: project.roles[0]?._id, title: 'intern', maxPositions: 2 }] }) });
    expect(put.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}/status`, headers: admin.auth, payload: { status: 'active' } })).statusCode).toBe(200);
    const applied = await apply(t, student, project._id, project.roles[0]?._id ?? '');
    const applicationId = body<{ data: { application: { _id: string } } }>(applied).data.application._id;
    const reviewed = await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}/applications/${applicationId}`, headers: admin.auth, payload: { status: 'under-review' } });
    expect(reviewed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/rd-projects/${project._id}`, headers: admin.auth })).statusCode).toBe(200);

    const projectLog = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, project._id)).orderBy(auditLog.createdAt);
    expect(projectLog.map((l) => [l.entity, l.action, l.actorId])).toEqual([
      ['rd-project', 'create', admin.id],
      ['rd-project', 'update', admin.id],
      ['rd-project', 'status', admin.id],
      ['rd-project', 'delete', admin.id],
    ]);
    // Dates in the snapshots are stored as ISO strings (lib/audit.ts scrubs them).
    const update = projectLog[1];
    expect(update?.before).toMatchObject({ title: 'Quantum Sensing Lab' });
    expect(update?.after).toMatchObject({ title: 'Renamed lab', status: 'draft' });
    expect(JSON.stringify(update?.after)).toMatch(/"applicationDeadline":"\d{4}-\d{2}-\d{2}T/);
    expect(projectLog[2]).toMatchObject({ before: { status: 'draft' }, after: { status: 'active' } });
    expect(projectLog[3]?.after).toBeNull();

    const [review] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, applicationId));
    expect(review).toMatchObject({ entity: 'rd-application', action: 'review', actorId: admin.id, before: { status: 'pending' }, after: { status: 'under-review' } });
  });
});
