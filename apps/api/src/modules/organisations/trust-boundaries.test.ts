// Issue 28, "Organisation and role boundaries": one regression test per finding, named after it.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EXPERT_MESSAGES, ORG_MESSAGES } from '@app/shared/organisations';
import { body, buildAdmin, buildProfessional, buildStudent } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { notifications } from '../../db/schema/platform.ts';
import { studentAffiliations } from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';
import { projectPayload } from '../rd-projects/rd-test-helpers.ts';
import { buildOrganisationMember, lastEmailTo, linkToken } from './test-helpers.ts';

const t = useTestApp();
const db = () => t.database.db;
let n = 0;

function registration(domain: string) {
  n += 1;
  return {
    type: 'university' as const,
    name: `Sub ${n} ${Date.now()}`,
    country: 'India',
    website: `https://${domain}`,
    contact: { firstName: 'Mallory', lastName: 'Sub', email: `mallory${n}@${domain}`, password: 'Str0ng!pass' },
  };
}

describe('a pending expert reaches students', () => {
  it('an expert awaiting verification gets no mentee suggestions, sends no invitation and no message', async () => {
    const pending = await buildProfessional(t, { isVerified: false });
    const student = await buildStudent(t);
    const list = await t.app.inject({ method: 'GET', url: '/api/matching/mentee-suggestions', headers: pending.auth });
    expect(list.statusCode).toBe(403);
    expect(list.body).toContain(EXPERT_MESSAGES.pendingNotYet);
    expect(list.body).not.toContain(student.email);
    const invite = await t.app.inject({ method: 'POST', url: '/api/matching/invitations', headers: pending.auth, payload: { studentId: student.id } });
    expect(invite.statusCode).toBe(403);
    const message = await t.app.inject({ method: 'POST', url: `/api/conversations/${student.id}/messages`, headers: pending.auth, payload: { content: 'Hi' } });
    expect(message.statusCode).toBe(403);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, student.id));
    expect(notes).toHaveLength(0);
    // Their own account still works: profile and application.
    expect((await t.app.inject({ method: 'GET', url: '/api/professionals/me/profile', headers: pending.auth })).statusCode).toBe(200);
    // Once verified, the same expert may.
    await db().update(users).set({ isVerified: true }).where(eq(users.id, pending.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/matching/mentee-suggestions', headers: pending.auth })).statusCode).toBe(200);
  });
});

describe('a sub-domain takes a university\'s students', () => {
  it('a sub-domain of a held domain cannot be registered; an unconfirmed contact proves nothing; the admin sees overlaps', async () => {
    const uni = await buildOrganisationMember(t, { type: 'university', domain: `uni${Date.now()}.edu` });
    const admin = await buildAdmin(t);
    // cs.<uni>: the parent's, refused.
    const sub = await t.app.inject({ method: 'POST', url: '/api/organisations/register', payload: registration(`cs.${uni.domain}`) });
    expect(sub.statusCode).toBe(409);
    expect(sub.body).toContain(ORG_MESSAGES.domainUnderOther);

    // A fresh domain registered without confirming the contact: approved, it still affiliates nobody.
    const domain = `college${Date.now()}.edu`;
    const student = await buildStudent(t, { email: `pupil@${domain}` });
    await db().update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, student.id));
    const reg = registration(domain);
    const res = await t.app.inject({ method: 'POST', url: '/api/organisations/register', payload: reg });
    expect(res.statusCode, res.body).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/organisations?status=pending', headers: admin.auth });
    const org = body<{ data: { organisations: { id: string; name: string; domains: { domain: string; verified: boolean }[] }[] } }>(list).data.organisations.find(
      (o) => o.name === reg.name,
    );
    expect(org?.domains).toEqual([expect.objectContaining({ domain, verified: false })]);
    const confirmation = await lastEmailTo(t, reg.contact.email);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/organisations/${org?.id}/decision`, headers: admin.auth, payload: { action: 'approve' } })).statusCode).toBe(200);
    expect(await db().select().from(studentAffiliations).where(eq(studentAffiliations.studentId, student.id))).toHaveLength(0);

    // The contact confirms their address: the domain is proven and the confirmed student joins.
    const token = linkToken(confirmation?.text ?? '');
    expect((await t.app.inject({ method: 'POST', url: '/api/confirmations/email', payload: { token } })).statusCode).toBe(200);
    const [aff] = await db().select().from(studentAffiliations).where(eq(studentAffiliations.studentId, student.id));
    expect(aff?.organisationId).toBe(org?.id);

    // A parent registered later over a held sub-domain: allowed (proof decides), and the approving admin
    // is warned of the overlap.
    const child = await buildOrganisationMember(t, { type: 'university', domain: `math.parent${Date.now()}.edu` });
    const parentDomain = child.domain.replace(/^math\./, '');
    const parentReg = registration(parentDomain);
    expect((await t.app.inject({ method: 'POST', url: '/api/organisations/register', payload: parentReg })).statusCode).toBe(201);
    const pendingList = await t.app.inject({ method: 'GET', url: '/api/admin/organisations?status=pending', headers: admin.auth });
    const parent = body<{ data: { organisations: { name: string; overlaps: { domain: string; otherDomain: string }[] }[] } }>(pendingList).data.organisations.find(
      (o) => o.name === parentReg.name,
    );
    expect(parent?.overlaps).toEqual([expect.objectContaining({ domain: parentDomain, otherDomain: child.domain })]);
  });

  it('a domain a member adds counts only when proven (their confirmed address, or under a proven domain)', async () => {
    const uni = await buildOrganisationMember(t, { type: 'university', domain: `proof${Date.now()}.edu` });
    await db().update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, uni.id));
    const added = await t.app.inject({ method: 'POST', url: '/api/organisations/me/domains', headers: uni.auth, payload: { domain: `alumni.${uni.domain}` } });
    expect(added.statusCode, added.body).toBe(201);
    const domains = body<{ data: { organisation: { domains: { domain: string; verified: boolean }[] } } }>(added).data.organisation.domains;
    expect(domains.find((d) => d.domain === `alumni.${uni.domain}`)?.verified).toBe(true);
  });
});

describe('unmoderated R&D projects reach students', () => {
  it('recommendations list a company project only after moderation', async () => {
    const company = await buildOrganisationMember(t, { type: 'company' });
    const admin = await buildAdmin(t);
    const student = await buildStudent(t);
    const title = `Pending quantum project ${Date.now()}`;
    const posted = await t.app.inject({ method: 'POST', url: '/api/organisations/me/projects', headers: company.auth, payload: projectPayload({ title }) });
    expect(posted.statusCode, posted.body).toBe(201);
    const id = body<{ data: { project: { id: string } } }>(posted).data.project.id;
    const recs = async () => (await t.app.inject({ method: 'GET', url: '/api/matching/recommendations?kind=rd-project&limit=20', headers: student.auth })).body;
    expect(await recs()).not.toContain(title);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/project-moderation/${id}/decision`, headers: admin.auth, payload: { decision: 'approve' } })).statusCode).toBe(200);
    expect(await recs()).toContain(title);
  });
});
