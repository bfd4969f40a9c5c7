// Issue 28, organisation domains (decision 822): a DNS TXT record proves a domain, through an injectable resolver.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ORG_MESSAGES, type OrganisationDto } from '@app/shared/organisations';
import { body, buildStudent } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { organisationDomains, studentAffiliations } from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';
import { dnsRecordFor, dnsResolver } from './organisations.service.ts';
import { buildOrganisationMember } from './test-helpers.ts';

const t = useTestApp();
const realResolver = dnsResolver.resolveTxt;
afterEach(() => {
  dnsResolver.resolveTxt = realResolver;
});

describe('organisation domains: DNS TXT record proof', () => {
  it('an unproven domain is proven by its TXT record (split strings joined), and a university then gains its confirmed students', async () => {
    const uni = await buildOrganisationMember(t, { type: 'university' });
    const db = t.database.db;
    await db.update(organisationDomains).set({ verifiedAt: null }).where(eq(organisationDomains.organisationId, uni.organisationId));
    const [domainRow] = await db.select().from(organisationDomains).where(eq(organisationDomains.organisationId, uni.organisationId));
    const id = domainRow?.id ?? '';
    const student = await buildStudent(t, { email: `learner-${Date.now()}@${uni.domain}` });
    await db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, student.id));
    const check = (auth: Record<string, string> | undefined, domainId = id) =>
      t.app.inject({ method: 'POST', url: `/api/organisations/me/domains/${domainId}/dns-check`, headers: auth ?? {} });

    // The record to publish is shown with the domain.
    const me = body<{ data: { organisation: OrganisationDto } }>(await t.app.inject({ method: 'GET', url: '/api/organisations/me', headers: uni.auth }));
    const record = dnsRecordFor(uni.organisationId, uni.domain);
    expect(me.data.organisation.domains[0]).toMatchObject({ domain: uni.domain, verified: false, dnsRecord: record });
    expect(record.name).toBe(`_mentorbridge.${uni.domain}`);

    expect((await check(undefined)).statusCode).toBe(401);
    expect((await check(student.auth)).statusCode).toBe(403);
    const other = await buildOrganisationMember(t, { type: 'university' });
    expect((await check(other.auth)).statusCode).toBe(404); // someone else's domain
    expect((await check(uni.auth, 'nope')).statusCode).toBe(404);

    const published = new Map<string, string[][]>();
    const asked: string[] = [];
    dnsResolver.resolveTxt = async (name) => {
      asked.push(name);
      const found = published.get(name);
      if (!found) throw Object.assign(new Error('queryTxt ENOTFOUND'), { code: 'ENOTFOUND' });
      return found;
    };
    const missing = await check(uni.auth);
    expect([missing.statusCode, body(missing).message]).toEqual([400, ORG_MESSAGES.dnsNotFound]);
    // A record published for another organisation proves nothing here.
    published.set(record.name, [[dnsRecordFor(other.organisationId, uni.domain).value], ['v=spf1 -all']]);
    expect(body(await check(uni.auth)).message).toBe(ORG_MESSAGES.dnsNotFound);
    const [still] = await db.select().from(organisationDomains).where(eq(organisationDomains.id, id));
    expect(still?.verifiedAt).toBeNull();
    // A failing resolver is not "not found".
    dnsResolver.resolveTxt = async () => {
      throw Object.assign(new Error('queryTxt ESERVFAIL'), { code: 'ESERVFAIL' });
    };
    expect(body(await check(uni.auth)).message).toBe(ORG_MESSAGES.dnsUnavailable);

    dnsResolver.resolveTxt = async (name) => {
      asked.push(name);
      return name === record.name ? [['v=spf1 -all'], [record.value.slice(0, 20), record.value.slice(20)]] : [];
    };
    const ok = await check(uni.auth);
    expect(ok.statusCode).toBe(200);
    expect(body(ok).message).toBe(ORG_MESSAGES.dnsProven);
    expect(body<{ data: { organisation: OrganisationDto } }>(ok).data.organisation.domains[0]?.verified).toBe(true);
    expect(asked.every((n) => n === record.name)).toBe(true);
    const affiliated = await db
      .select()
      .from(studentAffiliations)
      .where(and(eq(studentAffiliations.studentId, student.id), eq(studentAffiliations.organisationId, uni.organisationId)));
    expect(affiliated).toHaveLength(1);
  });
});
