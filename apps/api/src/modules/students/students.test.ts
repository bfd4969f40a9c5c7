import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildStudent } from '../../../test/factories.ts';
import { apply, createProject } from '../rd-projects/rd-test-helpers.ts';
import { ideas } from '../../db/schema/index.ts';
import { insertRegistration, insertWorkshop } from '../workshops/workshops.fixtures.ts';

const t = useTestApp();

describe('GET /api/students/me/summary', () => {
  it("counts the caller's active registrations and ideas", async () => {
    const s = await buildStudent(t);
    const other = await buildStudent(t);
    const w1 = await insertWorkshop(t.database.db);
    const w2 = await insertWorkshop(t.database.db);
    await insertRegistration(t.database.db, { workshopId: w1.id, studentId: s.id });
    await insertRegistration(t.database.db, { workshopId: w2.id, studentId: s.id, status: 'cancelled' });
    await insertRegistration(t.database.db, { workshopId: w2.id, studentId: other.id });
    await t.database.db.insert(ideas).values([
      { authorId: s.id, title: 'a', description: 'b', category: 'Law' },
      { authorId: s.id, title: 'c', description: 'd', category: 'Law', status: 'draft' },
      { authorId: other.id, title: 'e', description: 'f', category: 'Law' },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/students/me/summary', headers: s.auth });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ registeredWorkshops: 1, ideas: 2, applications: 0 });
  });

  it('counts the applications exactly as the My Applications list shows them (withdrawn included)', async () => {
    const admin = await buildAdmin(t);
    const s = await buildStudent(t);
    for (let i = 0; i < 2; i += 1) {
      const project = await createProject(t, admin);
      const applied = await apply(t, s, project._id, project.roles[0]?._id ?? '');
      expect(applied.statusCode).toBe(201);
    }
    const list = body<{ data: { applications: { _id: string }[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/rd-projects/my/applications', headers: s.auth }),
    ).data.applications;
    const first = list[0];
    if (!first) throw new Error('no application');
    const withdrawn = await t.app.inject({ method: 'POST', url: `/api/rd-projects/my/applications/${first._id}/withdraw`, headers: s.auth });
    expect(withdrawn.statusCode).toBe(200);
    const after = body<{ data: { applications: unknown[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/rd-projects/my/applications', headers: s.auth }),
    ).data.applications;
    const summary = body<{ data: { applications: number } }>(
      await t.app.inject({ method: 'GET', url: '/api/students/me/summary', headers: s.auth }),
    ).data;
    expect(summary.applications).toBe(after.length);
    expect(summary.applications).toBe(2);
  });

  it('401 without a token, 403 for other roles', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/students/me/summary' })).statusCode).toBe(401);
    const admin = await buildAdmin(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/students/me/summary', headers: admin.auth })).statusCode).toBe(403);
  });
});
