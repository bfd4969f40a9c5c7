// Issue 28, "A sub-domain takes a university's students" (decision 941): sub-domains are the parent's
// unless the parent delegates them. A parent hands cs.<its domain> to a department; the department's
// students become the department's; nobody else can take the sub-domain, and the child cannot reach up.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORG_MESSAGES, type DelegationDto, type OrganisationDto } from '@app/shared/organisations';
import { body, buildAdmin, buildStudent } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { domainDelegations, organisationDomains, studentAffiliations } from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';
import { buildOrganisationMember, lastEmailTo, linkToken } from './test-helpers.ts';

const t = useTestApp();
const db = () => t.database.db;
let n = 0;

function registration(domain: string, local = `head${++n}`) {
  return {
    type: 'university' as const,
    name: `Department ${n} ${Date.now()}`,
    country: 'India',
    website: `https://${domain}`,
    contact: { firstName: 'Dana', lastName: 'Head', email: `${local}@${domain}`, password: 'Str0ng!pass' },
  };
}

type Me = { data: { organisation: OrganisationDto; delegations: DelegationDto[] } };
const me = async (auth: Record<string, string>) => body<Me>(await t.app.inject({ method: 'GET', url: '/api/organisations/me', headers: auth })).data;
const delegate = (auth: Record<string, string> | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/organisations/me/delegations', headers: auth ?? {}, payload: payload as Record<string, unknown> });
const revoke = (auth: Record<string, string> | undefined, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/organisations/me/delegations/${id}`, headers: auth ?? {} });
async function confirmedStudent(email: string) {
  const s = await buildStudent(t, { email });
  await db().update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, s.id));
  return s;
}
const affiliationOf = async (studentId: string) =>
  (await db().select().from(studentAffiliations).where(eq(studentAffiliations.studentId, studentId)))[0]?.organisationId ?? null;

describe('sub-domain delegation', () => {
  it('a parent delegates cs.<domain> to a department: only that address can take it, its students move there, and revoking brings them back', async () => {
    const parent = await buildOrganisationMember(t, { type: 'university', domain: `univ${Date.now()}.edu` });
    const admin = await buildAdmin(t);
    const sub = `cs.${parent.domain}`;
    // A confirmed student at the sub-domain is the parent's while the sub-domain is the parent's.
    const early = await confirmedStudent(`early${Date.now()}@${sub}`);
    await db().insert(studentAffiliations).values({ studentId: early.id, organisationId: parent.organisationId, email: early.email, confirmedAt: new Date() });

    // Before any delegation the sub-domain is the parent's: nobody registers it.
    const before = await t.app.inject({ method: 'POST', url: '/api/organisations/register', payload: registration(sub, 'head') });
    expect([before.statusCode, body(before).message]).toEqual([409, ORG_MESSAGES.domainUnderOther]);

    // 401, 403, bad input.
    expect((await delegate(undefined, { domain: sub, email: `head@${sub}` })).statusCode).toBe(401);
    expect((await delegate(early.auth, { domain: sub, email: `head@${sub}` })).statusCode).toBe(403);
    const bad = await delegate(parent.auth, { domain: 'not a domain', email: `head@${sub}` });
    expect([bad.statusCode, body(bad).message]).toEqual([400, ORG_MESSAGES.domainInvalid]);
    const outside = await delegate(parent.auth, { domain: sub, email: `head@elsewhere.org` });
    expect([outside.statusCode, body(outside).message]).toEqual([400, ORG_MESSAGES.delegateEmail]);
    // The parent's own domain is not a sub-domain of it.
    const itself = await delegate(parent.auth, { domain: parent.domain, email: `head@${parent.domain}` });
    expect([itself.statusCode, body(itself).message]).toEqual([400, ORG_MESSAGES.delegateNotSub]);

    const made = await delegate(parent.auth, { domain: sub, email: `Head@${sub}` });
    expect(made.statusCode, made.body).toBe(201);
    const delegation = body<{ data: { delegation: DelegationDto } }>(made).data.delegation;
    expect(delegation).toMatchObject({ domain: sub, email: `head@${sub}`, organisation: null, proven: false });
    expect((await lastEmailTo(t, `head@${sub}`))?.subject).toContain(sub);
    expect((await me(parent.auth)).delegations.map((d) => d.domain)).toEqual([sub]);
    // One delegation per sub-domain, none under or over another.
    expect(body(await delegate(parent.auth, { domain: sub, email: `other@${sub}` })).message).toBe(ORG_MESSAGES.delegateOverlap);
    expect(body(await delegate(parent.auth, { domain: `ai.${sub}`, email: `x@ai.${sub}` })).message).toBe(ORG_MESSAGES.delegateOverlap);

    // Another address at the sub-domain (a student, anyone) still cannot register it.
    const squatter = await t.app.inject({ method: 'POST', url: '/api/organisations/register', payload: registration(sub, 'mallory') });
    expect([squatter.statusCode, body(squatter).message]).toEqual([409, ORG_MESSAGES.domainUnderOther]);

    // The named person registers the department.
    const reg = registration(sub, 'head');
    const registered = await t.app.inject({ method: 'POST', url: '/api/organisations/register', payload: reg });
    expect(registered.statusCode, registered.body).toBe(201);
    const [bound] = await db().select().from(domainDelegations).where(eq(domainDelegations.id, delegation.id));
    expect(bound?.delegateOrganisationId).toBeTruthy();
    const childId = bound!.delegateOrganisationId!;
    const [shown] = (await me(parent.auth)).delegations;
    expect(shown).toMatchObject({ organisation: { name: reg.name, status: 'pending' }, proven: false });

    // The contact confirms (proves cs.<domain>), the admin approves (warned of the overlap): the students move.
    const token = linkToken((await lastEmailTo(t, reg.contact.email))?.text ?? '');
    expect((await t.app.inject({ method: 'POST', url: '/api/confirmations/email', payload: { token } })).statusCode).toBe(200);
    const pending = await t.app.inject({ method: 'GET', url: '/api/admin/organisations?status=pending', headers: admin.auth });
    const listed = body<{ data: { organisations: OrganisationDto[] } }>(pending).data.organisations.find((o) => o.id === childId);
    expect(listed?.domains).toEqual([expect.objectContaining({ domain: sub, verified: true, delegatedBy: expect.stringContaining('Test university') })]);
    expect(listed?.overlaps).toEqual([expect.objectContaining({ domain: sub, otherDomain: parent.domain })]);
    expect(await affiliationOf(early.id)).toBe(parent.organisationId);
    const approve = await t.app.inject({ method: 'POST', url: `/api/admin/organisations/${childId}/decision`, headers: admin.auth, payload: { action: 'approve' } });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(await affiliationOf(early.id)).toBe(childId);
    expect((await me(parent.auth)).delegations[0]).toMatchObject({ organisation: { status: 'approved' }, proven: true });

    // New students: at the sub-domain the department's, at the parent's domain the parent's.
    const deptStudent = await buildStudent(t, { email: `new${Date.now()}@${sub}` });
    const uniStudent = await buildStudent(t, { email: `new${Date.now()}@${parent.domain}` });
    await db().update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, deptStudent.id));
    await db().update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, uniStudent.id));
    const { affiliate } = await import('./confirmations.ts');
    await affiliate(db(), deptStudent.id, deptStudent.email);
    await affiliate(db(), uniStudent.id, uniStudent.email);
    expect(await affiliationOf(deptStudent.id)).toBe(childId);
    expect(await affiliationOf(uniStudent.id)).toBe(parent.organisationId);

    // The department lists its students; the parent no longer sees them.
    const childLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reg.contact.email, password: reg.contact.password } });
    const childAuth = { authorization: `Bearer ${body<{ data: { token: string } }>(childLogin).data.token}` };
    const childStudents = await t.app.inject({ method: 'GET', url: '/api/organisations/me/students', headers: childAuth });
    expect(childStudents.body).toContain(early.email);
    const parentStudents = await t.app.inject({ method: 'GET', url: '/api/organisations/me/students', headers: parent.auth });
    expect(parentStudents.body).not.toContain(early.email);
    expect(parentStudents.body).toContain(uniStudent.email);

    // Someone else's organisation cannot revoke it; bad ids are 404.
    const other = await buildOrganisationMember(t, { type: 'university' });
    expect((await revoke(other.auth, delegation.id)).statusCode).toBe(404);
    expect((await revoke(parent.auth, 'nope')).statusCode).toBe(404);
    expect((await revoke(undefined, delegation.id)).statusCode).toBe(401);
    expect((await revoke(early.auth, delegation.id)).statusCode).toBe(403);

    // The parent revokes: the sub-domain leaves the department, its students go back to the parent.
    const revoked = await revoke(parent.auth, delegation.id);
    expect([revoked.statusCode, body(revoked).message]).toEqual([200, ORG_MESSAGES.delegationRevoked]);
    expect(body<{ data: { delegations: DelegationDto[] } }>(revoked).data.delegations).toEqual([]);
    expect(await db().select().from(organisationDomains).where(eq(organisationDomains.organisationId, childId))).toHaveLength(0);
    expect(await affiliationOf(early.id)).toBe(parent.organisationId);
    expect(await affiliationOf(deptStudent.id)).toBe(parent.organisationId);
    // …and the department cannot add it back.
    const back = await t.app.inject({ method: 'POST', url: '/api/organisations/me/domains', headers: childAuth, payload: { domain: sub } });
    expect([back.statusCode, body(back).message]).toEqual([409, ORG_MESSAGES.domainUnderOther]);
  });

  it('attacks: a sub-domain of a domain one does not own, and a child reaching for its parent', async () => {
    const parent = await buildOrganisationMember(t, { type: 'university', domain: `parent${Date.now()}.edu` });
    const stranger = await buildOrganisationMember(t, { type: 'university', domain: `stranger${Date.now()}.edu` });
    const sub = `cs.${parent.domain}`;

    // A stranger delegates (or adds) a sub-domain of a domain it does not hold.
    const claim = await delegate(stranger.auth, { domain: sub, email: `friend@${sub}` });
    expect([claim.statusCode, body(claim).message]).toEqual([400, ORG_MESSAGES.delegateNotSub]);
    const add = await t.app.inject({ method: 'POST', url: '/api/organisations/me/domains', headers: stranger.auth, payload: { domain: sub } });
    expect([add.statusCode, body(add).message]).toEqual([409, ORG_MESSAGES.domainUnderOther]);
    expect(await db().select().from(domainDelegations).where(eq(domainDelegations.domain, sub))).toHaveLength(0);

    // An unproven parent domain delegates nothing.
    const unproven = await buildOrganisationMember(t, { type: 'university', domain: `unproven${Date.now()}.edu` });
    await db().update(organisationDomains).set({ verifiedAt: null }).where(eq(organisationDomains.organisationId, unproven.organisationId));
    expect(body(await delegate(unproven.auth, { domain: `cs.${unproven.domain}`, email: `a@cs.${unproven.domain}` })).message).toBe(ORG_MESSAGES.delegateNotSub);

    // A sub-domain the parent holds itself must be removed first.
    await db().insert(organisationDomains).values({ organisationId: parent.organisationId, domain: `ee.${parent.domain}`, verifiedAt: new Date() });
    expect(body(await delegate(parent.auth, { domain: `ee.${parent.domain}`, email: `a@ee.${parent.domain}` })).message).toBe(ORG_MESSAGES.delegateHeld);

    // The child: registered through the delegation, then reaching up.
    const made = await delegate(parent.auth, { domain: sub, email: `head@${sub}` });
    expect(made.statusCode).toBe(201);
    const reg = registration(sub, 'head');
    expect((await t.app.inject({ method: 'POST', url: '/api/organisations/register', payload: reg })).statusCode).toBe(201);
    const [bound] = await db().select().from(domainDelegations).where(eq(domainDelegations.domain, sub));
    const childId = bound!.delegateOrganisationId!;
    const { organisations } = await import('../../db/schema/organisations.ts');
    await db().update(organisations).set({ status: 'approved' }).where(eq(organisations.id, childId));
    await db().update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, reg.contact.email));
    await db().update(organisationDomains).set({ verifiedAt: new Date() }).where(eq(organisationDomains.organisationId, childId));
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reg.contact.email, password: reg.contact.password } });
    const child = { authorization: `Bearer ${body<{ data: { token: string } }>(login).data.token}` };

    // …the parent's domain (taken), a sibling sub-domain (the parent's), a chain of delegation, the parent's delegation.
    const parentDomain = await t.app.inject({ method: 'POST', url: '/api/organisations/me/domains', headers: child, payload: { domain: parent.domain } });
    expect([parentDomain.statusCode, body(parentDomain).message]).toEqual([400, ORG_MESSAGES.domainOutside]); // and taken anyway (below)
    const sibling = await t.app.inject({ method: 'POST', url: '/api/organisations/me/domains', headers: child, payload: { domain: `ee2.${parent.domain}` } });
    expect([sibling.statusCode, body(sibling).message]).toEqual([409, ORG_MESSAGES.domainUnderOther]);
    const siblingDelegation = await delegate(child, { domain: `ee2.${parent.domain}`, email: `x@ee2.${parent.domain}` });
    expect([siblingDelegation.statusCode, body(siblingDelegation).message]).toEqual([400, ORG_MESSAGES.delegateNotSub]);
    const chain = await delegate(child, { domain: `ai.${sub}`, email: `x@ai.${sub}` });
    expect([chain.statusCode, body(chain).message]).toEqual([409, ORG_MESSAGES.delegateFurther]);
    expect((await revoke(child, bound!.id)).statusCode).toBe(404);
    // A child whose website is the parent's own domain still cannot take it or a sibling.
    await db().update(organisations).set({ website: `https://${parent.domain}` }).where(eq(organisations.id, childId));
    const taken = await t.app.inject({ method: 'POST', url: '/api/organisations/me/domains', headers: child, payload: { domain: parent.domain } });
    expect([taken.statusCode, body(taken).message]).toEqual([409, ORG_MESSAGES.domainTaken]);
    const sibling2 = await t.app.inject({ method: 'POST', url: '/api/organisations/me/domains', headers: child, payload: { domain: `ee2.${parent.domain}` } });
    expect([sibling2.statusCode, body(sibling2).message]).toEqual([409, ORG_MESSAGES.domainUnderOther]);
    // A student of the parent stays the parent's.
    const student = await confirmedStudent(`pupil${Date.now()}@${parent.domain}`);
    const { affiliate } = await import('./confirmations.ts');
    await affiliate(db(), student.id, student.email);
    expect(await affiliationOf(student.id)).toBe(parent.organisationId);
    // The child's own sub-domains under the delegated one are allowed (within its delegation).
    const own = await t.app.inject({ method: 'POST', url: '/api/organisations/me/domains', headers: child, payload: { domain: `ai.${sub}` } });
    expect(own.statusCode, own.body).toBe(201);
    expect(
      await db().select().from(organisationDomains).where(and(eq(organisationDomains.organisationId, childId), eq(organisationDomains.domain, `ai.${sub}`))),
    ).toHaveLength(1);
  });
});
