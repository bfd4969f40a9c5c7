import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { freePort, logoutAtIdp, signInAtIdp, startOidcIdp, type OidcIdp } from '../../../test/sso/oidc-idp.ts';
import { ssoOidcSessions } from '../../db/schema/sso-logout.ts';
import type { BuiltMember } from '../organisations/test-helpers.ts';
import { universityWithOidc } from './test-helpers.ts';

// Decision 912: logout started by the OpenID Connect provider — Back-Channel Logout 1.0 through a real
// oidc-provider, logout tokens the test signs itself to be wrong in one way each, and Front-Channel Logout.

const t = useTestApp({ LOGIN_MAX_PER_IP: '100000', LOGIN_MAX_PER_ACCOUNT: '100000', SSO_FETCH_ALLOW_HOSTS: '127.0.0.1' });
const CALLBACK = 'http://localhost:3000/api/sso/oidc/callback';
const EVENT = 'http://schemas.openid.net/event/backchannel-logout';
const body = (res: { body: string }) => JSON.parse(res.body);

let idp: OidcIdp;
let relay: Server;
/** What our back-channel endpoint answered the IdP (the IdP only logs failures). */
const relayed: { status: number; body: string }[] = [];
let admin: BuiltMember;
let connectionId = '';

beforeAll(async () => {
  // The IdP's server calls the back-channel URI over HTTP; this relay hands the call to the app under test.
  const relayPort = await freePort();
  relay = createHttpServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      void t.app
        .inject({ method: 'POST', url: `/api/sso/oidc/${connectionId}/backchannel-logout`, headers: { 'content-type': String(req.headers['content-type']) }, payload: text })
        .then((r) => {
          relayed.push({ status: r.statusCode, body: r.body });
          res.writeHead(r.statusCode, { 'content-type': 'application/json' });
          res.end(r.body);
        });
    });
  });
  await new Promise<void>((resolve) => relay.listen(relayPort, '127.0.0.1', resolve));
  idp = await startOidcIdp({
    port: await freePort(),
    redirectUris: [CALLBACK],
    postLogoutRedirectUris: ['http://localhost:3000/signin'],
    backchannelLogoutUri: `http://127.0.0.1:${relayPort}/backchannel`,
  });
  const made = await universityWithOidc(t, idp, { slugPrefix: 'bcl', name: 'Campus OIDC' });
  admin = made.admin;
  connectionId = made.connection.id;
});
afterAll(async () => {
  await idp?.close();
  await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
});

/** A browser: its own cookie jar at the IdP (so its own IdP session and sid), signed in to MentorBridge. */
async function browserSignIn(login: string) {
  const jar = new Map<string, string>();
  const start = await t.app.inject({ method: 'POST', url: '/api/sso/start', payload: { connectionId } });
  const callback = await signInAtIdp(body(start).data.redirectUrl, login, CALLBACK, jar);
  const res = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  const code = decodeURIComponent(String(res.headers.location).split('#code=')[1] ?? '');
  const exchanged = await t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { code } });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  const auth = { authorization: `Bearer ${body(exchanged).data.auth.token as string}` };
  const claims = await t.app.ctx.tokens.verify(body(exchanged).data.auth.token);
  const [row] = await t.database.db.select().from(ssoOidcSessions).where(eq(ssoOidcSessions.authSessionId, claims!.sid!));
  return { jar, auth, sid: row?.sid ?? null, userId: row?.userId ?? '' };
}
const me = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode;
const backchannel = (token: string, id = connectionId) =>
  t.app.inject({ method: 'POST', url: `/api/sso/oidc/${id}/backchannel-logout`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `logout_token=${encodeURIComponent(token)}` });
const now = () => Math.floor(Date.now() / 1000);

describe('OIDC logout URIs', () => {
  it('are shown on the connection, for the IdP to register', async () => {
    const overview = body(await t.app.inject({ method: 'GET', url: '/api/organisations/me/sso', headers: admin.auth })).data;
    const sp = overview.connections.find((c: { id: string }) => c.id === connectionId).serviceProvider;
    expect(sp.backchannelLogoutUri).toBe(`http://localhost:3000/api/sso/oidc/${connectionId}/backchannel-logout`);
    expect(sp.frontchannelLogoutUri).toBe(`http://localhost:3000/api/sso/oidc/${connectionId}/frontchannel-logout`);
  });
});

describe('Back-Channel Logout 1.0', () => {
  it('a logout at the IdP (oidc-provider) ends that browser\'s MentorBridge session by sid, and no other', async () => {
    idp.accounts.set('bob', { email: `bob@${admin.domain}`, given_name: 'Bob', family_name: 'Das', eduperson_affiliation: ['student'] });
    const laptop = await browserSignIn('bob');
    const phone = await browserSignIn('bob');
    expect(laptop.sid).toBeTruthy();
    expect(phone.sid).toBeTruthy();
    expect(laptop.sid).not.toBe(phone.sid);
    expect(await me(laptop.auth)).toBe(200);
    // The person signs out at MentorBridge (RP-initiated) and confirms at the IdP: the IdP tells every
    // client of that IdP session, MentorBridge included, through the back channel.
    const logout = await t.app.inject({ method: 'POST', url: '/api/sso/logout', headers: laptop.auth });
    const before = relayed.length;
    await logoutAtIdp(body(logout).data.redirectUrl, laptop.jar);
    expect(idp.backchannelErrors).toEqual([]);
    expect(relayed.length).toBe(before + 1);
    expect(relayed.at(-1)).toMatchObject({ status: 200 });
    expect(JSON.parse(relayed.at(-1)!.body).data.ended).toBe(1);
    expect(await me(laptop.auth)).toBe(401);
    expect(await me(phone.auth)).toBe(200);
  });

  it('a token naming only sub ends every OIDC session of that person through this connection', async () => {
    idp.accounts.set('cara', { email: `cara@${admin.domain}`, given_name: 'Cara', family_name: 'Sen' });
    const a = await browserSignIn('cara');
    const b = await browserSignIn('cara');
    idp.accounts.set('dev', { email: `dev@${admin.domain}`, given_name: 'Dev', family_name: 'Roy' });
    const other = await browserSignIn('dev');
    const token = await idp.sign({ iss: idp.issuer, aud: idp.clientId, iat: now(), jti: randomUUID(), sub: 'cara', events: { [EVENT]: {} } });
    const res = await backchannel(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body(res).data.ended).toBe(2);
    expect(await me(a.auth)).toBe(401);
    expect(await me(b.auth)).toBe(401);
    expect(await me(other.auth)).toBe(200);
    // The same token again is a replay: refused, whichever process receives it (the jti is a row).
    const replay = await backchannel(token);
    expect(replay.statusCode).toBe(400);
    expect(body(replay).message).toContain('already used');
  });

  it('refuses every token that breaks a rule of §2.6 and ends nothing; each refusal is logged for the admin', async () => {
    idp.accounts.set('eve', { email: `eve@${admin.domain}`, given_name: 'Eve', family_name: 'Pal' });
    const session = await browserSignIn('eve');
    const base = () => ({ iss: idp.issuer, aud: idp.clientId, iat: now(), jti: randomUUID(), sid: session.sid!, events: { [EVENT]: {} } as Record<string, unknown> });
    const { privateKey: stranger } = await generateKeyPair('RS256');
    const cases: [string, () => Promise<string>, RegExp][] = [
      ['another issuer', () => idp.sign({ ...base(), iss: 'http://127.0.0.1:1' }), /iss/],
      ['another audience', () => idp.sign({ ...base(), aud: 'someone-else' }), /aud/],
      ['no events claim', () => idp.sign({ ...base(), events: undefined }), /events/],
      ['events without the logout member', () => idp.sign({ ...base(), events: { 'http://example.com/other': {} } }), /events/],
      ['the event is not an object', () => idp.sign({ ...base(), events: { [EVENT]: 'yes' } }), /events/],
      ['a nonce (an ID token passed off as a logout token)', () => idp.sign({ ...base(), nonce: 'n-1' }), /nonce/],
      ['neither sub nor sid', () => idp.sign({ ...base(), sid: undefined }), /neither sub nor sid/],
      ['no jti', () => idp.sign({ ...base(), jti: undefined }), /jti/],
      ['no iat', () => idp.sign({ ...base(), iat: undefined }), /iat/],
      ['issued an hour ago', () => idp.sign({ ...base(), iat: now() - 3600 }), /iat|too old|age/i],
      ['expired', () => idp.sign({ ...base(), exp: now() - 600 }), /exp/],
      ['an access token type', () => idp.sign(base(), { typ: 'at+jwt' }), /typ/],
      ['signed by a key the IdP does not publish', () => new SignJWT(base()).setProtectedHeader({ alg: 'RS256', kid: 'test-key-1', typ: 'logout+jwt' }).sign(stranger), /signature/],
      ['not a JWT', async () => 'not-a-jwt', /not a signed JWT/],
    ];
    for (const [name, make, reason] of cases) {
      const res = await backchannel(await make());
      expect(res.statusCode, name).toBe(400);
      expect(body(res).message, name).toMatch(reason);
    }
    expect(await me(session.auth)).toBe(200);
    const overview = body(await t.app.inject({ method: 'GET', url: '/api/organisations/me/sso', headers: admin.auth })).data;
    const logged = overview.events.filter((e: { reason: string }) => e.reason === 'logout');
    expect(logged.length).toBeGreaterThanOrEqual(cases.length);
    expect(logged[0].detail).toMatch(/^back-channel logout: /);

    // The correct token for the same sid ends it (the cases above failed for their one reason only).
    const ok = await backchannel(await idp.sign(base()));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await me(session.auth)).toBe(401);
  });

  it('a token whose sid and sub disagree ends nothing; an unknown connection is not found', async () => {
    idp.accounts.set('fay', { email: `fay@${admin.domain}`, given_name: 'Fay', family_name: 'Iqbal' });
    const fay = await browserSignIn('fay');
    const res = await backchannel(await idp.sign({ iss: idp.issuer, aud: idp.clientId, iat: now(), jti: randomUUID(), sid: fay.sid!, sub: 'cara', events: { [EVENT]: {} } }));
    expect(res.statusCode).toBe(200);
    expect(body(res).data.ended).toBe(0);
    expect(await me(fay.auth)).toBe(200);
    expect((await backchannel('x', '0123456789abcdef01234567')).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: `/api/sso/oidc/${connectionId}/backchannel-logout`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'token=x' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('Front-Channel Logout 1.0', () => {
  const front = (query: string) => t.app.inject({ method: 'GET', url: `/api/sso/oidc/${connectionId}/frontchannel-logout?${query}` });

  it('iss and sid of this connection end that session; the answer is an uncached page that is never framed', async () => {
    idp.accounts.set('gia', { email: `gia@${admin.domain}`, given_name: 'Gia', family_name: 'Bose' });
    const gia = await browserSignIn('gia');
    const other = await browserSignIn('gia');
    const res = await front(`iss=${encodeURIComponent(idp.issuer)}&sid=${encodeURIComponent(gia.sid!)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(await me(gia.auth)).toBe(401);
    expect(await me(other.auth)).toBe(200);
  });

  it('another issuer or no sid ends nothing (400, logged)', async () => {
    idp.accounts.set('hal', { email: `hal@${admin.domain}`, given_name: 'Hal', family_name: 'Jain' });
    const hal = await browserSignIn('hal');
    for (const query of [`iss=${encodeURIComponent('http://127.0.0.1:1')}&sid=${encodeURIComponent(hal.sid!)}`, `iss=${encodeURIComponent(idp.issuer)}`, `sid=${encodeURIComponent(hal.sid!)}`]) {
      const res = await front(query);
      expect(res.statusCode, query).toBe(400);
    }
    expect(await me(hal.auth)).toBe(200);
  });

  it('a SAML connection has no OIDC logout endpoints, and an OIDC connection no SAML signing keys', async () => {
    const saml = await t.app.inject({ method: 'GET', url: `/api/sso/oidc/0123456789abcdef01234567/frontchannel-logout?sid=x` });
    expect(saml.statusCode).toBe(404);
    const keys = await t.app.inject({ method: 'GET', url: `/api/organisations/me/sso/connections/${connectionId}/sp-keys`, headers: admin.auth });
    expect(keys.statusCode).toBe(400);
  });
});
