// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider ships no types; the test IdP declares them
/// <reference path="../apps/api/test/sso/oidc-provider.d.ts" />
import { createServer, type Server } from 'node:http';
import type { Browser, Page } from '@playwright/test';
import { signInAtIdp, startOidcIdp, type OidcIdp } from '../apps/api/test/sso/oidc-idp.ts';
import { apiCall, apiLoginToken, expect, test, uniqueTag } from './fixtures.ts';
import { BASE, PORT, UNIVERSITY, freshPage } from './sso-helpers.ts';

// Issue 23, decision 912: a person signs out at their university's OpenID Connect provider (IdP-initiated
// logout) and MentorBridge's session in their browser ends too, through the back channel — a real
// oidc-provider, the real browser. Someone else signed in through the same IdP stays signed in.

// Its own ports, the IdP on E2E_PORT+3 and the back-channel relay on E2E_PORT+4: the two workers run it beside
// sso-oidc.spec.ts (IdP on +1) and sso-saml.spec.ts (+2), whose ports it took once (EADDRINUSE).
const IDP_PORT = Number(process.env.E2E_LOGOUT_IDP_PORT ?? PORT + 3);
const RELAY_PORT = PORT + 4;

let idp: OidcIdp;
let relay: Server;
/** The connection the IdP's back-channel calls are relayed to (known once the connection is made). */
let connectionId = '';
const relayed: number[] = [];

test.beforeAll(async () => {
  // The IdP registers one back-channel URI per client at start; the connection's own URI
  // (/api/sso/oidc/<id>/backchannel-logout) exists only later, so a relay forwards to it.
  relay = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      void fetch(`${BASE}/api/sso/oidc/${connectionId}/backchannel-logout`, {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type']) },
        body: text,
      }).then(async (r) => {
        relayed.push(r.status);
        res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text());
      });
    });
  });
  await new Promise<void>((resolve) => relay.listen(RELAY_PORT, '127.0.0.1', resolve));
  idp = await startOidcIdp({
    port: IDP_PORT,
    redirectUris: [`${BASE}/api/sso/oidc/callback`],
    postLogoutRedirectUris: [`${BASE}/signin`],
    backchannelLogoutUri: `http://127.0.0.1:${RELAY_PORT}/backchannel`,
  });
});
test.afterAll(async () => {
  await idp?.close();
  await new Promise<void>((resolve) => relay.close(() => resolve()));
});

async function signInWithIdp(browser: Browser, connectionName: string, username: string): Promise<{ page: Page; token: string; close: () => Promise<void> }> {
  const { context, page } = await freshPage(browser);
  await page.goto('/sso/iitd');
  await page.locator(`button[data-connection="${connectionName}"]`).click();
  await expect(page.getByRole('heading', { name: 'Test university IdP' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Sign in at IdP' }).click();
  await page.waitForURL(/\/student\/dashboard$/);
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  expect(token).not.toBe('');
  return { page, token, close: () => context.close() };
}

test('signing out at the OpenID Connect provider ends that person\'s MentorBridge session, and only theirs', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag('bcl').toLowerCase();
  const name = `IITD logout IdP ${tag}`;
  const admin = await apiLoginToken(request, UNIVERSITY.email, UNIVERSITY.password);
  const overview = await apiCall<{ settings: { slug: string } | null }>(request, admin, 'GET', '/api/organisations/me/sso');
  if (overview.settings?.slug !== 'iitd') await apiCall(request, admin, 'PUT', '/api/organisations/me/sso/settings', { slug: 'iitd' });
  const created = await apiCall<{ connection: { id: string; serviceProvider: { backchannelLogoutUri: string } } }>(
    request,
    admin,
    'POST',
    '/api/organisations/me/sso/connections',
    { protocol: 'oidc', name, oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } },
  );
  connectionId = created.connection.id;
  expect(created.connection.serviceProvider.backchannelLogoutUri).toMatch(new RegExp(`/api/sso/oidc/${connectionId}/backchannel-logout$`));
  try {
    // The admin's test sign-in (at the IdP, outside the browser), then the connection is enabled.
    const ana = { sub: `ana-${tag}`, email: `ana.${tag}@${UNIVERSITY.domain}` };
    const ben = { sub: `ben-${tag}`, email: `ben.${tag}@${UNIVERSITY.domain}` };
    idp.accounts.set(ana.sub, { email: ana.email, given_name: 'Ana', family_name: 'Iyer', eduperson_affiliation: ['student'] });
    idp.accounts.set(ben.sub, { email: ben.email, given_name: 'Ben', family_name: 'Das', eduperson_affiliation: ['student'] });
    const testStart = await apiCall<{ redirectUrl: string }>(request, admin, 'POST', `/api/organisations/me/sso/connections/${connectionId}/test`);
    const callback = await signInAtIdp(testStart.redirectUrl, ana.sub, `${BASE}/api/sso/oidc/callback`);
    const answered = await request.get(`${callback.pathname}${callback.search}`, { maxRedirects: 0 });
    const code = decodeURIComponent((answered.headers().location ?? '').split('#code=')[1] ?? '');
    const report = await apiCall<{ kind: string }>(request, admin, 'POST', '/api/sso/exchange', { code });
    expect(report.kind).toBe('test');
    await apiCall(request, admin, 'PUT', `/api/organisations/me/sso/connections/${connectionId}/enabled`, { enabled: true });

    // Two students sign in through the IdP, each in their own browser.
    const anaBrowser = await signInWithIdp(browser, name, ana.sub);
    const benBrowser = await signInWithIdp(browser, name, ben.sub);
    try {
      // Ana signs out at the IdP itself (its own end-session page, not through MentorBridge).
      await anaBrowser.page.goto(`${idp.issuer}/session/end`);
      await anaBrowser.page.getByRole('button', { name: /sign me out/i }).click();
      await expect.poll(() => relayed.length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(relayed).toEqual([200]);
      expect(idp.backchannelErrors).toEqual([]);

      // Her MentorBridge session has ended: the token is refused and the next page load is signed out.
      expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${anaBrowser.token}` } })).status()).toBe(401);
      await anaBrowser.page.goto('/student/dashboard');
      await anaBrowser.page.waitForURL(/\/signin/);
      expect(await anaBrowser.page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      // Ben, signed in through the same IdP, is untouched.
      expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${benBrowser.token}` } })).status()).toBe(200);
      await benBrowser.page.reload();
      await expect(benBrowser.page).toHaveURL(/\/student\/dashboard$/);
    } finally {
      await anaBrowser.close();
      await benBrowser.close();
    }
  } finally {
    await apiCall(request, admin, 'DELETE', `/api/organisations/me/sso/connections/${connectionId}`);
  }
});
