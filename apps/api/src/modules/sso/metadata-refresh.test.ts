import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { buildAdmin, buildStudent } from '../../../test/factories.ts';
import { IDP_ENTITY, KEYS, idpMetadata, requestIdOf, samlResponse } from '../../../test/sso/saml-idp.ts';
import { ssoConnections } from '../../db/schema/sso.ts';
import { buildOrganisationMember, type BuiltMember } from '../organisations/test-helpers.ts';
import { durationMs, nextRefresh, RETIRING_GRACE_MS } from './metadata-refresh.ts';

// Scheduled SAML metadata refresh (decision 900): the clock is moved, never slept on.

const t = useTestApp({ SSO_FETCH_ALLOW_HOSTS: '127.0.0.1' });
const body = (res: { body: string }) => JSON.parse(res.body);
const T0 = new Date('2026-12-01T08:00:00Z');
const HOUR = 3_600_000;

/** The IdP's metadata URL: what it serves can be changed, and every request is counted. */
let served: { status: number; xml: string } = { status: 200, xml: idpMetadata([KEYS[0]!.cert]) };
let hits = 0;
let server: Server;
let metadataUrl = '';
let admin: BuiltMember;
let connectionId = '';

const withAttributes = (xml: string, attrs: string) => xml.replace('entityID=', `${attrs} entityID=`);
const row = async () => (await t.database.db.select().from(ssoConnections).where(eq(ssoConnections.id, connectionId)))[0]!;
const card = async () => body(await t.app.inject({ method: 'GET', url: '/api/organisations/me/sso', headers: admin.auth })).data.connections.find((c: { id: string }) => c.id === connectionId);
const refreshUrl = (id = connectionId) => `/api/organisations/me/sso/connections/${id}/metadata-refresh`;
async function at(instant: Date) {
  t.app.ctx.clock.set(instant);
  await t.app.ctx.scheduler.runDue();
}

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(served.status, { 'content-type': 'application/samlmetadata+xml' }).end(served.xml);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  metadataUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/idp/metadata`;
  admin = await buildOrganisationMember(t, { type: 'university' });
  await t.app.inject({ method: 'PUT', url: '/api/organisations/me/sso/settings', headers: admin.auth, payload: { slug: `mdr-${admin.organisationId.slice(-6)}` } });
  t.app.ctx.clock.set(T0);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/organisations/me/sso/connections',
    headers: admin.auth,
    payload: { protocol: 'saml', name: 'Campus IdP', saml: { metadataUrl } },
  });
  expect(res.statusCode, res.body).toBe(201);
  connectionId = body(res).data.connection.id;
});
afterEach(() => t.app.ctx.clock.set(null));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('metadata schedule', () => {
  it('reads ISO 8601 durations and takes the soonest of 24 h, cacheDuration and validUntil, not under 15 minutes', () => {
    expect(durationMs('PT6H')).toBe(6 * HOUR);
    expect(durationMs('P1DT30M')).toBe(24 * HOUR + 30 * 60_000);
    expect(durationMs('P1W')).toBe(7 * 24 * HOUR);
    expect(durationMs('PT')).toBeNull();
    expect(durationMs('6 hours')).toBeNull();
    expect(nextRefresh(T0, { validUntil: null, cacheMs: null }).toISOString()).toBe(new Date(T0.getTime() + 24 * HOUR).toISOString());
    expect(nextRefresh(T0, { validUntil: null, cacheMs: 6 * HOUR }).getTime()).toBe(T0.getTime() + 6 * HOUR);
    expect(nextRefresh(T0, { validUntil: new Date(T0.getTime() + 2 * HOUR), cacheMs: 6 * HOUR }).getTime()).toBe(T0.getTime() + 2 * HOUR);
    expect(nextRefresh(T0, { validUntil: null, cacheMs: 60_000 }).getTime()).toBe(T0.getTime() + 15 * 60_000);
  });
});

describe('scheduled refresh', () => {
  it('records the first import and schedules the next read 24 hours later', async () => {
    const c = await card();
    expect(c.saml).toMatchObject({ metadataUrl, metadataRefreshedAt: T0.toISOString(), metadataError: null, metadataNextRefreshAt: new Date(T0.getTime() + 24 * HOUR).toISOString() });
    expect(c.saml.certificates).toHaveLength(1);
  });

  it('does not read before it is due, then reads once and takes a new certificate and cacheDuration', async () => {
    hits = 0;
    served = { status: 200, xml: withAttributes(idpMetadata([KEYS[0]!.cert, KEYS[1]!.cert]), 'cacheDuration="PT6H"') };
    await at(new Date(T0.getTime() + 23 * HOUR));
    expect(hits).toBe(0);
    const due = new Date(T0.getTime() + 24 * HOUR);
    await at(due);
    expect(hits).toBe(1);
    await at(new Date(due.getTime() + 10 * 60_000)); // a later slot: not due again yet
    expect(hits).toBe(1);
    const c = await card();
    expect(c.saml.certificates.map((x: { retiringUntil: string | null }) => x.retiringUntil)).toEqual([null, null]);
    expect(c.saml).toMatchObject({ metadataRefreshedAt: due.toISOString(), metadataCheckedAt: due.toISOString(), metadataError: null });
    expect(c.saml.metadataNextRefreshAt).toBe(new Date(due.getTime() + 6 * HOUR).toISOString());
  });

  it('keeps a certificate the metadata dropped for the grace period, then drops it', async () => {
    const r = await row();
    served = { status: 200, xml: idpMetadata([KEYS[1]!.cert]) };
    const when = r.metadataNextRefreshAt!;
    await at(when);
    let c = await card();
    expect(c.saml.certificates).toHaveLength(2);
    const old = c.saml.certificates.find((x: { retiringUntil: string | null }) => x.retiringUntil !== null);
    expect(old.retiringUntil).toBe(new Date(when.getTime() + RETIRING_GRACE_MS).toISOString());
    // Still not listed after the grace: gone.
    await at(new Date(when.getTime() + RETIRING_GRACE_MS + 60_000));
    c = await card();
    expect(c.saml.certificates).toHaveLength(1);
    expect(c.saml.certificates[0].retiringUntil).toBeNull();
  });

  it('a failed read keeps the last good settings, shows the error and tries again in an hour', async () => {
    const before = await row();
    served = { status: 500, xml: 'oops' };
    const when = before.metadataNextRefreshAt!;
    await at(when);
    const c = await card();
    expect(c.saml.metadataError).toMatch(/metadata URL could not be read: the metadata URL answered 500/);
    expect(c.saml.metadataCheckedAt).toBe(when.toISOString());
    expect(c.saml.metadataRefreshedAt).toBe(before.metadataRefreshedAt!.toISOString());
    expect(c.saml.metadataNextRefreshAt).toBe(new Date(when.getTime() + HOUR).toISOString());
    expect((await row()).idpCertificates).toEqual(before.idpCertificates);
  });

  it('refuses expired metadata (validUntil) and metadata naming another entity id', async () => {
    let when = (await row()).metadataNextRefreshAt!;
    served = { status: 200, xml: withAttributes(idpMetadata([KEYS[2]!.cert]), `validUntil="${new Date(when.getTime() - HOUR).toISOString()}"`) };
    await at(when);
    expect((await card()).saml.metadataError).toMatch(/expired .*validUntil/);
    expect((await row()).idpCertificates).not.toContain(KEYS[2]!.cert.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ''));
    when = (await row()).metadataNextRefreshAt!;
    served = { status: 200, xml: idpMetadata([KEYS[2]!.cert]).replace(IDP_ENTITY, 'https://evil.example/idp') };
    await at(when);
    expect((await card()).saml.metadataError).toMatch(/names the entity id https:\/\/evil\.example\/idp/);
  });
});

describe('Refresh now', () => {
  it('refuses no token, another role, another organisation and a connection without a metadata URL', async () => {
    expect((await t.app.inject({ method: 'POST', url: refreshUrl() })).statusCode).toBe(401);
    const student = await buildStudent(t);
    expect((await t.app.inject({ method: 'POST', url: refreshUrl(), headers: student.auth })).statusCode).toBe(403);
    const stranger = await buildOrganisationMember(t, { type: 'university' });
    expect((await t.app.inject({ method: 'POST', url: refreshUrl(), headers: stranger.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: refreshUrl('not-an-id'), headers: admin.auth })).statusCode).toBe(404);
    const pasted = await t.app.inject({
      method: 'POST',
      url: '/api/organisations/me/sso/connections',
      headers: admin.auth,
      payload: { protocol: 'saml', name: 'Pasted', saml: { metadataXml: idpMetadata([KEYS[0]!.cert]) } },
    });
    const res = await t.app.inject({ method: 'POST', url: refreshUrl(body(pasted).data.connection.id), headers: admin.auth });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toMatch(/not set up from a metadata URL/);
  });

  it('reads at once, clears the error, and answers 409 while another refresh holds the connection', async () => {
    served = { status: 200, xml: idpMetadata([KEYS[1]!.cert, KEYS[2]!.cert]) };
    const now = new Date(Date.now());
    t.app.ctx.clock.set(now);
    const res = await t.app.inject({ method: 'POST', url: refreshUrl(), headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.connection.saml).toMatchObject({ metadataError: null, metadataRefreshedAt: now.toISOString() });
    expect(body(res).data.connection.saml.certificates).toHaveLength(2);
    await t.database.db.update(ssoConnections).set({ metadataLeaseUntil: new Date(now.getTime() + 60_000) }).where(eq(ssoConnections.id, connectionId));
    const busy = await t.app.inject({ method: 'POST', url: refreshUrl(), headers: admin.auth });
    expect(busy.statusCode).toBe(409);
    // An abandoned lease (its process died) expires: the next try proceeds.
    t.app.ctx.clock.set(new Date(now.getTime() + 2 * 60_000));
    expect((await t.app.inject({ method: 'POST', url: refreshUrl(), headers: admin.auth })).statusCode).toBe(200);
  });

  it('the platform admin refreshes any organisation’s connection', async () => {
    const platform = await buildAdmin(t);
    t.app.ctx.clock.set(new Date(Date.now() + 10 * 60_000));
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/organisations/${admin.organisationId}/sso/connections/${connectionId}/metadata-refresh`, headers: platform.auth });
    expect(res.statusCode, res.body).toBe(200);
    const wrongOrg = await buildOrganisationMember(t, { type: 'university' });
    const res404 = await t.app.inject({ method: 'POST', url: `/api/admin/organisations/${wrongOrg.organisationId}/sso/connections/${connectionId}/metadata-refresh`, headers: platform.auth });
    expect(res404.statusCode).toBe(404);
  });

  it('a sign-in refused on its signature brings the next refresh forward', async () => {
    const r = await row();
    const now = new Date(r.metadataCheckedAt!.getTime() + 20 * 60_000);
    t.app.ctx.clock.set(now);
    await t.app.inject({ method: 'PUT', url: `/api/organisations/me/sso/connections/${connectionId}/enabled`, headers: admin.auth, payload: { enabled: false } });
    await t.database.db.update(ssoConnections).set({ testedAt: now, enabled: true }).where(eq(ssoConnections.id, connectionId));
    const sp = (await card()).serviceProvider;
    const start = await t.app.inject({ method: 'POST', url: '/api/sso/start', payload: { connectionId } });
    const requestId = requestIdOf(body(start).data.redirectUrl);
    const acs = await t.app.inject({
      method: 'POST',
      url: `/api/sso/saml/${connectionId}/acs`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `SAMLResponse=${encodeURIComponent(samlResponse({ acsUrl: sp.acsUrl, audience: sp.entityId, inResponseTo: requestId, nameId: 'p-1', attributes: {}, signWith: 0 }))}`,
    });
    expect(String(acs.headers.location)).toContain('reason=signature');
    expect((await row()).metadataNextRefreshAt!.toISOString()).toBe(now.toISOString());
  });
});
