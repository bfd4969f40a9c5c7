import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_MESSAGES } from '@app/shared/sso';
import { useTestApp, type TestContext } from '../../../test/harness.ts';
import { IDP_ENTITY, KEYS, idpMetadata } from '../../../test/sso/saml-idp.ts';
import { buildOrganisationMember, type BuiltMember } from '../organisations/test-helpers.ts';
import { ssoConnections } from '../../db/schema/sso.ts';
import { eq } from 'drizzle-orm';
import { FetchRefused, checkDestination, isPublicAddress, safeFetch, type FetchPolicy } from './safe-fetch.ts';

// Server-side request forgery (decision 850): IdP URLs typed by an admin never reach this machine,
// its private network or a cloud metadata service, unless the operator allowlists the host.

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254', // AWS / GCP / Azure metadata service
    '100.64.0.1',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::10.0.0.1',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254', // AWS metadata service over IPv6
    'ff02::1',
    '2001:db8::1',
    '2002:7f00:1::1',
  ])('%s is not public', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8'])(
    '%s is public',
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );

  it('a host name is not an address', () => {
    expect(isPublicAddress('example.org')).toBe(false);
  });
});

const strict: FetchPolicy = { allowHosts: [], httpsOnly: true };
const lenient: FetchPolicy = { allowHosts: [], httpsOnly: false };

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FetchRefused);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('checkDestination', () => {
  it('refuses loopback, private, link-local and metadata-service literals', async () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://10.0.0.8/metadata',
      'https://192.168.0.10/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00:ec2::254]/',
      'https://[::ffff:127.0.0.1]/',
      'https://2130706433/', // 127.0.0.1 written as one number
      'https://0x7f.1/',
    ]) {
      expect(await refusal(checkDestination(url, strict)), url).toMatch(/not a public address/);
    }
  });

  it('refuses a host name that resolves to a non-public address', async () => {
    expect(await refusal(checkDestination('https://localhost/', strict))).toMatch(/localhost resolves to .* not a public address/);
  });

  it('refuses plain http in production, other schemes and credentials in the URL', async () => {
    expect(await refusal(checkDestination('http://8.8.8.8/', strict))).toMatch(/plain http/);
    expect(await refusal(checkDestination('file:///etc/passwd', lenient))).toMatch(/scheme/);
    expect(await refusal(checkDestination('gopher://8.8.8.8/', lenient))).toMatch(/scheme/);
    expect(await refusal(checkDestination('https://user:pw@8.8.8.8/', strict))).toMatch(/user name or password/);
    expect(await refusal(checkDestination('not a url', strict))).toMatch(/valid URL/);
  });

  it('lets an allowlisted host through, over http too', async () => {
    const allow: FetchPolicy = { allowHosts: ['127.0.0.1', 'localhost', '::1'], httpsOnly: true };
    expect((await checkDestination('http://127.0.0.1:8080/x', allow)).href).toBe('http://127.0.0.1:8080/x');
    expect((await checkDestination('http://localhost/x', allow)).hostname).toBe('localhost');
    expect((await checkDestination('http://[::1]/x', allow)).hostname).toBe('[::1]');
    // The allowlist names hosts, not ranges: a neighbour is still refused.
    expect(await refusal(checkDestination('https://127.0.0.2/', allow))).toMatch(/not a public address/);
  });
});

describe('safeFetch', () => {
  let server: Server;
  let base = '';
  let other = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/ok') return res.end('hello');
      if (req.url === '/to-metadata-service') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (req.url === '/to-localhost') return res.writeHead(302, { location: `${other}/ok` }).end();
      if (req.url === '/to-self') return res.writeHead(302, { location: '/ok' }).end();
      if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      if (req.url === '/big') return res.end(Buffer.alloc(2_000_000, 97));
      if (req.url === '/big-chunked') {
        res.writeHead(200, { 'transfer-encoding': 'chunked' });
        for (let i = 0; i < 40; i++) res.write(Buffer.alloc(100_000, 97));
        return res.end();
      }
      if (req.url === '/silent') return; // never answers
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    other = `http://localhost:${port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  // Outside production (plain http allowed), so the redirects below are judged by their address.
  const allow = (): FetchPolicy => ({ allowHosts: ['127.0.0.1'], httpsOnly: false, timeoutMs: 2000 });

  it('refuses this machine without the allowlist, before connecting', async () => {
    expect(await refusal(safeFetch(`${base}/ok`, {}, lenient))).toMatch(/not a public address/);
    expect(await refusal(safeFetch(`${other}/ok`, {}, lenient))).toMatch(/resolves to .* not a public address/);
  });

  it('reads an allowlisted host', async () => {
    const res = await safeFetch(`${base}/ok`, {}, allow());
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello');
  });

  it('checks every redirect again: to the metadata service, to another non-public host', async () => {
    expect(await refusal(safeFetch(`${base}/to-metadata-service`, {}, allow()))).toMatch(/169\.254\.169\.254 is not a public address/);
    expect(await refusal(safeFetch(`${base}/to-localhost`, {}, allow()))).toMatch(/localhost resolves to/);
    expect(await (await safeFetch(`${base}/to-self`, {}, allow())).text()).toBe('hello');
    expect(await refusal(safeFetch(`${base}/loop`, {}, allow()))).toMatch(/too many redirects/);
  });

  it('returns a redirect as is when asked (openid-client), refuses it when redirects are errors', async () => {
    const res = await safeFetch(`${base}/to-metadata-service`, { redirect: 'manual' }, allow());
    expect(res.status).toBe(302);
    expect(await refusal(safeFetch(`${base}/to-self`, { redirect: 'error' }, allow()))).toMatch(/no redirect is allowed/);
  });

  it('stops reading past the size limit, declared or streamed', async () => {
    expect(await refusal(safeFetch(`${base}/big`, {}, { ...allow(), maxBytes: 500_000 }))).toMatch(/larger than 500000 bytes/);
    expect(await refusal(safeFetch(`${base}/big-chunked`, {}, { ...allow(), maxBytes: 500_000 }))).toMatch(/larger than 500000 bytes/);
  });

  it('gives up on a host that does not answer', async () => {
    expect(await refusal(safeFetch(`${base}/silent`, {}, { ...allow(), timeoutMs: 100 }))).toMatch(/no answer within 100 ms/);
  });
});

/** POST /api/organisations/me/sso/connections as `admin`. */
const createConnection = (t: TestContext, admin: BuiltMember, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/organisations/me/sso/connections', headers: admin.auth, payload: payload as object });

/**
 * For a describe block: a university's admin and an IdP on this machine (started before its tests, closed
 * after): /metadata answers SAML metadata, each of `routes` answers as given (with the IdP's base URL), any
 * other path 404.
 */
function useLocalIdp(t: TestContext, routes: Record<string, (res: ServerResponse, base: string) => void>) {
  const idp = { admin: undefined as unknown as BuiltMember, base: '' };
  let server: Server | undefined;
  beforeAll(async () => {
    idp.admin = await buildOrganisationMember(t, { type: 'university' });
    const xml = idpMetadata([KEYS[0]!.cert]);
    const started = createServer((req, res) => {
      if (req.url === '/metadata') return res.end(xml);
      const route = routes[req.url ?? ''];
      if (route) return route(res, idp.base);
      res.statusCode = 404;
      res.end();
    });
    server = started;
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
    idp.base = `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
  });
  afterAll(() => server?.close());
  return idp;
}

describe('connections refuse non-public IdP URLs (API)', () => {
  const t = useTestApp();
  const idp = useLocalIdp(t, { '/.well-known/openid-configuration': (res, base) => res.end(JSON.stringify({ issuer: base })) });
  const create = (payload: unknown) => createConnection(t, idp.admin, payload);
  const count = async () => (await t.database.db.select().from(ssoConnections).where(eq(ssoConnections.organisationId, idp.admin.organisationId))).length;

  it('an OIDC issuer on this machine or the metadata service is refused with the reason; nothing is saved', async () => {
    for (const issuer of [idp.base, 'http://169.254.169.254', 'http://localhost:9', 'http://[::1]:9', 'http://10.0.0.1']) {
      const res = await create({ protocol: 'oidc', name: 'Internal', oidc: { issuer, clientId: 'x', clientSecret: 'y' } });
      expect(res.statusCode, issuer).toBe(400);
      const message = JSON.parse(res.body).message as string;
      expect(message.startsWith(SSO_MESSAGES.discoveryFailed), message).toBe(true);
      expect(message).toMatch(/not a public address/);
    }
    expect(await count()).toBe(0);
  });

  it('a SAML metadata URL on this machine, a private network or the metadata service is refused; nothing is saved', async () => {
    for (const metadataUrl of [`${idp.base}/metadata`, 'http://169.254.169.254/latest/meta-data/', 'http://localhost/metadata', 'http://192.168.1.1/md']) {
      const res = await create({ protocol: 'saml', name: 'Internal', saml: { metadataUrl } });
      expect(res.statusCode, metadataUrl).toBe(400);
      const message = JSON.parse(res.body).message as string;
      expect(message.startsWith(SSO_MESSAGES.metadataUrlFailed), message).toBe(true);
      expect(message).toMatch(/not a public address/);
    }
    expect(await count()).toBe(0);
  });
});

describe('SSO_FETCH_ALLOW_HOSTS (API)', () => {
  const t = useTestApp({ SSO_FETCH_ALLOW_HOSTS: ' 127.0.0.1 ' });
  const idp = useLocalIdp(t, { '/redirect': (res) => res.writeHead(302, { location: 'http://169.254.169.254/md' }).end() });

  it('an allowlisted host is read; a redirect from it to the metadata service is still refused', async () => {
    const ok = await createConnection(t, idp.admin, { protocol: 'saml', name: 'Campus IdP', saml: { metadataUrl: `${idp.base}/metadata` } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(JSON.parse(ok.body).data.connection.saml.idpEntityId).toBe(IDP_ENTITY);

    const redirected = await createConnection(t, idp.admin, { protocol: 'saml', name: 'Redirected', saml: { metadataUrl: `${idp.base}/redirect` } });
    expect(redirected.statusCode).toBe(400);
    expect(JSON.parse(redirected.body).message).toMatch(/169\.254\.169\.254 is not a public address/);
  });
});
