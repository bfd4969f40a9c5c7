import { describe, expect, it } from 'vitest';
import { PROGRAMME_MESSAGES, type ProgrammeDetail, type ProgrammeSummary } from '@app/shared/programmes';

type ProgrammesData = { programmes: ProgrammeSummary[] };
import { useTestApp } from '../../../test/harness.ts';
import { body, buildAdmin, buildProfessional, buildStudent, type BuiltUser } from '../../../test/factories.ts';
import { studentAffiliations } from '../../db/schema/organisations.ts';
import { buildOrganisationMember, type BuiltMember } from '../organisations/test-helpers.ts';

const t = useTestApp();
const db = () => t.database.db;
const URL = '/api/organisations/me/programmes';
const base = { name: 'Campus cohort', startsOn: '2030-03-01', endsOn: '2030-06-30', mentorCapacityDefault: 2 };

type Caller = { auth: Record<string, string> } | null;
const call = (who: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });

async function affiliatedStudent(org: BuiltMember, name: string): Promise<BuiltUser> {
  const s = await buildStudent(t, { firstName: name, course: 'Physics' });
  await db().insert(studentAffiliations).values({ studentId: s.id, organisationId: org.organisationId, email: `${name.toLowerCase()}@${org.domain}`, confirmedAt: new Date() });
  return s;
}

describe('cohort programmes organised by a university (decision 622)', () => {
  it('401 without a token; 403 for a student, a professional and a company admin; bad input 400 and nothing created', async () => {
    const s = await buildStudent(t);
    const p = await buildProfessional(t);
    const company = await buildOrganisationMember(t, { type: 'company' });
    const uni = await buildOrganisationMember(t);
    expect((await call(null, 'GET', URL)).statusCode).toBe(401);
    expect((await call(null, 'POST', URL, base)).statusCode).toBe(401);
    for (const who of [s, p, company]) {
      expect((await call(who, 'GET', URL)).statusCode).toBe(403);
      expect((await call(who, 'POST', URL, base)).statusCode).toBe(403);
    }
    const bad = await call(uni, 'POST', URL, { ...base, endsOn: '2030-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(PROGRAMME_MESSAGES.endBeforeStart);
    expect(body<{ data: ProgrammesData }>(await call(uni, 'GET', URL)).data.programmes).toHaveLength(0);
  });

  it('the owning university admin runs a programme for their own students only; another university sees nothing; the platform admin sees all', async () => {
    const admin = await buildAdmin(t);
    const uni = await buildOrganisationMember(t);
    const other = await buildOrganisationMember(t);
    const mine = await Promise.all(['Asha', 'Bela', 'Chen'].map((n) => affiliatedStudent(uni, n)));
    const theirs = await affiliatedStudent(other, 'Dara');
    const unaffiliated = await buildStudent(t, { course: 'Physics' });
    const mentor = await buildProfessional(t, { firstName: 'Ada' });

    const created = await call(uni, 'POST', URL, base);
    expect(created.statusCode, created.body).toBe(201);
    const id = body<{ data: { programme: { id: string } } }>(created).data.programme.id;

    // Invite every eligible student: only this university's three, not the other's nor the unaffiliated one.
    const inv = await call(uni, 'POST', `${URL}/${id}/invitations`, { role: 'mentee', allEligible: true });
    expect(inv.statusCode, inv.body).toBe(200);
    expect(body<{ data: { invited: number } }>(inv).data.invited).toBe(3);
    // Naming another university's student (or an unaffiliated one) is refused and changes nothing.
    for (const outsider of [theirs, unaffiliated]) {
      const res = await call(uni, 'POST', `${URL}/${id}/invitations`, { role: 'mentee', userIds: [outsider.id] });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(PROGRAMME_MESSAGES.notEligible);
    }
    // Mentors come from the platform's verified professionals.
    expect((await call(uni, 'POST', `${URL}/${id}/invitations`, { role: 'mentor', userIds: [mentor.id] })).statusCode).toBe(200);

    // Another university's admin: the programme does not exist for them, in every route.
    expect(body<{ data: ProgrammesData }>(await call(other, 'GET', URL)).data.programmes).toHaveLength(0);
    expect((await call(other, 'GET', `${URL}/${id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `${URL}/${id}/invitations`, { role: 'mentee', userIds: [theirs.id] })).statusCode).toBe(404);
    expect((await call(other, 'POST', `${URL}/${id}/match`)).statusCode).toBe(404);
    expect((await call(other, 'PUT', `${URL}/${id}/pairs`, { menteeId: mine[0]?.id, mentorId: mentor.id })).statusCode).toBe(404);
    expect((await call(other, 'POST', `${URL}/${id}/publish`)).statusCode).toBe(404);
    // Nor can a university admin reach a platform programme through their routes.
    const platform = await call(admin, 'POST', '/api/admin/programmes', { ...base, name: 'Platform cohort' });
    const platformId = body<{ data: { programme: { id: string } } }>(platform).data.programme.id;
    expect((await call(uni, 'GET', `${URL}/${platformId}`)).statusCode).toBe(404);

    // Participants answer; the university admin matches and publishes.
    await t.runJobs();
    expect((await call(mentor, 'PUT', `/api/programmes/${id}/participation`, { status: 'joined', topics: ['Optics'], capacity: 3 })).statusCode).toBe(200);
    for (const s of mine) expect((await call(s, 'PUT', `/api/programmes/${id}/participation`, { status: 'joined', topics: ['Optics'] })).statusCode).toBe(200);
    const run = await call(uni, 'POST', `${URL}/${id}/match`);
    expect(run.statusCode, run.body).toBe(200);
    expect(body<{ data: ProgrammeDetail }>(run).data.pairs.map((p) => p.menteeId).sort()).toEqual(mine.map((s) => s.id).sort());
    const pub = await call(uni, 'POST', `${URL}/${id}/publish`);
    expect(pub.statusCode, pub.body).toBe(200);
    expect(body<{ data: ProgrammeDetail }>(pub).data.programme.status).toBe('published');

    // The platform admin sees both programmes and can open the university's.
    const all = body<{ data: ProgrammesData }>(await call(admin, 'GET', '/api/admin/programmes')).data.programmes.map((p) => p.id);
    expect(all).toEqual(expect.arrayContaining([id, platformId]));
    expect((await call(admin, 'GET', `/api/admin/programmes/${id}`)).statusCode).toBe(200);
    // The owning admin's list has theirs only.
    expect(body<{ data: ProgrammesData }>(await call(uni, 'GET', URL)).data.programmes.map((p) => p.id)).toEqual([id]);
  });
});
