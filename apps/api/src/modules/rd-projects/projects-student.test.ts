import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { RD_SORTS } from '@app/shared/rd-projects';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { notifications } from '../../db/schema/platform.ts';
import { rdAlerts, rdProjectRoles, rdProjects, rdProjectViews } from '../../db/schema/rd-projects.ts';
import { queryRows } from '../../lib/sql.ts';
import { DEADLINE_SWEEP_TASK, runDeadlineSweep } from './alerts.ts';
import { apply, createProject, inDays, setDeadline } from './rd-test-helpers.ts';

const t = useTestApp();
const BAD_ID = '0123456789abcdef01234567';

interface Card {
  _id: string;
  title: string;
  canApply: boolean;
  isBookmarked: boolean;
  hasAlert: boolean;
  metrics: { views: number };
  applicationStats: { total: number };
  userApplication: { status: string } | null;
}

async function list(student: BuiltUser, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/rd-projects/user/${student.id}${query}`, headers: student.auth });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: { projects: Card[]; pagination: { total: number; limit: number; pages: number } } }>(res).data;
}

describe('GET /api/rd-projects/user/{userId}', () => {
  it('401, 403 for other roles, 404 for another user or a malformed id', async () => {
    const student = await buildStudent(t);
    const other = await buildStudent(t);
    const admin = await buildAdmin(t);
    const pro = await buildProfessional(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/rd-projects/user/${student.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/rd-projects/user/${admin.id}`, headers: admin.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/rd-projects/user/${pro.id}`, headers: pro.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/rd-projects/user/${other.id}`, headers: student.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/rd-projects/user/xyz', headers: student.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/rd-projects/user/${student.id}?sortBy=views;drop`, headers: student.auth })).statusCode).toBe(400);
  });

  it('shows active public projects only, page size 12, with filters and every sort', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const tag = `k${Date.now()}`;
    const make = (title: string, o: Parameters<typeof createProject>[2] = {}, status: 'draft' | 'active' = 'active') =>
      createProject(t, admin, { title: `${tag} ${title}`, tags: [tag], ...o }, status);
    const a = await make('Alpha', { field: 'Data Science', priority: 'low', roles: [{ title: 'intern', workMode: 'onsite', location: 'Pune' }], timeline: { duration: '1-3 months', expectedEndDate: inDays(100).toISOString().slice(0, 10) }, applicationProcess: { applicationDeadline: inDays(3).toISOString() } });
    const b = await make('Bravo', { field: 'Medicine', priority: 'urgent', roles: [{ title: 'full-time', workMode: 'remote' }], applicationProcess: { applicationDeadline: inDays(20).toISOString() } });
    const c = await make('Charlie', { field: 'Data Science', priority: 'high', roles: [{ title: 'part-time', workMode: 'hybrid', maxPositions: 1 }], applicationProcess: { applicationDeadline: inDays(60).toISOString() } });
    await make('Draft', {}, 'draft');
    await make('Private', { visibility: 'private' });
    const paused = await make('Paused');
    await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${paused._id}/status`, headers: admin.auth, payload: { status: 'paused' } });
    await t.database.db.update(rdProjectRoles).set({ currentPositions: 1 }).where(eq(rdProjectRoles.projectId, c._id));
    await t.database.db.update(rdProjects).set({ views: 50 }).where(eq(rdProjects.id, b._id));

    const base = `?search=${tag}`;
    const all = await list(student, base);
    expect(all.pagination.limit).toBe(12);
    expect(all.projects.map((p) => p.title).sort()).toEqual([`${tag} Alpha`, `${tag} Bravo`, `${tag} Charlie`]);
    const titles = async (q: string) => (await list(student, base + q)).projects.map((p) => p.title.replace(`${tag} `, ''));
    expect(await titles('&field=Data%20Science')).toEqual(expect.arrayContaining(['Alpha', 'Charlie']));
    expect(await titles('&field=Data%20Science')).toHaveLength(2);
    expect(await titles('&roleType=full-time')).toEqual(['Bravo']);
    expect(await titles('&workMode=onsite')).toEqual(['Alpha']);
    expect(await titles('&duration=1-3%20months')).toEqual(['Alpha']);
    expect(await titles('&deadlineFilter=this-week')).toEqual(['Alpha']);
    expect((await titles('&deadlineFilter=this-month')).sort()).toEqual(['Alpha', 'Bravo']);
    expect((await titles('&availableOnly=true')).sort()).toEqual(['Alpha', 'Bravo']);
    expect(await titles('&sortBy=deadline-asc')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await titles('&sortBy=deadline-desc')).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(await titles('&sortBy=priority')).toEqual(['Bravo', 'Charlie', 'Alpha']);
    expect((await titles('&sortBy=popular'))[0]).toBe('Bravo');
    expect(await titles('&sortBy=title')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await titles('&sortBy=newest')).toEqual(['Charlie', 'Bravo', 'Alpha']);
    for (const sort of RD_SORTS) expect((await list(student, `${base}&sortBy=${sort}`)).projects).toHaveLength(3);
    expect(await titles('&limit=2&page=2&sortBy=title')).toEqual(['Charlie']);
    expect(a._id).toBeTruthy();
  });

  it('canApply: active, deadline not passed, a role with open positions, no existing application', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const tag = `ca${Date.now()}`;
    const open = await createProject(t, admin, { title: `${tag} open`, tags: [tag] });
    const expired = await createProject(t, admin, { title: `${tag} expired`, tags: [tag] });
    await setDeadline(t, expired._id, new Date(Date.now() - 60_000));
    const full = await createProject(t, admin, { title: `${tag} full`, tags: [tag], roles: [{ title: 'intern', maxPositions: 1 }] });
    await t.database.db.update(rdProjectRoles).set({ currentPositions: 1 }).where(eq(rdProjectRoles.projectId, full._id));
    const applied = await createProject(t, admin, { title: `${tag} applied`, tags: [tag] });
    await apply(t, student, applied._id, applied.roles[0]?._id ?? '');
    const byTitle = new Map((await list(student, `?search=${tag}`)).projects.map((p) => [p.title.replace(`${tag} `, ''), p]));
    expect(byTitle.get('open')?.canApply).toBe(true);
    expect(byTitle.get('expired')?.canApply).toBe(false);
    expect(byTitle.get('full')?.canApply).toBe(false);
    expect(byTitle.get('applied')).toMatchObject({ canApply: false, userApplication: { status: 'pending' } });
    // Paused: visible through its detail, not appliable.
    await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${open._id}/status`, headers: admin.auth, payload: { status: 'paused' } });
    const detail = body<{ data: { project: Card } }>(await t.app.inject({ method: 'GET', url: `/api/rd-projects/${open._id}`, headers: student.auth }));
    expect(detail.data.project.canApply).toBe(false);
  });
});

describe('GET /api/rd-projects/{id}', () => {
  it('counts a view once per user per day, and shows the application count and the own application', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const other = await buildStudent(t);
    const project = await createProject(t, admin);
    const get = (s: BuiltUser) => t.app.inject({ method: 'GET', url: `/api/rd-projects/${project._id}`, headers: s.auth });
    await Promise.all([get(student), get(student), get(student)]);
    const again = body<{ data: { project: Card } }>(await get(student)).data.project;
    expect(again.metrics.views).toBe(1);
    expect(body<{ data: { project: Card } }>(await get(other)).data.project.metrics.views).toBe(2);
    // Yesterday's view does not block today's.
    await t.database.db.delete(rdProjectViews).where(and(eq(rdProjectViews.projectId, project._id), eq(rdProjectViews.userId, student.id)));
    await t.database.db.insert(rdProjectViews).values({ projectId: project._id, userId: student.id, day: '2020-01-01' });
    expect(body<{ data: { project: Card } }>(await get(student)).data.project.metrics.views).toBe(3);

    await apply(t, other, project._id, project.roles[0]?._id ?? '');
    const seen = body<{ data: { project: Card } }>(await get(other)).data.project;
    expect(seen.applicationStats.total).toBe(1);
    expect(seen.userApplication?.status).toBe('pending');
    expect(body<{ data: { project: Card } }>(await get(student)).data.project.userApplication).toBeNull();
  });

  it('401, 403, 404 for drafts, private, unknown and malformed ids', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const draft = await createProject(t, admin, {}, 'draft');
    const hidden = await createProject(t, admin, { visibility: 'private' });
    const project = await createProject(t, admin);
    expect((await t.app.inject({ method: 'GET', url: `/api/rd-projects/${project._id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/rd-projects/${project._id}`, headers: admin.auth })).statusCode).toBe(403);
    for (const id of [draft._id, hidden._id, BAD_ID, 'garbage']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/rd-projects/${id}`, headers: student.auth })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `/api/rd-projects/${id}/bookmark`, headers: student.auth })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `/api/rd-projects/${id}/alert`, headers: student.auth, payload: {} })).statusCode).toBe(404);
    }
  });
});

describe('bookmarks and alerts', () => {
  it('toggle bookmark, list bookmarks; toggle alert with preferences', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const project = await createProject(t, admin);
    const url = `/api/rd-projects/${project._id}/bookmark`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, headers: admin.auth })).statusCode).toBe(403);
    const on = await t.app.inject({ method: 'POST', url, headers: student.auth });
    expect(body<{ data: { isBookmarked: boolean } }>(on).data.isBookmarked).toBe(true);
    const marks = body<{ data: { projects: Card[] } }>(await t.app.inject({ method: 'GET', url: '/api/rd-projects/my/bookmarks', headers: student.auth }));
    expect(marks.data.projects.map((p) => [p._id, p.isBookmarked])).toEqual([[project._id, true]]);
    expect((await t.app.inject({ method: 'GET', url: '/api/rd-projects/my/bookmarks' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/rd-projects/my/bookmarks', headers: admin.auth })).statusCode).toBe(403);
    const off = await t.app.inject({ method: 'POST', url, headers: student.auth });
    expect(body<{ data: { isBookmarked: boolean } }>(off).data.isBookmarked).toBe(false);
    expect(body<{ data: { projects: Card[] } }>(await t.app.inject({ method: 'GET', url: '/api/rd-projects/my/bookmarks', headers: student.auth })).data.projects).toEqual([]);

    const alertUrl = `/api/rd-projects/${project._id}/alert`;
    expect((await t.app.inject({ method: 'POST', url: alertUrl, payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: alertUrl, headers: admin.auth, payload: {} })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: alertUrl, headers: student.auth, payload: { preferences: { bogus: true } } })).statusCode).toBe(400);
    const set = await t.app.inject({ method: 'POST', url: alertUrl, headers: student.auth, payload: { preferences: { updates: false } } });
    expect(body<{ data: { hasAlert: boolean; preferences: Record<string, boolean> } }>(set).data).toEqual({
      hasAlert: true,
      preferences: { updates: false, statusChanges: true, deadlineReminders: true },
    });
    const card = (await list(student)).projects.find((p) => p._id === project._id);
    expect(card).toMatchObject({ hasAlert: true, isBookmarked: false });
    // updates: false → a project edit does not notify; a status change does.
    const admin2 = admin;
    await t.app.inject({ method: 'PUT', url: `/api/admin/rd-projects/${project._id}/status`, headers: admin2.auth, payload: { status: 'paused' } });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, student.id));
    expect(notes.map((n) => n.subType)).toEqual(['paused']);
    const unset = await t.app.inject({ method: 'POST', url: alertUrl, headers: student.auth });
    expect(body<{ data: { hasAlert: boolean } }>(unset).data.hasAlert).toBe(false);
  });
});

describe('R&D notifications', () => {
  it('each undelivered notification is returned once, then marked delivered; the deadline sweep alerts once, 3 days out', async () => {
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const url = '/api/rd-projects/my/notifications';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: admin.auth })).statusCode).toBe(403);
    const soon = await createProject(t, admin, { title: 'Closing soon' });
    const later = await createProject(t, admin, { title: 'Closing later' });
    await setDeadline(t, soon._id, new Date(Date.now() + 2 * 86_400_000));
    for (const p of [soon, later]) await t.app.inject({ method: 'POST', url: `/api/rd-projects/${p._id}/alert`, headers: student.auth, payload: {} });
    expect(await runDeadlineSweep(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await runDeadlineSweep(t.database.db)).toBe(0);
    const [first, second] = await Promise.all([t.app.inject({ method: 'GET', url, headers: student.auth }), t.app.inject({ method: 'GET', url, headers: student.auth })]);
    const got = [...body<{ data: { notifications: { message: string }[] } }>(first).data.notifications, ...body<{ data: { notifications: { message: string }[] } }>(second).data.notifications];
    expect(got).toHaveLength(1);
    expect(got[0]?.message).toMatch(/^Applications for "Closing soon" close in 2 days/);
    expect(body<{ data: { notifications: unknown[] } }>(await t.app.inject({ method: 'GET', url, headers: student.auth })).data.notifications).toEqual([]);
    const [alert] = await t.database.db.select().from(rdAlerts).where(and(eq(rdAlerts.projectId, soon._id), eq(rdAlerts.userId, student.id)));
    expect(alert?.deadlineNotifiedAt).toBeInstanceOf(Date);
    // The sweep is a scheduled task: one job per hourly slot, run once however often the scheduler ticks.
    await t.app.ctx.scheduler.tick();
    await t.app.ctx.scheduler.tick();
    const queued = await queryRows<{ key: string }>(t.database.db, sql`SELECT key FROM jobs WHERE type = ${`scheduled:${DEADLINE_SWEEP_TASK}`} AND status = 'pending'`);
    expect(queued).toHaveLength(1);
    expect(queued[0]?.key).toBe(`${DEADLINE_SWEEP_TASK}:${Math.floor(Date.now() / 3_600_000)}`);
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /api/rd-projects/public', () => {
  it('lists active public projects for anyone, without supervisor e-mails', async () => {
    const admin = await buildAdmin(t);
    const tag = `pub${Date.now()}`;
    await createProject(t, admin, { title: `${tag} visible`, tags: [tag] });
    await createProject(t, admin, { title: `${tag} draft`, tags: [tag] }, 'draft');
    await createProject(t, admin, { title: `${tag} private`, tags: [tag], visibility: 'private' });
    const res = await t.app.inject({ method: 'GET', url: `/api/rd-projects/public?search=${tag}` });
    expect(res.statusCode).toBe(200);
    const projects = body<{ data: { projects: { title: string }[] } }>(res).data.projects;
    expect(projects.map((p) => p.title)).toEqual([`${tag} visible`]);
    expect(res.body).not.toContain('meera.rao@university.edu');
  });
});
