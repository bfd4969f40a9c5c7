import { describe, expect, it } from 'vitest';
import { body } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { seedDemo } from './index.ts';

const t = useTestApp();

describe('organisation demo data', () => {
  it('seeds an approved university with students, a company with a published project, and one pending of each kind', async () => {
    await seedDemo(t.database.db);
    const login = async (email: string, password: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      expect(res.statusCode, res.body).toBe(200);
      return { authorization: `Bearer ${body<{ data: { token: string } }>(res).data.token}` };
    };
    const uni = await login('university@iitd.ac.in', 'University@123');
    const students = await t.app.inject({ method: 'GET', url: '/api/organisations/me/students', headers: uni });
    expect(body<{ data: { pagination: { total: number } } }>(students).data.pagination.total).toBe(3);

    const company = await login('company@northwindlabs.in', 'Company@123');
    const projects = body<{ data: { projects: { moderation: string }[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/organisations/me/projects', headers: company }),
    ).data.projects;
    expect(projects.map((p) => p.moderation).sort()).toEqual(['approved', 'pending']);
    const publicList = await t.app.inject({ method: 'GET', url: '/api/rd-projects/public?search=northwind&limit=50' });
    expect(publicList.body).toContain('Edge AI for Crop Disease Detection');
    expect(publicList.body).not.toContain('Low-latency Payments Ledger');

    const admin = await login('admin@example.com', 'Admin@12345');
    const pendingOrgs = body<{ data: { organisations: { type: string }[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/admin/organisations?status=pending', headers: admin }),
    ).data.organisations;
    expect(pendingOrgs.map((o) => o.type).sort()).toEqual(['company', 'university']);
    const pendingExperts = body<{ data: { applications: { email: string }[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/admin/expert-applications', headers: admin }),
    ).data.applications;
    expect(pendingExperts.map((a) => a.email)).toEqual(['expert.applicant@fabrikam.io']);
    const experts = await t.app.inject({ method: 'GET', url: '/api/professionals?limit=100' });
    expect(experts.body).toContain('Arjun');
    expect(experts.body).not.toContain('Sofia');
  });
});
