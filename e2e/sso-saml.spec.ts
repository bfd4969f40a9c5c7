import { deflateRawSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { samlIdpMissing, startSamlIdp, type SamlIdp } from '../scripts/saml-idp/saml-idp.ts';
import { expect, test, uniqueTag } from './fixtures.ts';
import { BASE, PORT, UNIVERSITY, freshPage, openUniversitySso, saveLinkName, storedUser } from './sso-helpers.ts';

// Issue 23: a university signs its students in through a real SAML 2.0 identity provider — Debian's
// SimpleSAMLphp (scripts/saml-idp), two ports after the server's — in the real browser. The server must
// be allowed to read the IdP's metadata on this machine: SSO_FETCH_ALLOW_HOSTS=127.0.0.1 (decision 850).

const IDP_PORT = Number(process.env.E2E_SAML_IDP_PORT ?? PORT + 2);
const EPPN_OID = 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6';

const missing = samlIdpMissing();
let idp: SamlIdp | undefined;

test.describe.configure({ mode: 'serial' });
test.skip(missing !== null, `SAML journey skipped: ${missing ?? ''}`);

test.beforeAll(async () => {
  if (!missing) idp = await startSamlIdp({ port: IDP_PORT });
});
test.afterAll(async () => {
  await idp?.close();
});

/** SimpleSAMLphp's own login page: user name, password, Login. */
async function loginAtIdp(page: Page, username: string, password: string) {
  await page.waitForURL((url) => url.port === String(IDP_PORT));
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('#submit_button').click();
}

test('a university adds its SAML IdP from the metadata URL, tests it, enables it; a student signs in and out', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const saml = idp!;
  const tag = uniqueTag('saml').toLowerCase();
  const student = { username: `s${tag}`, password: 'Student@123', email: `saml.${tag}@${UNIVERSITY.domain}` };
  saml.setUser({
    username: student.username,
    password: student.password,
    attributes: {
      uid: [student.username],
      eduPersonPrincipalName: [`${student.username}@${UNIVERSITY.domain}`],
      mail: [student.email],
      givenName: ['Anika'],
      sn: ['Verma'],
      displayName: ['Anika Verma'],
      eduPersonAffiliation: ['student', 'member'],
      eduPersonScopedAffiliation: [`student@${UNIVERSITY.domain}`],
    },
  });

  // The university admin: a link name, then the connection from the IdP's metadata URL.
  await openUniversitySso(page);
  await saveLinkName(page);
  await page.getByLabel('Protocol').selectOption('saml');
  await page.getByLabel('Name (shown on the sign-in button)').fill(`IITD Shibboleth ${tag}`);
  await page.getByLabel('IdP metadata URL').fill(saml.metadataUrl);
  await page.getByRole('button', { name: 'Add connection' }).click();
  const card = page.getByTestId('sso-connection').filter({ hasText: `IITD Shibboleth ${tag}` });
  await expect(card).toContainText('Not tested yet');
  await expect(card).toContainText(saml.entityId);

  // What the IT department does at its IdP: register MentorBridge from the SP metadata URL shown.
  await card.getByText('Values for your identity provider').click();
  const spMetadataUrl = await card.getByRole('link', { name: /\/api\/sso\/saml\/.+\/metadata$/ }).textContent();
  const spMetadata = await request.get(spMetadataUrl ?? '');
  expect(spMetadata.status()).toBe(200);
  // MentorBridge publishes its signing certificate: SimpleSAMLphp then REQUIRES signed AuthnRequests and
  // logout messages from it (validate.authnrequest, validate.logout; decision 910).
  expect(saml.registerSpMetadata(await spMetadata.text())).toEqual({ signingCertificates: 1 });
  const spEntityId = /entityID="([^"]+)"/.exec(await spMetadata.text())?.[1] ?? '';
  const unsigned = deflateRawSync(
    Buffer.from(
      `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_unsigned${tag}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${saml.baseUrl}/saml2/idp/SingleLogoutService.php"><saml:Issuer>${spEntityId}</saml:Issuer><saml:NameID>nobody</saml:NameID></samlp:LogoutRequest>`,
    ),
  ).toString('base64');
  const refused = await request.get(`${saml.baseUrl}/saml2/idp/SingleLogoutService.php?SAMLRequest=${encodeURIComponent(unsigned)}`);
  // SimpleSAMLphp answers with its error page (status 200 from php -S) naming the refusal.
  expect((await refused.text()).slice(0, 20_000)).toMatch(/no signature found on message/i);

  // The test sign-in: the received attributes and the account they would map to; nobody signed in.
  await card.getByRole('button', { name: 'Test sign-in' }).click();
  await loginAtIdp(page, student.username, student.password);
  await page.waitForURL(/\/sso\/callback$/);
  const result = page.getByTestId('sso-test-result');
  await expect(result).toContainText('Creates a new student account affiliated with your organisation');
  await expect(result).toContainText(student.email);
  await expect(result).toContainText(EPPN_OID);
  await expect(result).toContainText('Anika');
  await page.getByRole('link', { name: 'Back to single sign-on settings' }).click();
  await expect(card).toContainText('Last successful test');
  await card.getByRole('button', { name: 'Enable' }).click();
  await expect(card).toContainText('Enabled');

  // A student types their address, is sent to SimpleSAMLphp, and lands on their new dashboard.
  const s = await freshPage(browser);
  await s.page.goto('/signin');
  await s.page.locator('form').getByLabel(/^Email/).fill(student.email);
  // Other journeys (OIDC's) may enable connections at the same domain meanwhile: pick this one's button.
  const offer = s.page.getByTestId('sso-discovery').locator(`button[data-connection="IITD Shibboleth ${tag}"]`);
  await expect(offer).toHaveAccessibleName(/^Sign in with /);
  await offer.click();
  await loginAtIdp(s.page, student.username, student.password);
  await s.page.waitForURL(/\/student\/dashboard$/);
  const user = await storedUser(s.page);
  expect(user.email).toBe(student.email);
  expect(s.page.url()).not.toContain('SAMLResponse');

  // Sign-out ends the product session and, through SAML Single Logout, the IdP session: the browser
  // goes to SimpleSAMLphp with our signed LogoutRequest (an unsigned one is refused, above) and comes
  // back with its LogoutResponse.
  const token = await s.page.evaluate(() => localStorage.getItem('token'));
  await s.page.goto('/logout');
  await s.page.waitForURL((url) => url.port === String(IDP_PORT) || url.pathname === '/signin', { timeout: 20_000 });
  await s.page.waitForURL((url) => url.port === String(PORT) && url.pathname === '/signin', { timeout: 20_000 });
  expect(await s.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  // The IdP session ended too: signing in again asks for the password at the IdP.
  await s.page.goto('/sso/iitd');
  await s.page.locator(`button[data-connection="IITD Shibboleth ${tag}"]`).click();
  await loginAtIdp(s.page, student.username, student.password);
  await s.page.waitForURL(/\/student\/dashboard$/);
  const second = await s.page.evaluate(() => localStorage.getItem('token'));
  expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${second}` } })).status()).toBe(200);

  // IdP-initiated logout (the person signs out at the university's portal): SimpleSAMLphp sends a
  // signed LogoutRequest to our SLO URL, which ends the MentorBridge session and answers.
  // The IdP's page moves on by itself (a form it posts, then our answer): that may abort the first
  // navigation, which is not a failure; where the browser ends up is what is checked.
  await s.page
    .goto(`${saml.baseUrl}/saml2/idp/initSLO.php?RelayState=${encodeURIComponent(`${BASE}/signin`)}`, { waitUntil: 'commit' })
    .catch((error: unknown) => {
      if (!String(error).includes('ERR_ABORTED')) throw error;
    });
  await s.page.waitForURL((url) => url.port === String(PORT) && url.pathname === '/signin', { timeout: 20_000 });
  expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${second}` } })).status()).toBe(401);
  await s.context.close();
});
