import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ssoConnections } from '../src/db/schema/sso.ts';
import type { App } from '../src/lib/http.ts';
import { buildOrganisationMember } from '../src/modules/organisations/test-helpers.ts';
import { METADATA_REFRESH_EVERY_MS, refreshDueMetadata } from '../src/modules/sso/metadata-refresh.ts';
import { testConfig, useTestApp } from './harness.ts';
import { KEYS, idpMetadata } from './sso/saml-idp.ts';

// Decision 900: with several API processes on one database (two apps here, each with its own scheduler
// and job runner), a due SAML metadata refresh reads the IdP once. On PostgreSQL (TEST_DATABASE_URL)
// the two run truly in parallel on separate connections.

const t = useTestApp({ SSO_FETCH_ALLOW_HOSTS: '127.0.0.1' });
let other: App;
let server: Server;
let hits = 0;
let connectionId = '';
const nextDue = async () => (await t.database.db.select().from(ssoConnections).where(eq(ssoConnections.id, connectionId)))[0]!.metadataNextRefreshAt!;

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits += 1;
    // A slow IdP: the second process asks while the first is still reading.
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(idpMetadata([KEYS[0]!.cert, KEYS[1]!.cert])), 150);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const metadataUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metadata`;
  const admin = await buildOrganisationMember(t, { type: 'university' });
  await t.app.inject({ method: 'PUT', url: '/api/organisations/me/sso/settings', headers: admin.auth, payload: { slug: `mp-${admin.organisationId.slice(-6)}` } });
  const res = await t.app.inject({ method: 'POST', url: '/api/organisations/me/sso/connections', headers: admin.auth, payload: { protocol: 'saml', name: 'IdP', saml: { metadataUrl } } });
  expect(res.statusCode, res.body).toBe(201);
  connectionId = JSON.parse(res.body).data.connection.id;
  other = await buildApp({ config: testConfig({ SSO_FETCH_ALLOW_HOSTS: '127.0.0.1' }), database: t.database, startJobs: false, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SAML metadata refresh with two processes', () => {
  it('two schedulers ticking the same slot read a due connection exactly once', async () => {
    const due = new Date((await nextDue()).getTime() + 60_000);
    t.app.ctx.clock.set(due);
    other.ctx.clock.set(due);
    hits = 0;
    await Promise.all([t.app.ctx.scheduler.runDue(), other.ctx.scheduler.runDue(), t.app.ctx.scheduler.runDue(), other.ctx.scheduler.runDue()]);
    expect(hits).toBe(1);
    const slot = Math.floor(due.getTime() / METADATA_REFRESH_EVERY_MS);
    const jobs = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE key = $1`, [`sso.metadata-refresh:${slot}`]);
    expect(jobs[0]?.n).toBe(1);
    const [row] = await t.database.db.select().from(ssoConnections).where(eq(ssoConnections.id, connectionId));
    expect(row?.idpCertificates).toHaveLength(2);
    expect(row?.metadataCheckedAt?.toISOString()).toBe(due.toISOString());
  });

  it('two processes running the task at the same moment (different slots, a retried job) claim the connection once', async () => {
    const due = new Date((await nextDue()).getTime() + 60_000);
    hits = 0;
    const deps = (app: App) => ({ db: app.ctx.db, config: app.ctx.config, now: () => due });
    const [a, b] = await Promise.all([refreshDueMetadata(deps(t.app)), refreshDueMetadata(deps(other))]);
    expect(hits).toBe(1);
    expect(a.length + b.length).toBe(1);
  });
});
