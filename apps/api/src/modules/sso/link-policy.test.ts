import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_MESSAGES } from '@app/shared/sso';
import { useTestApp } from '../../../test/harness.ts';
import { buildStudent } from '../../../test/factories.ts';
import { freePort, signInAtIdp, startOidcIdp, type IdpAccount, type OidcIdp } from '../../../test/sso/oidc-idp.ts';
import { KEYS, idpMetadata, requestIdOf, samlResponse } from '../../../test/sso/saml-idp.ts';
import { organisationDomains, studentAffiliations } from '../../db/schema/organisations.ts';
import { ssoConnections, ssoEvents, ssoIdentities } from '../../db/schema/sso.ts';
import { users } from '../../db/schema/users.ts';
import type { BuiltMember } from '../organisations/test-helpers.ts';
import { universityWithOidc } from './test-helpers.ts';

// Link-by-e-mail policy per connection (decision 902) and the attribute mapping with role values
// (decision 901), through a real OpenID Connect provider and SAML answers the test signs.

const t = useTestApp({ LOGIN_MAX_PER_IP: '100000', LOGIN_MAX_PER_ACCOUNT: '100000', SSO_FETCH_ALLOW_HOSTS: '127.0.0.1' });
const CALLBACK = 'http://localhost:3000/api/sso/oidc/callback';
const body = (res: { body: string }) => JSON.parse(res.body);

let idp: OidcIdp;
let admin: BuiltMember;
let connectionId = '';
let n = 0;

const connectionUrl = (id = connectionId) => `/api/organisations/me/sso/connections/${id}`;
const setPolicy = (linkPolicy: unknown, id = connectionId) => t.app.inject({ method: 'PUT', url: connectionUrl(id), headers: admin.auth, payload: { linkPolicy } });

/** The OIDC round trip; returns the callback's redirect (the one-time code, or the error page). */
async function oidcSignIn(account: IdpAccount): Promise<string> {
  const login = `p${++n}`;
  idp.accounts.set(login, account);
  const start = await t.app.inject({ method: 'POST', url: '/api/sso/start', payload: { connectionId } });
  expect(start.statusCode, start.body).toBe(200);
  const callback = await signInAtIdp(body(start).data.redirectUrl, login, CALLBACK);
  const res = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  return String(res.headers.location);
}
async function exchange(location: string) {
  const code = /#code=(.+)$/.exec(location)?.[1];
  expect(code, location).toBeTruthy();
  const res = await t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { code: decodeURIComponent(code!) } });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
}
const reasonOf = (location: string) => (location.startsWith('/sso/error?') ? new URLSearchParams(location.split('?')[1]).get('reason') : 'ok');

async function existingStudent() {
  return buildStudent(t, { email: `existing-${++n}@${admin.domain}` });
}
const person = (email: string, over: Partial<IdpAccount> = {}): IdpAccount => ({ email, given_name: 'Existing', family_name: 'Person', ...over });

beforeAll(async () => {
  idp = await startOidcIdp({ port: await freePort(), redirectUris: [CALLBACK] });
  const made = await universityWithOidc(t, idp, { slugPrefix: 'lp', name: 'Campus' });
  admin = made.admin;
  expect(made.connection.linkPolicy).toBe('password');
  connectionId = made.connection.id;
});
afterAll(async () => {
  await idp?.close();
});

describe('link policy: setting it', () => {
  it('is refused with a clear message when unknown, and changes nothing', async () => {
    const res = await setPolicy('always');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(SSO_MESSAGES.linkPolicy);
    const [row] = await t.database.db.select().from(ssoConnections).where(eq(ssoConnections.id, connectionId));
    expect(row?.linkPolicy).toBe('password');
  });

  it('is saved without asking for a new test (it does not change how the IdP is read)', async () => {
    const res = await setPolicy('never');
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.connection).toMatchObject({ linkPolicy: 'never', enabled: true });
    expect(body(res).data.connection.testedAt).not.toBeNull();
  });
});

describe('link policy: the callback', () => {
  it('never: an existing account is not linked; a clear page (reason exists) and a log entry', async () => {
    await setPolicy('never');
    const existing = await existingStudent();
    const location = await oidcSignIn(person(existing.email));
    expect(reasonOf(location)).toBe('exists');
    const ref = new URLSearchParams(location.split('?')[1]).get('ref')!;
    const [event] = await t.database.db.select().from(ssoEvents).where(eq(ssoEvents.id, ref));
    expect(event?.detail).toMatch(/never link/);
    expect(await t.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, existing.id))).toHaveLength(0);
    // A new person is still created under "never".
    const fresh = await exchange(await oidcSignIn(person(`new-${++n}@${admin.domain}`)));
    expect(fresh.kind).toBe('session');
  });

  it('password (the default): the existing account is asked for its password once', async () => {
    await setPolicy('password');
    const existing = await existingStudent();
    const answer = await exchange(await oidcSignIn(person(existing.email)));
    expect(answer).toMatchObject({ kind: 'link', email: existing.email });
    const linked = await t.app.inject({ method: 'POST', url: '/api/sso/link', payload: { ticket: answer.ticket, password: existing.password } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(body(linked).data.auth.user.id).toBe(existing.id);
  });

  it('verified: an address the IdP verified at a proven domain is linked at once, and affiliated', async () => {
    await setPolicy('verified');
    const existing = await existingStudent();
    const answer = await exchange(await oidcSignIn(person(existing.email)));
    expect(answer.kind).toBe('session');
    expect(answer.auth.user.id).toBe(existing.id);
    expect(await t.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, existing.id))).toHaveLength(1);
    const [aff] = await t.database.db.select().from(studentAffiliations).where(eq(studentAffiliations.studentId, existing.id));
    expect(aff?.organisationId).toBe(admin.organisationId);
    // The next sign-in finds the identity: the same account.
    expect((await exchange(await oidcSignIn(person(existing.email)))).auth.user.id).toBe(existing.id);
  });

  it('verified: without email_verified, the password is asked for', async () => {
    await setPolicy('verified');
    const existing = await existingStudent();
    const answer = await exchange(await oidcSignIn(person(existing.email, { email_verified: false })));
    expect(answer.kind).toBe('link');
  });

  it('verified: an organisation admin’s account always needs its password', async () => {
    await setPolicy('verified');
    const answer = await exchange(await oidcSignIn(person(admin.email)));
    expect(answer.kind).toBe('link');
  });

  it('verified: at a domain the organisation has not proven, the password is asked for', async () => {
    await setPolicy('verified');
    const existing = await existingStudent();
    await t.database.db.update(organisationDomains).set({ verifiedAt: null }).where(eq(organisationDomains.domain, admin.domain));
    try {
      const answer = await exchange(await oidcSignIn(person(existing.email)));
      expect(answer.kind).toBe('link');
    } finally {
      await t.database.db.update(organisationDomains).set({ verifiedAt: new Date() }).where(eq(organisationDomains.domain, admin.domain));
    }
  });
});

describe('attribute mapping', () => {
  const custom = {
    subject: ['sub'],
    email: ['mb_mail'],
    firstName: ['mb_given'],
    lastName: ['mb_family'],
    displayName: [],
    affiliation: ['mb_role'],
    affiliationValues: { Undergraduate: 'student', 'Teaching Staff': 'staff' },
  };

  it('refuses an incomplete or malformed mapping with the field’s message, and changes nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...custom, email: [] }, SSO_MESSAGES.mappingEmail],
      [{ ...custom, subject: [] }, SSO_MESSAGES.mappingSubject],
      [{ ...custom, firstName: ['  '] }, SSO_MESSAGES.mappingName],
      [{ ...custom, affiliationValues: { Undergraduate: 'Student Union!' } }, SSO_MESSAGES.affiliation],
      [{ ...custom, affiliationValues: { '': 'student' } }, SSO_MESSAGES.mappingValueFrom],
    ];
    for (const [mapping, message] of cases) {
      const res = await t.app.inject({ method: 'PUT', url: connectionUrl(), headers: admin.auth, payload: { mapping } });
      expect(res.statusCode, JSON.stringify(mapping)).toBe(400);
      expect(body(res).message).toBe(message);
    }
    const [row] = await t.database.db.select().from(ssoConnections).where(eq(ssoConnections.id, connectionId));
    expect(row?.mapping.email).toEqual(['email']);
    expect(row?.enabled).toBe(true);
  });

  it('OIDC: a sign-in honours a custom mapping and role values (admitted affiliations apply to the mapped ones)', async () => {
    const res = await t.app.inject({ method: 'PUT', url: connectionUrl(), headers: admin.auth, payload: { mapping: custom } });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.connection).toMatchObject({ enabled: false, testedAt: null, mapping: custom });
    await t.database.db.update(ssoConnections).set({ testedAt: new Date(), enabled: true }).where(eq(ssoConnections.id, connectionId));
    await t.app.inject({
      method: 'PUT',
      url: '/api/organisations/me/sso/settings',
      headers: admin.auth,
      payload: { slug: `lp-${admin.organisationId.slice(-6)}`, admittedAffiliations: ['student'] },
    });
    const mail = `mapped-${++n}@${admin.domain}`;
    const answer = await exchange(
      await oidcSignIn({ email: 'ignored@elsewhere.example', given_name: 'Wrong', family_name: 'Wrong', extra: { mb_mail: mail, mb_given: 'Priya', mb_family: 'Raman', mb_role: ['Undergraduate'] } }),
    );
    expect(answer.kind).toBe('session');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, mail));
    expect(user).toMatchObject({ firstName: 'Priya', lastName: 'Raman', role: 'student' });
    const [identity] = await t.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, user!.id));
    expect(identity?.affiliations).toEqual(['student']);
    // "Teaching Staff" maps to staff, which this organisation does not admit.
    const refused = await oidcSignIn({ email: 'x@elsewhere.example', given_name: 'A', family_name: 'B', extra: { mb_mail: `staff-${++n}@${admin.domain}`, mb_given: 'S', mb_family: 'T', mb_role: 'teaching staff' } });
    expect(reasonOf(refused)).toBe('affiliation');
    await t.app.inject({ method: 'PUT', url: '/api/organisations/me/sso/settings', headers: admin.auth, payload: { slug: `lp-${admin.organisationId.slice(-6)}` } });
  });

  it('SAML: a sign-in honours a custom mapping (attribute names of an Entra-style IdP) and role values', async () => {
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/organisations/me/sso/connections',
      headers: admin.auth,
      payload: {
        protocol: 'saml',
        name: 'Campus SAML',
        saml: { metadataXml: idpMetadata([KEYS[0]!.cert]) },
        linkPolicy: 'never',
        mapping: {
          subject: ['nameID'],
          email: ['campusEmail'],
          firstName: ['campusFirst'],
          lastName: ['campusLast'],
          displayName: [],
          affiliation: ['http://schemas.microsoft.com/ws/2008/06/identity/claims/role'],
          affiliationValues: { 'Student.Undergrad': 'student' },
        },
      },
    });
    expect(create.statusCode, create.body).toBe(201);
    const c = body(create).data.connection;
    expect(c.linkPolicy).toBe('never');
    await t.database.db.update(ssoConnections).set({ testedAt: new Date(), enabled: true }).where(eq(ssoConnections.id, c.id));
    const start = await t.app.inject({ method: 'POST', url: '/api/sso/start', payload: { connectionId: c.id } });
    const mail = `saml-mapped-${++n}@${admin.domain}`;
    const response = samlResponse({
      acsUrl: c.serviceProvider.acsUrl,
      audience: c.serviceProvider.entityId,
      inResponseTo: requestIdOf(body(start).data.redirectUrl),
      nameId: `persistent-${n}`,
      attributes: {
        campusEmail: [mail],
        campusFirst: ['Arjun'],
        campusLast: ['Mehta'],
        mail: ['not-this@elsewhere.example'],
        'http://schemas.microsoft.com/ws/2008/06/identity/claims/role': ['Student.Undergrad'],
      },
    });
    const acs = await t.app.inject({
      method: 'POST',
      url: `/api/sso/saml/${c.id}/acs`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `SAMLResponse=${encodeURIComponent(response)}`,
    });
    const answer = await exchange(String(acs.headers.location));
    expect(answer.kind).toBe('session');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, mail));
    expect(user).toMatchObject({ firstName: 'Arjun', lastName: 'Mehta' });
    const [identity] = await t.database.db.select().from(ssoIdentities).where(and(eq(ssoIdentities.userId, user!.id), eq(ssoIdentities.connectionId, c.id)));
    expect(identity?.affiliations).toEqual(['student']);
  });
});
