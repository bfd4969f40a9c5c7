import { createSign } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { IDP_ENTITY, IDP_SSO, KEYS, assertionXml, idpMetadata, requestIdOf, samlResponse, signAssertion, wrapResponse, type ResponseOptions } from '../../../test/sso/saml-idp.ts';
import { ssoFlows } from '../../db/schema/sso.ts';
import { users } from '../../db/schema/users.ts';
import { newId } from '../../lib/ids.ts';
import { buildOrganisationMember, type BuiltMember } from '../organisations/test-helpers.ts';

// SAML 2.0 with responses the test signs itself: every refusal is a clear page with a reference, no session.

const t = useTestApp();
const body = (res: { body: string }) => JSON.parse(res.body);
const EPPN = 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6';
const MAIL = 'urn:oid:0.9.2342.19200300.100.1.3';
const GIVEN = 'urn:oid:2.5.4.42';
const SN = 'urn:oid:2.5.4.4';
const AFFILIATION = 'urn:oid:1.3.6.1.4.1.5923.1.1.1.1';

let admin: BuiltMember;
let connection: { id: string; serviceProvider: { acsUrl: string; entityId: string } };

const post = (id: string, response: string, relayState?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sso/saml/${id}/acs`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `SAMLResponse=${encodeURIComponent(response)}${relayState ? `&RelayState=${encodeURIComponent(relayState)}` : ''}`,
  });
const reasonOf = (res: { headers: Record<string, unknown> }) => {
  const location = String(res.headers.location);
  if (!location.startsWith('/sso/error?')) return `ok:${location.slice(0, 19)}`;
  return new URLSearchParams(location.split('?')[1]).get('reason');
};

async function start() {
  const res = await t.app.inject({ method: 'POST', url: '/api/sso/start', payload: { connectionId: connection.id } });
  expect(res.statusCode, res.body).toBe(200);
  return requestIdOf(body(res).data.redirectUrl);
}

function person(over: Partial<ResponseOptions> = {}): ResponseOptions {
  const sp = connection.serviceProvider;
  return {
    acsUrl: sp.acsUrl,
    audience: sp.entityId,
    nameId: 'persistent-ravi-1',
    attributes: { [EPPN]: [`ravi@${admin.domain}`], [MAIL]: [`ravi@${admin.domain}`], [GIVEN]: ['Ravi'], [SN]: ['Kumar'], [AFFILIATION]: ['student'] },
    ...over,
  };
}

beforeAll(async () => {
  admin = await buildOrganisationMember(t, { type: 'university' });
  await t.app.inject({ method: 'PUT', url: '/api/organisations/me/sso/settings', headers: admin.auth, payload: { slug: `saml-${admin.organisationId.slice(-6)}` } });
  // Two certificates, as during a rotation.
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/organisations/me/sso/connections',
    headers: admin.auth,
    payload: { protocol: 'saml', name: 'Shibboleth', saml: { metadataXml: idpMetadata([KEYS[0]!.cert, KEYS[1]!.cert]) } },
  });
  expect(res.statusCode, res.body).toBe(201);
  connection = body(res).data.connection;
});

describe('SAML connection', () => {
  it('reads the IdP metadata (both certificates) and publishes SP metadata', async () => {
    const overview = body(await t.app.inject({ method: 'GET', url: '/api/organisations/me/sso', headers: admin.auth })).data;
    expect(overview.connections[0].saml.certificates).toHaveLength(2);
    const metadata = await t.app.inject({ method: 'GET', url: `/api/sso/saml/${connection.id}/metadata` });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.body).toContain(`entityID="${connection.serviceProvider.entityId}"`);
    expect(metadata.body).toContain(connection.serviceProvider.acsUrl);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/organisations/me/sso/connections',
      headers: admin.auth,
      payload: { protocol: 'saml', name: 'Broken', saml: { metadataXml: '<not-metadata/>' } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a test sign-in reports the attributes; then the connection can be enabled', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/organisations/me/sso/connections/${connection.id}/test`, headers: admin.auth });
    const requestId = requestIdOf(body(res).data.redirectUrl);
    const acs = await post(connection.id, samlResponse(person({ inResponseTo: requestId })));
    const code = decodeURIComponent(String(acs.headers.location).split('#code=')[1] ?? '');
    expect(code, String(acs.headers.location)).not.toBe('');
    const report = body(await t.app.inject({ method: 'POST', url: '/api/sso/exchange', headers: admin.auth, payload: { code } })).data.report;
    expect(report.mapped).toMatchObject({ subject: 'persistent-ravi-1', email: `ravi@${admin.domain}`, firstName: 'Ravi', lastName: 'Kumar', affiliations: ['student'] });
    expect(report.outcome).toBe('create');
    const enable = await t.app.inject({ method: 'PUT', url: `/api/organisations/me/sso/connections/${connection.id}/enabled`, headers: admin.auth, payload: { enabled: true } });
    expect(enable.statusCode).toBe(200);
  });
});

describe('SAML sign-in', () => {
  it('a signed answer to our request signs in (JIT); either configured certificate works', async () => {
    for (const signWith of [0, 1]) {
      const res = await post(connection.id, samlResponse(person({ inResponseTo: await start(), signWith })));
      expect(reasonOf(res), `certificate ${signWith + 1}`).toBe('ok:/sso/callback#code=');
      const code = decodeURIComponent(String(res.headers.location).split('#code=')[1] ?? '');
      const data = body(await t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { code } })).data;
      expect(data.auth.user.email).toBe(`ravi@${admin.domain}`);
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, `ravi@${admin.domain}`))).toHaveLength(1);
  });

  it('accepts the answer to a request another process sent (InResponseTo is in the database)', async () => {
    const requestId = `_other${newId()}`;
    await t.database.db.insert(ssoFlows).values({ connectionId: connection.id, stateKey: `saml:${requestId}`, mode: 'signin', expiresAt: new Date(Date.now() + 600_000) });
    expect(reasonOf(await post(connection.id, samlResponse(person({ inResponseTo: requestId }))))).toBe('ok:/sso/callback#code=');
  });
});

describe('SAML refusals', () => {
  it('wrong audience', async () => {
    expect(reasonOf(await post(connection.id, samlResponse(person({ inResponseTo: await start(), audience: 'https://other.example/sp' }))))).toBe('audience');
  });
  it('wrong recipient', async () => {
    expect(reasonOf(await post(connection.id, samlResponse(person({ inResponseTo: await start(), recipient: 'https://other.example/acs' }))))).toBe('audience');
  });
  it('expired', async () => {
    const past = new Date(Date.now() - 3600_000);
    expect(reasonOf(await post(connection.id, samlResponse(person({ inResponseTo: await start(), notBefore: new Date(past.getTime() - 600_000), notOnOrAfter: past }))))).toBe('expired');
  });
  it('not yet valid', async () => {
    expect(reasonOf(await post(connection.id, samlResponse(person({ inResponseTo: await start(), notBefore: new Date(Date.now() + 3600_000), notOnOrAfter: new Date(Date.now() + 7200_000) }))))).toBe('expired');
  });
  it('replayed', async () => {
    const response = samlResponse(person({ inResponseTo: await start() }));
    expect(reasonOf(await post(connection.id, response))).toBe('ok:/sso/callback#code=');
    expect(reasonOf(await post(connection.id, response))).toBe('replay');
  });
  it('unsolicited (IdP-initiated is not allowed on this connection)', async () => {
    expect(reasonOf(await post(connection.id, samlResponse(person({ inResponseTo: null }))))).toBe('unsolicited');
  });
  it('InResponseTo of a request this platform never sent', async () => {
    expect(reasonOf(await post(connection.id, samlResponse(person({ inResponseTo: '_never-sent' }))))).toBe('state');
  });
  it('unsigned', async () => {
    expect(reasonOf(await post(connection.id, samlResponse(person({ inResponseTo: await start(), signWith: null }))))).toBe('signature');
  });
  it('SHA-1 signed', async () => {
    expect(reasonOf(await post(connection.id, samlResponse(person({ inResponseTo: await start(), sha1: true }))))).toBe('signature');
  });
  it('signed with a certificate that is not configured (rotated out)', async () => {
    expect(reasonOf(await post(connection.id, samlResponse(person({ inResponseTo: await start(), signWith: 2 }))))).toBe('signature');
  });
  it('a wrapped signature (a signed assertion hidden beside an evil one)', async () => {
    const o = person({ inResponseTo: await start() });
    const signed = signAssertion(assertionXml(o), 0);
    const evil = assertionXml({ ...o, nameId: 'attacker', attributes: { ...o.attributes, [MAIL]: [`victim@${admin.domain}`], [EPPN]: [`victim@${admin.domain}`] } });
    // The evil assertion first; the genuine signed one tucked into an Extensions element.
    const xml = wrapResponse(`${evil}<samlp:Extensions>${signed}</samlp:Extensions>`, o);
    const res = await post(connection.id, Buffer.from(xml).toString('base64'));
    expect(reasonOf(res)).not.toMatch(/^ok/);
    expect(await t.database.db.select().from(users).where(eq(users.email, `victim@${admin.domain}`))).toHaveLength(0);
  });
  it('every refusal is in the admin log with its reason', async () => {
    const overview = body(await t.app.inject({ method: 'GET', url: '/api/organisations/me/sso', headers: admin.auth })).data;
    const reasons = new Set(overview.events.map((e: { reason: string }) => e.reason));
    for (const r of ['audience', 'expired', 'replay', 'unsolicited', 'state', 'signature']) expect(reasons.has(r), r).toBe(true);
  });
});

describe('SAML Single Logout', () => {
  const SIG_ALG = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
  /** A LogoutRequest as the IdP sends it (HTTP-Redirect binding), signed with one of its keys or not at all. */
  function logoutRequest(nameId: string, signWith: number | null) {
    const xml = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_lr${newId()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${connection.serviceProvider.acsUrl.replace(/acs$/, 'slo')}"><saml:Issuer>${IDP_ENTITY}</saml:Issuer><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${nameId}</saml:NameID></samlp:LogoutRequest>`;
    let query = `SAMLRequest=${encodeURIComponent(deflateRawSync(Buffer.from(xml)).toString('base64'))}&RelayState=portal`;
    if (signWith === null) return query;
    query += `&SigAlg=${encodeURIComponent(SIG_ALG)}`;
    return `${query}&Signature=${encodeURIComponent(createSign('RSA-SHA256').update(query).sign(KEYS[signWith]!.key, 'base64'))}`;
  }

  async function signedIn(nameId: string, email: string) {
    const res = await post(connection.id, samlResponse(person({ inResponseTo: await start(), nameId, attributes: { ...person().attributes, [EPPN]: [email], [MAIL]: [email] } })));
    const code = decodeURIComponent(String(res.headers.location).split('#code=')[1] ?? '');
    const data = body(await t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { code } })).data;
    return { authorization: `Bearer ${data.auth.token as string}` };
  }
  const me = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode;

  it('a signed LogoutRequest from the IdP ends every session of the person named, and is answered', async () => {
    const email = `slo@${admin.domain}`;
    const phone = await signedIn('persistent-slo-1', email);
    const laptop = await signedIn('persistent-slo-1', email);
    const other = await signedIn('persistent-other-1', `other@${admin.domain}`);
    expect(await me(phone)).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/sso/saml/${connection.id}/slo?${logoutRequest('persistent-slo-1', 1)}` });
    expect(res.statusCode).toBe(303);
    // The LogoutResponse goes back to the IdP (this metadata has no SLO URL: its SSO URL), with the RelayState.
    const back = new URL(String(res.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(IDP_SSO);
    expect(back.searchParams.get('SAMLResponse')).toBeTruthy();
    expect(back.searchParams.get('RelayState')).toBe('portal');
    expect(await me(phone)).toBe(401);
    expect(await me(laptop)).toBe(401);
    expect(await me(other)).toBe(200);
  });

  it('an unsigned or wrongly signed LogoutRequest ends nothing: a clear page with a reference', async () => {
    const session = await signedIn('persistent-slo-2', `slo2@${admin.domain}`);
    for (const query of [logoutRequest('persistent-slo-2', null), logoutRequest('persistent-slo-2', 2)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/sso/saml/${connection.id}/slo?${query}` });
      expect(res.statusCode).toBe(303);
      expect(String(res.headers.location)).toMatch(/^\/sso\/error\?reason=\w+&ref=[0-9a-f]{24}$/);
    }
    expect(await me(session)).toBe(200);
  });

  it('sign-out asks the IdP to end its session only for a session that came from SSO', async () => {
    const sso = await signedIn('persistent-slo-3', `slo3@${admin.domain}`);
    const fromSso = await t.app.inject({ method: 'POST', url: '/api/sso/logout', headers: sso });
    expect(fromSso.statusCode).toBe(200);
    // This IdP's metadata names no SingleLogoutService: nothing to send the browser to.
    expect(body(fromSso).data.redirectUrl).toBeNull();
    const unauthenticated = await t.app.inject({ method: 'POST', url: '/api/sso/logout' });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
