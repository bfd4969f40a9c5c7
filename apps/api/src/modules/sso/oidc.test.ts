import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_MESSAGES } from '@app/shared/sso';
import { useTestApp } from '../../../test/harness.ts';
import { buildAdmin, buildStudent } from '../../../test/factories.ts';
import { freePort, signInAtIdp, startOidcIdp, type OidcIdp } from '../../../test/sso/oidc-idp.ts';
import { ssoConnections, ssoEvents, ssoFlows, ssoIdentities } from '../../db/schema/sso.ts';
import { studentAffiliations } from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';
import { buildOrganisationMember, type BuiltMember } from '../organisations/test-helpers.ts';

// Sign-in through a real OpenID Connect provider (oidc-provider from npm, in this process).

// The test IdP listens on this machine: allowlisted (decision 850).
const t = useTestApp({ LOGIN_MAX_PER_IP: '100000', LOGIN_MAX_PER_ACCOUNT: '100000', SSO_FETCH_ALLOW_HOSTS: '127.0.0.1' });
const CALLBACK = 'http://localhost:3000/api/sso/oidc/callback';

let idp: OidcIdp;
let admin: BuiltMember;
let connectionId = '';

beforeAll(async () => {
  idp = await startOidcIdp({ port: await freePort(), redirectUris: [CALLBACK], postLogoutRedirectUris: ['http://localhost:3000/signin'] });
});
afterAll(async () => {
  await idp?.close();
});

const body = (res: { body: string }) => JSON.parse(res.body);
/** The organisation admin adds an SSO connection. */
const addConnection = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/organisations/me/sso/connections', headers: admin.auth, payload });

/** Browser's part: the API's redirect to the IdP, the IdP's login, back to the callback; returns the callback's redirect. */
async function roundTrip(redirectUrl: string, login: string, mutate?: (u: URL) => void) {
  const callback = await signInAtIdp(redirectUrl, login, CALLBACK);
  mutate?.(callback);
  const res = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  expect(res.statusCode).toBe(303);
  return String(res.headers.location);
}

const codeOf = (location: string) => {
  const match = /^\/sso\/callback#code=(.+)$/.exec(location);
  if (!match) throw new Error(`not a code redirect: ${location}`);
  return decodeURIComponent(match[1]!);
};

async function startSignIn(next?: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/sso/start', payload: { connectionId, ...(next ? { next } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data.redirectUrl as string;
}

async function signIn(login: string, next?: string) {
  const location = await roundTrip(await startSignIn(next), login);
  const res = await t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { code: codeOf(location) } });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
}

describe('OIDC connections', () => {
  it('an organisation admin adds a connection: discovery is checked, the secret is never returned', async () => {
    admin = await buildOrganisationMember(t, { type: 'university' });
    idp.accounts.set('alice', { email: `alice@${admin.domain}`, given_name: 'Alice', family_name: 'Ng', eduperson_affiliation: ['student'] });
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/organisations/me/sso/settings',
      headers: admin.auth,
      payload: { slug: `uni-${admin.organisationId.slice(-6)}`, requiredForDomains: false },
    });
    expect(settings.statusCode, settings.body).toBe(200);

    const bad = await addConnection({ protocol: 'oidc', name: 'Bad', oidc: { issuer: 'http://127.0.0.1:1', clientId: 'x', clientSecret: 'y' } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain(SSO_MESSAGES.discoveryFailed);

    const entra = await addConnection({ protocol: 'oidc', name: 'Entra', oidc: { issuer: 'https://login.microsoftonline.com/common/v2.0', clientId: 'x', clientSecret: 'y' } });
    expect(entra.statusCode).toBe(400);
    expect(body(entra).message).toBe(SSO_MESSAGES.issuerTemplate);

    const res = await addConnection({ protocol: 'oidc', name: 'University IdP', oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } });
    expect(res.statusCode, res.body).toBe(201);
    const connection = body(res).data.connection;
    connectionId = connection.id;
    expect(connection.oidc).toEqual({ issuer: idp.issuer, clientId: idp.clientId, hasClientSecret: true });
    expect(connection.serviceProvider.redirectUri).toBe(CALLBACK);
    expect(res.body).not.toContain(idp.clientSecret);
    const [row] = await t.database.db.select().from(ssoConnections).where(eq(ssoConnections.id, connectionId));
    expect(row?.clientSecretEnc).toBeTruthy();
    expect(row?.clientSecretEnc).not.toContain(idp.clientSecret);
  });

  it('cannot be enabled before a successful test; another organisation does not see it', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/organisations/me/sso/connections/${connectionId}/enabled`, headers: admin.auth, payload: { enabled: true } });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(SSO_MESSAGES.notTested);
    const other = await buildOrganisationMember(t, { type: 'university' });
    for (const [method, url] of [
      ['PUT', `/api/organisations/me/sso/connections/${connectionId}/enabled`],
      ['POST', `/api/organisations/me/sso/connections/${connectionId}/test`],
      ['DELETE', `/api/organisations/me/sso/connections/${connectionId}`],
    ] as const) {
      const r = await t.app.inject({ method, url, headers: other.auth, ...(method === 'PUT' ? { payload: { enabled: true } } : {}) });
      expect(r.statusCode, url).toBe(404);
    }
    const student = await buildStudent(t);
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/organisations/me/sso', headers: student.auth });
    expect(forbidden.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/organisations/me/sso' })).statusCode).toBe(401);
    // Not enabled: nobody can start a sign-in with it.
    const start = await t.app.inject({ method: 'POST', url: '/api/sso/start', payload: { connectionId } });
    expect(start.statusCode).toBe(404);
  });

  it('test mode shows the claims and the account they would map to, without an account or a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/organisations/me/sso/connections/${connectionId}/test`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    const code = codeOf(await roundTrip(body(res).data.redirectUrl, 'alice'));
    // Only the admin who ran the test reads its report.
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { code } });
    expect(anonymous.statusCode).toBe(400);
    const report = await t.app.inject({ method: 'POST', url: '/api/sso/exchange', headers: admin.auth, payload: { code } });
    expect(report.statusCode, report.body).toBe(200);
    const data = body(report).data;
    expect(data.kind).toBe('test');
    expect(data.report.claims.sub).toBe('alice');
    expect(data.report.mapped).toMatchObject({ subject: 'alice', email: `alice@${admin.domain}`, firstName: 'Alice', affiliations: ['student'] });
    expect(data.report.outcome).toBe('create');
    expect(await t.database.db.select().from(users).where(eq(users.email, `alice@${admin.domain}`))).toHaveLength(0);

    const enable = await t.app.inject({ method: 'PUT', url: `/api/organisations/me/sso/connections/${connectionId}/enabled`, headers: admin.auth, payload: { enabled: true } });
    expect(enable.statusCode, enable.body).toBe(200);
    expect(body(enable).data.connection.enabled).toBe(true);
  });

  it('home-realm discovery finds the connection by e-mail domain', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sso/discover', payload: { email: `someone@${admin.domain}` } });
    expect(body(res).data.connections).toEqual([{ id: connectionId, name: 'University IdP' }]);
    expect(body(res).data.required).toBe(false);
    const none = await t.app.inject({ method: 'POST', url: '/api/sso/discover', payload: { email: 'someone@example.com' } });
    expect(body(none).data).toEqual({ organisation: null, connections: [], required: false });
    const bad = await t.app.inject({ method: 'POST', url: '/api/sso/discover', payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('OIDC sign-in', () => {
  let aliceId = '';
  it('a first sign-in creates the student, affiliated with the organisation, and keeps the page', async () => {
    const data = await signIn('alice', '/workshops?tab=mine');
    expect(data.kind).toBe('session');
    expect(data.next).toBe('/workshops?tab=mine');
    expect(data.auth.user).toMatchObject({ email: `alice@${admin.domain}`, firstName: 'Alice', lastName: 'Ng', role: 'student' });
    aliceId = data.auth.user._id ?? data.auth.user.id;
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${data.auth.token}` } });
    expect(me.statusCode).toBe(200);
    const [aff] = await t.database.db.select().from(studentAffiliations).where(eq(studentAffiliations.organisationId, admin.organisationId));
    expect(aff?.email).toBe(`alice@${admin.domain}`);
  });

  it('an e-mail change at the IdP updates the same account (the key is iss+sub)', async () => {
    idp.accounts.set('alice', { email: `alice.ng@${admin.domain}`, given_name: 'Alice', family_name: 'Ng', eduperson_affiliation: ['student'] });
    const data = await signIn('alice');
    expect(data.auth.user.email).toBe(`alice.ng@${admin.domain}`);
    expect(data.auth.user._id ?? data.auth.user.id).toBe(aliceId);
    const identities = await t.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, 'alice'));
    expect(identities).toHaveLength(1);
  });

  it('a one-time code works once and only for a short while', async () => {
    const location = await roundTrip(await startSignIn(), 'alice');
    const code = codeOf(location);
    expect((await t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { code } })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { code } });
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toBe(SSO_MESSAGES.codeInvalid);
    const late = codeOf(await roundTrip(await startSignIn(), 'alice'));
    t.app.ctx.clock.advance(3 * 60_000);
    try {
      expect((await t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { code: late } })).statusCode).toBe(400);
    } finally {
      t.app.ctx.clock.set(null);
    }
  });

  it('an existing password account with the same e-mail is linked only after its password is proven', async () => {
    const bob = await buildStudent(t, { email: `bob@${admin.domain}` });
    idp.accounts.set('bob-sub', { email: `bob@${admin.domain}`, given_name: 'Bob', family_name: 'Lee' });
    const first = await signIn('bob-sub');
    expect(first.kind).toBe('link');
    expect(first.email).toBe(`bob@${admin.domain}`);
    expect(await t.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, bob.id))).toHaveLength(0);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/sso/link', payload: { ticket: first.ticket, password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe(SSO_MESSAGES.linkWrongPassword);
    const ok = await t.app.inject({ method: 'POST', url: '/api/sso/link', payload: { ticket: first.ticket, password: bob.password } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body(ok).data.auth.user.email).toBe(bob.email);
    const reuse = await t.app.inject({ method: 'POST', url: '/api/sso/link', payload: { ticket: first.ticket, password: bob.password } });
    expect(reuse.statusCode).toBe(400);
    // From now on the IdP signs Bob straight into his account.
    const second = await signIn('bob-sub');
    expect(second.kind).toBe('session');
    expect(second.auth.user._id ?? second.auth.user.id).toBe(bob.id);
  });

  it('when the organisation requires SSO for its domain, a password sign-in is refused (not for a platform admin)', async () => {
    const bob = `bob@${admin.domain}`;
    const before = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: bob, password: 'Passw0rd!' } });
    expect(before.statusCode, before.body).toBe(200);
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/organisations/me/sso/settings',
      headers: admin.auth,
      payload: { slug: `uni-${admin.organisationId.slice(-6)}`, requiredForDomains: true },
    });
    expect(settings.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: bob, password: 'Passw0rd!' } });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe(SSO_MESSAGES.ssoRequired);
    const discovered = await t.app.inject({ method: 'POST', url: '/api/sso/discover', payload: { email: bob } });
    expect(body(discovered).data.required).toBe(true);
    const platform = await buildAdmin(t);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: platform.email, password: platform.password } });
    expect(ok.statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: '/api/organisations/me/sso/settings',
      headers: admin.auth,
      payload: { slug: `uni-${admin.organisationId.slice(-6)}`, requiredForDomains: false },
    });
  });

  it('an affiliation the organisation does not admit gets a clear page, not an account', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/organisations/me/sso/settings',
      headers: admin.auth,
      payload: { slug: `uni-${admin.organisationId.slice(-6)}`, admittedAffiliations: ['student', 'staff'] },
    });
    idp.accounts.set('carol', { email: `carol@${admin.domain}`, given_name: 'Carol', family_name: 'Old', eduperson_affiliation: ['alumni'] });
    const location = await roundTrip(await startSignIn(), 'carol');
    expect(location).toMatch(/^\/sso\/error\?reason=affiliation&ref=[0-9a-f]{24}$/);
    expect(await t.database.db.select().from(users).where(eq(users.email, `carol@${admin.domain}`))).toHaveLength(0);
    const ref = new URLSearchParams(location.split('?')[1]).get('ref')!;
    const [event] = await t.database.db.select().from(ssoEvents).where(eq(ssoEvents.id, ref));
    expect(event?.reason).toBe('affiliation');
    expect(event?.detail).toContain('alumni');
    const overview = await t.app.inject({ method: 'GET', url: '/api/organisations/me/sso', headers: admin.auth });
    expect(body(overview).data.events.some((e: { id: string }) => e.id === ref)).toBe(true);
  });
});

describe('OIDC refusals (each a clear page with a reference, no session)', () => {
  const reasonOf = (location: string) => new URLSearchParams(location.split('?')[1]).get('reason');

  it('an unknown or replayed state', async () => {
    const callback = await signInAtIdp(await startSignIn(), 'alice', CALLBACK);
    const url = `${callback.pathname}${callback.search}`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(String(first.headers.location)).toMatch(/^\/sso\/callback#code=/);
    const replay = await t.app.inject({ method: 'GET', url });
    expect(reasonOf(String(replay.headers.location))).toBe('state');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state');
    const res = await t.app.inject({ method: 'GET', url: `${forged.pathname}${forged.search}` });
    expect(reasonOf(String(res.headers.location))).toBe('state');
  });

  it('a wrong nonce', async () => {
    const redirectUrl = await startSignIn();
    await t.database.db.update(ssoFlows).set({ nonce: 'another-nonce' }).where(eq(ssoFlows.connectionId, connectionId));
    const location = await roundTrip(redirectUrl, 'alice');
    const [event] = await t.database.db.select().from(ssoEvents).where(eq(ssoEvents.id, new URLSearchParams(location.split('?')[1]).get('ref')!));
    expect(reasonOf(location), event?.detail).toBe('nonce');
  });

  it('a wrong issuer', async () => {
    const location = await roundTrip(await startSignIn(), 'alice', (u) => u.searchParams.set('iss', 'https://evil.example.com'));
    const [event] = await t.database.db.select().from(ssoEvents).where(eq(ssoEvents.id, new URLSearchParams(location.split('?')[1]).get('ref')!));
    expect(reasonOf(location), event?.detail).toBe('issuer');
  });

  it('an expired ID token', async () => {
    const redirectUrl = await startSignIn();
    const callback = await signInAtIdp(redirectUrl, 'alice', CALLBACK);
    // Two hours later (the ID token lives one), with the flow kept alive to reach the token check.
    await t.database.db.update(ssoFlows).set({ expiresAt: new Date(Date.now() + 5 * 3600_000) }).where(eq(ssoFlows.connectionId, connectionId));
    t.app.ctx.clock.advance(2 * 3600_000);
    try {
      const res = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
      expect(reasonOf(String(res.headers.location))).toBe('expired');
    } finally {
      t.app.ctx.clock.set(null);
    }
  });

  it('a sign-in started more than ten minutes ago', async () => {
    const redirectUrl = await startSignIn();
    const callback = await signInAtIdp(redirectUrl, 'alice', CALLBACK);
    t.app.ctx.clock.advance(11 * 60_000);
    try {
      const res = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
      expect(reasonOf(String(res.headers.location))).toBe('expired');
    } finally {
      t.app.ctx.clock.set(null);
    }
  });

  it('a new person whose address is outside the organisation\'s domains is refused', async () => {
    idp.accounts.set('guest', { email: 'guest@gmail.com', given_name: 'Guest', family_name: 'User', eduperson_affiliation: ['student'] });
    const location = await roundTrip(await startSignIn(), 'guest');
    expect(reasonOf(location)).toBe('email');
    expect(await t.database.db.select().from(users).where(eq(users.email, 'guest@gmail.com'))).toHaveLength(0);
  });

  it('a next path that leaves the site is refused', async () => {
    for (const next of ['//evil.example.com', 'https://evil.example.com', '/\\evil.example.com']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/sso/start', payload: { connectionId, next } });
      expect(res.statusCode, next).toBe(400);
    }
  });
});
