import { X509Certificate, createVerify } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SP_KEY_MESSAGES } from '@app/shared/sso-keys';
import { useTestApp } from '../../../test/harness.ts';
import { buildAdmin, buildStudent } from '../../../test/factories.ts';
import { IDP_ENTITY, KEYS, idpMetadata, requestIdOf, samlResponse, type ResponseOptions } from '../../../test/sso/saml-idp.ts';
import { ssoSpKeys } from '../../db/schema/sso-logout.ts';
import { buildOrganisationMember, type BuiltMember } from '../organisations/test-helpers.ts';

// Decision 910: MentorBridge signs what it sends to a SAML IdP with its own key per connection, publishes
// the certificate in its SP metadata, and rolls the key over in two steps without breaking sign-in.

const t = useTestApp();
const body = (res: { body: string }) => JSON.parse(res.body);
const EPPN = 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6';
const MAIL = 'urn:oid:0.9.2342.19200300.100.1.3';
const IDP_SLO = 'https://idp.test-university.example/slo';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';

let admin: BuiltMember;
let connection: { id: string; serviceProvider: { acsUrl: string; entityId: string; sloUrl: string } };

/** The IdP's metadata, with a SingleLogoutService (HTTP-Redirect) so sign-out sends a LogoutRequest. */
const metadataWithSlo = () =>
  idpMetadata([KEYS[0]!.cert]).replace(
    '<md:SingleSignOnService',
    `<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${IDP_SLO}"/><md:SingleSignOnService`,
  );

/** Certificates of KeyDescriptor use="signing" in our SP metadata. */
async function publishedCertificates(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/sso/saml/${connection.id}/metadata` });
  expect(res.statusCode).toBe(200);
  const descriptors = [...res.body.matchAll(/<KeyDescriptor use="signing">([\s\S]*?)<\/KeyDescriptor>/g)];
  return descriptors.map((d) => /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(d[1]!)![1]!.replace(/\s+/g, ''));
}

/**
 * HTTP-Redirect binding signature (SAML bindings §3.4.4.1): over `SAMLRequest|SAMLResponse=…&RelayState=…&SigAlg=…`
 * as sent; true when one of the certificates verifies it.
 */
function signedBy(url: string, certificates: string[]): boolean {
  const query = new URL(url).search.slice(1);
  const parts = Object.fromEntries(query.split('&').map((p) => [p.split('=')[0]!, p.slice(p.indexOf('=') + 1)]));
  if (decodeURIComponent(parts.SigAlg ?? '') !== RSA_SHA256 || !parts.Signature) return false;
  const message = ['SAMLRequest', 'SAMLResponse', 'RelayState', 'SigAlg'].filter((k) => k in parts).map((k) => `${k}=${parts[k]}`).join('&');
  return certificates.some((c) => {
    const key = new X509Certificate(Buffer.from(c, 'base64')).publicKey;
    return createVerify('RSA-SHA256').update(message).verify(key, decodeURIComponent(parts.Signature!), 'base64');
  });
}

const keysUrl = (id = connection.id) => `/api/organisations/me/sso/connections/${id}/sp-keys`;
const rollover = (step: string, headers = admin.auth, id = connection.id) => t.app.inject({ method: 'POST', url: keysUrl(id), headers, payload: { step } });

beforeAll(async () => {
  admin = await buildOrganisationMember(t, { type: 'university' });
  await t.app.inject({ method: 'PUT', url: '/api/organisations/me/sso/settings', headers: admin.auth, payload: { slug: `sign-${admin.organisationId.slice(-6)}` } });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/organisations/me/sso/connections',
    headers: admin.auth,
    payload: { protocol: 'saml', name: 'Shibboleth', saml: { metadataXml: metadataWithSlo() } },
  });
  expect(res.statusCode, res.body).toBe(201);
  connection = body(res).data.connection;
  // Tests sign in before enabling: the test-mode flow needs no enabling, sign-in does.
  await t.database.db.execute(`update sso_connections set tested_at = now(), enabled = true where id = '${connection.id}'`);
});

describe('SP signing key (decision 910)', () => {
  it('is made on first use, published in the SP metadata, and stored encrypted', async () => {
    const certs = await publishedCertificates();
    expect(certs).toHaveLength(1);
    const metadata = (await t.app.inject({ method: 'GET', url: `/api/sso/saml/${connection.id}/metadata` })).body;
    expect(metadata).toContain('AuthnRequestsSigned="true"');
    // Our SLO endpoint serves the HTTP-Redirect binding: the metadata says so.
    expect(metadata).toMatch(new RegExp(`<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${connection.serviceProvider.sloUrl}"`));
    const cert = new X509Certificate(Buffer.from(certs[0]!, 'base64'));
    expect(cert.subject).toContain(connection.id);
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const [row] = await t.database.db.select().from(ssoSpKeys).where(eq(ssoSpKeys.connectionId, connection.id));
    expect(row?.status).toBe('active');
    expect(row?.privateKeyEnc).toMatch(/^v1\./);
    expect(row?.privateKeyEnc).not.toContain('PRIVATE KEY');
    // The same key on every request (and every process: it is a row).
    expect(await publishedCertificates()).toEqual(certs);
  });

  it('signs AuthnRequests (HTTP-Redirect, RSA-SHA256) with the published key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sso/start', payload: { connectionId: connection.id } });
    const url = body(res).data.redirectUrl as string;
    expect(signedBy(url, await publishedCertificates())).toBe(true);
    // A changed byte breaks it (the check above can fail).
    expect(signedBy(url.replace('SAMLRequest=', 'SAMLRequest=A'), await publishedCertificates())).toBe(false);
  });

  it('signs the LogoutRequest of an SP-initiated logout', async () => {
    const email = `signed-slo@${admin.domain}`;
    const start = await t.app.inject({ method: 'POST', url: '/api/sso/start', payload: { connectionId: connection.id } });
    const options: ResponseOptions = {
      acsUrl: connection.serviceProvider.acsUrl,
      audience: connection.serviceProvider.entityId,
      inResponseTo: requestIdOf(body(start).data.redirectUrl),
      nameId: 'persistent-signed-1',
      attributes: { [EPPN]: [email], [MAIL]: [email] },
    };
    const acs = await t.app.inject({
      method: 'POST',
      url: `/api/sso/saml/${connection.id}/acs`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `SAMLResponse=${encodeURIComponent(samlResponse(options))}`,
    });
    const code = decodeURIComponent(String(acs.headers.location).split('#code=')[1] ?? '');
    expect(code, String(acs.headers.location)).not.toBe('');
    const token = body(await t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { code } })).data.auth.token as string;
    const logout = await t.app.inject({ method: 'POST', url: '/api/sso/logout', headers: { authorization: `Bearer ${token}` } });
    const url = body(logout).data.redirectUrl as string;
    expect(url.startsWith(`${IDP_SLO}?`)).toBe(true);
    const request = inflateRawSync(Buffer.from(new URL(url).searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    expect(request).toContain('LogoutRequest');
    expect(request).toContain('persistent-signed-1');
    expect(request).toContain(`Destination="${IDP_SLO}"`);
    expect(signedBy(url, await publishedCertificates())).toBe(true);
    expect(IDP_ENTITY).toBeTruthy();
  });
});

describe('SP signing key rollover', () => {
  it('prepare publishes the next key beside the active one; activate switches signing to it and retires the old', async () => {
    const [before] = await publishedCertificates();
    const prepared = await rollover('prepare');
    expect(prepared.statusCode, prepared.body).toBe(200);
    const keys = body(prepared).data.keys as { status: string; certificate: string; fingerprint: string }[];
    expect(keys.map((k) => k.status).sort()).toEqual(['active', 'next']);
    expect(JSON.stringify(body(prepared))).not.toContain('PRIVATE');
    const published = await publishedCertificates();
    expect(published).toHaveLength(2);
    expect(published[0]).toBe(before);
    // Still signed with the active key only, while the IdP learns the next one.
    const start = async () => body(await t.app.inject({ method: 'POST', url: '/api/sso/start', payload: { connectionId: connection.id } })).data.redirectUrl as string;
    expect(signedBy(await start(), [before!])).toBe(true);
    expect(signedBy(await start(), [published[1]!])).toBe(false);

    expect((await rollover('prepare')).statusCode).toBe(400);
    expect(body(await rollover('prepare')).message).toBe(SP_KEY_MESSAGES.waiting);

    const activated = await rollover('activate');
    expect(activated.statusCode).toBe(200);
    expect((body(activated).data.keys as { status: string }[]).map((k) => k.status)).toEqual(['active', 'retired']);
    const after = await publishedCertificates();
    expect(after).toEqual([published[1]]);
    expect(signedBy(await start(), [published[1]!])).toBe(true);
    expect(signedBy(await start(), [before!])).toBe(false);
  });

  it('cancel drops a waiting key unused; activate or cancel with nothing waiting is refused and changes nothing', async () => {
    const [active] = await publishedCertificates();
    expect((await rollover('prepare')).statusCode).toBe(200);
    const cancelled = await rollover('cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(await publishedCertificates()).toEqual([active]);
    for (const step of ['activate', 'cancel']) {
      const res = await rollover(step);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(SP_KEY_MESSAGES.noneWaiting);
    }
    expect(await publishedCertificates()).toEqual([active]);
  });

  it('lists the certificates (never a private key) for the organisation\'s admin and the platform admin', async () => {
    const mine = await t.app.inject({ method: 'GET', url: keysUrl(), headers: admin.auth });
    expect(mine.statusCode).toBe(200);
    expect(body(mine).data.keys[0]).toMatchObject({ status: 'active', certificate: expect.stringContaining('BEGIN CERTIFICATE') });
    expect(mine.body).not.toContain('PRIVATE KEY');
    const platform = await buildAdmin(t);
    const asAdmin = await t.app.inject({ method: 'GET', url: `/api/admin/organisations/${admin.organisationId}/sso/connections/${connection.id}/sp-keys`, headers: platform.auth });
    expect(asAdmin.statusCode).toBe(200);
    expect(body(asAdmin).data.keys).toEqual(body(mine).data.keys);
  });

  it('refuses no token (401), another role (403), another organisation\'s connection (404) and bad input (400)', async () => {
    expect((await t.app.inject({ method: 'GET', url: keysUrl() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: keysUrl(), payload: { step: 'prepare' } })).statusCode).toBe(401);
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'GET', url: keysUrl(), headers: student.auth })).statusCode).toBe(403);
    expect((await rollover('prepare', student.auth)).statusCode).toBe(403);
    const stranger = await buildOrganisationMember(t, { type: 'university' });
    expect((await t.app.inject({ method: 'GET', url: keysUrl(), headers: stranger.auth })).statusCode).toBe(404);
    expect((await rollover('activate', stranger.auth)).statusCode).toBe(404);
    const bad = await rollover('rotate');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors ?? [body(bad).message]).toContain(SP_KEY_MESSAGES.step);
    const rows = await t.database.db.select().from(ssoSpKeys).where(eq(ssoSpKeys.connectionId, connection.id));
    expect(rows.filter((r) => r.status !== 'retired')).toHaveLength(1);
  });
});
