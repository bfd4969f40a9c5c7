// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider ships no types; the test IdP declares them
/// <reference path="../apps/api/test/sso/oidc-provider.d.ts" />
import type { Page } from '@playwright/test';
import { SSO_MESSAGES } from '../packages/shared/src/sso.ts';
import { startOidcIdp, type OidcIdp } from '../apps/api/test/sso/oidc-idp.ts';
import { apiCall, apiLoginToken, expect, test, uniqueTag } from './fixtures.ts';
import { BASE, PORT, UNIVERSITY, freshPage, openUniversitySso, saveLinkName, storedUser } from './sso-helpers.ts';

// Issue 23: a university signs its students in through its own OpenID Connect provider — a real one
// (oidc-provider from npm) on the port after the server's — in the real browser.

const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? PORT + 1);

let idp: OidcIdp;
test.beforeAll(async () => {
  idp = await startOidcIdp({ port: IDP_PORT, redirectUris: [`${BASE}/api/sso/oidc/callback`], postLogoutRedirectUris: [`${BASE}/signin`] });
});
test.afterAll(async () => {
  await idp?.close();
});

/** At the IdP's own login page: type the username and submit (the browser then returns to MentorBridge). */
async function loginAtIdp(page: Page, username: string) {
  await expect(page.getByRole('heading', { name: 'Test university IdP' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Sign in at IdP' }).click();
}

test.describe.configure({ mode: 'serial' });

test('a university sets up OpenID Connect, tests it, enables it; students sign in with it', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag('sso').toLowerCase();
  const jit = { sub: `jit-${tag}`, email: `jit.${tag}@${UNIVERSITY.domain}` };
  idp.accounts.set(jit.sub, { email: jit.email, given_name: 'Isha', family_name: 'Rao', eduperson_affiliation: ['student'] });

  // The university admin: rules, a connection, a test sign-in that changes nothing, then enabling.
  await openUniversitySso(page);
  await saveLinkName(page);
  await page.getByLabel('Name (shown on the sign-in button)').fill(`IITD IdP ${tag}`);
  await page.getByLabel('Issuer URL').fill(idp.issuer);
  await page.getByLabel('Client id').fill(idp.clientId);
  await page.getByLabel('Client secret').fill(idp.clientSecret);
  await page.getByRole('button', { name: 'Add connection' }).click();
  const card = page.getByTestId('sso-connection').filter({ hasText: `IITD IdP ${tag}` });
  await expect(card).toContainText('Not tested yet');
  await card.getByRole('button', { name: 'Test sign-in' }).click();
  await loginAtIdp(page, jit.sub);
  await page.waitForURL(/\/sso\/callback$/);
  const result = page.getByTestId('sso-test-result');
  await expect(result).toContainText('Creates a new student account affiliated with your organisation');
  await expect(result).toContainText(jit.email);
  await page.getByRole('link', { name: 'Back to single sign-on settings' }).click();
  await expect(card).toContainText('Last successful test');
  await card.getByRole('button', { name: 'Enable' }).click();
  await expect(card).toContainText('Enabled');
  // The test created nobody.
  const adminToken = await apiLoginToken(request, UNIVERSITY.email, UNIVERSITY.password);

  // A student types their address on the sign-in page and is sent to the IdP: a first sign-in creates them.
  const student = await freshPage(browser);
  await student.page.goto('/signin');
  await student.page.locator('form').getByLabel(/^Email/).fill(jit.email);
  // The SAML journey may enable a connection at the same domain meanwhile: pick this one's button.
  const offer = student.page.getByTestId('sso-discovery').locator(`button[data-connection="IITD IdP ${tag}"]`);
  await expect(offer).toHaveAccessibleName(/^Sign in with /);
  await offer.click();
  await loginAtIdp(student.page, jit.sub);
  await student.page.waitForURL(/\/student\/dashboard$/);
  const firstUser = await storedUser(student.page);
  expect(firstUser.email).toBe(jit.email);
  expect(student.page.url()).not.toContain('code=');
  await student.context.close();

  // The IdP changes the address; the direct link /sso/iitd signs the same person into the same account.
  const newEmail = `isha.rao.${tag}@${UNIVERSITY.domain}`;
  idp.accounts.set(jit.sub, { email: newEmail, given_name: 'Isha', family_name: 'Rao', eduperson_affiliation: ['student'] });
  const again = await freshPage(browser);
  await again.page.goto('/sso/iitd');
  await again.page.locator(`button[data-connection="IITD IdP ${tag}"]`).click();
  await loginAtIdp(again.page, jit.sub);
  await again.page.waitForURL(/\/student\/dashboard$/);
  const secondUser = await storedUser(again.page);
  expect(secondUser.email).toBe(newEmail);
  expect(secondUser._id ?? secondUser.id).toBe(firstUser._id ?? firstUser.id);
  await again.context.close();

  // An existing password account at the domain is linked only after its password is typed once.
  const linkEmail = `link.${tag}@${UNIVERSITY.domain}`;
  const registered = await request.post('/api/auth/register', {
    data: { firstName: 'Kabir', lastName: 'Shah', email: linkEmail, password: 'Journey@123', university: 'IIT Delhi', course: 'Physics', year: 2, rollNumber: `R-${tag}`, phone: '+91 98765 43210', interests: [] },
  });
  expect(registered.status()).toBe(201);
  const registeredId = ((await registered.json()) as { data: { user: { _id?: string; id?: string } } }).data.user;
  idp.accounts.set(`link-${tag}`, { email: linkEmail, given_name: 'Kabir', family_name: 'Shah', eduperson_affiliation: ['student'] });
  const linking = await freshPage(browser);
  await linking.page.goto('/signin');
  await linking.page.locator('form').getByLabel(/^Email/).fill(linkEmail);
  await linking.page.getByTestId('sso-discovery').locator(`button[data-connection="IITD IdP ${tag}"]`).click();
  await loginAtIdp(linking.page, `link-${tag}`);
  await expect(linking.page.getByRole('heading', { name: 'Link your existing account' })).toBeVisible();
  await linking.page.getByLabel('Password of your existing account').fill('wrong-password');
  await linking.page.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(linking.page.getByText(SSO_MESSAGES.linkWrongPassword)).toBeVisible();
  await linking.page.getByLabel('Password of your existing account').fill('Journey@123');
  await linking.page.getByRole('button', { name: 'Link and sign in' }).click();
  await linking.page.waitForURL(/\/student\/dashboard$/);
  const linked = await storedUser(linking.page);
  expect(linked._id ?? linked.id).toBe(registeredId._id ?? registeredId.id);

  // Sign-out ends the product session and, by RP-initiated logout (decision 851), the IdP's: the browser
  // goes to its end_session_endpoint, which asks to confirm, then returns to the post-logout URI.
  const linkedToken = await linking.page.evaluate(() => localStorage.getItem('token'));
  await linking.page.goto('/logout');
  await linking.page.waitForURL((url) => url.port === String(IDP_PORT) && url.pathname.startsWith('/session/end'));
  await linking.page.getByRole('button', { name: /sign me out/i }).click();
  await linking.page.waitForURL((url) => url.port === String(PORT) && url.pathname === '/signin');
  expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${linkedToken}` } })).status()).toBe(401);
  expect(await linking.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await linking.context.close();

  // The university now requires SSO for its students: the password no longer signs Kabir in.
  await apiCall(request, adminToken, 'PUT', '/api/organisations/me/sso/settings', { slug: 'iitd', requiredAffiliations: ['student'] });
  const refused = await freshPage(browser);
  await refused.page.goto('/signin');
  await refused.page.locator('form').getByLabel(/^Email/).fill(linkEmail);
  await refused.page.locator('form').getByLabel(/^Password/).fill('Journey@123');
  await refused.page.locator('form').getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(refused.page.getByText(SSO_MESSAGES.ssoRequired)).toBeVisible();
  await refused.context.close();
  await apiCall(request, adminToken, 'PUT', '/api/organisations/me/sso/settings', { slug: 'iitd', requiredAffiliations: [] });
});

test('a refused sign-in shows a clear page with a reference, and no session', async ({ page }) => {
  await page.goto('/api/sso/oidc/callback?state=forged&code=nothing');
  await page.waitForURL(/\/sso\/error\?/);
  await expect(page.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
  await expect(page.getByText('could not be matched to one started here')).toBeVisible();
  await expect(page.getByTestId('sso-reference')).toHaveText(/^[0-9a-f]{24}$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
