import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KEYS, idpMetadata } from '../apps/api/test/sso/saml-idp.ts';
import { apiCall, apiLoginToken, expect, expectAccessible, test, uniqueTag } from './fixtures.ts';
import { UNIVERSITY, openUniversitySso, saveLinkName } from './sso-helpers.ts';

// Issue 23, decisions 900–902: a university admin watches a SAML connection's metadata refresh (and its
// failure), refreshes it on demand, edits the attribute mapping with role values (refused while invalid)
// and chooses the rule for existing accounts — in the real browser.

/** The IdP's metadata URL, on this machine (allowlisted by the journeys' server). */
let served = { status: 200, xml: idpMetadata([KEYS[0]!.cert]) };
let server: Server;
let metadataUrl = '';
test.beforeAll(async () => {
  server = createServer((_req, res) => void res.writeHead(served.status, { 'content-type': 'application/samlmetadata+xml' }).end(served.xml));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  metadataUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/idp/metadata`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('a university admin refreshes SAML metadata, edits the attribute mapping and the rule for existing accounts', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('md');
  const name = `Campus SAML ${tag}`;
  await openUniversitySso(page);
  // The rules are saved once per server (the settings' hint also says "direct sign-in link": match the line itself).
  await expect(page.getByLabel('Link name')).toBeVisible();
  if (!(await page.getByText(/^Direct sign-in link/).isVisible())) {
    await saveLinkName(page);
  }
  await page.getByLabel('Protocol').selectOption('saml');
  await page.getByLabel('Name (shown on the sign-in button)').fill(name);
  await page.getByLabel('IdP metadata URL').fill(metadataUrl);
  await page.getByRole('button', { name: 'Add connection' }).click();
  const card = page.getByTestId('sso-connection').filter({ hasText: name });
  const status = card.getByTestId('sso-metadata-status');
  await expect(status).toContainText('Last metadata refresh');
  await expect(status).toContainText(metadataUrl);
  await expect(status).toContainText('Next refresh');

  // The IdP publishes a second certificate: "Refresh now" takes it.
  served = { status: 200, xml: idpMetadata([KEYS[0]!.cert, KEYS[1]!.cert]) };
  await status.getByRole('button', { name: 'Refresh now' }).click();
  await expect(status).toContainText('Metadata refreshed');
  // The IdP's URL breaks: the error is shown, the connection keeps its settings.
  served = { status: 500, xml: 'down' };
  await status.getByRole('button', { name: 'Refresh now' }).click();
  await expect(status.getByTestId('sso-metadata-error')).toContainText('the metadata URL answered 500');
  await expect(status).toContainText('The metadata could not be refreshed');

  // The attribute mapping: a required field left empty and a bad affiliation word are refused, under the field.
  const settings = card.getByTestId('sso-connection-settings');
  await settings.locator('summary').click();
  const email = settings.getByRole('textbox', { name: 'E-mail address' });
  await email.fill('');
  await settings.getByRole('button', { name: 'Add a role value' }).click();
  await settings.getByLabel('Value from the identity provider').fill('Undergraduate');
  await settings.getByLabel('MentorBridge affiliation').fill('Student Union!');
  await settings.getByRole('button', { name: 'Save mapping' }).click();
  await expect(settings.getByText('Give at least one attribute name.')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(settings.getByText('Use a short word in lower-case letters, such as student, staff or alumni.')).toBeVisible();
  await email.fill('campusEmail, mail');
  await settings.getByLabel('MentorBridge affiliation').fill('student');
  await settings.getByRole('button', { name: 'Save mapping' }).click();
  await expect(settings.getByText('Mapping saved. Run a test sign-in, then enable the connection again.')).toBeVisible();

  // The rule for existing accounts.
  await settings.getByRole('radio', { name: 'Never link automatically' }).check();
  await settings.getByRole('button', { name: 'Save rule' }).click();
  await expect(settings.getByText('Rule for existing accounts saved')).toBeVisible();
  await expectAccessible(page);

  const token = await apiLoginToken(request, UNIVERSITY.email, UNIVERSITY.password);
  const overview = await apiCall<{ connections: Array<{ id: string; name: string; linkPolicy: string; mapping: { email: string[]; affiliationValues?: Record<string, string> }; saml: { certificates: unknown[]; metadataError: string | null } }> }>(
    request,
    token,
    'GET',
    '/api/organisations/me/sso',
  );
  const saved = overview.connections.find((c) => c.name === name)!;
  expect(saved.linkPolicy).toBe('never');
  expect(saved.mapping.email).toEqual(['campusEmail', 'mail']);
  expect(saved.mapping.affiliationValues).toEqual({ Undergraduate: 'student' });
  expect(saved.saml.certificates).toHaveLength(2);
  expect(saved.saml.metadataError).toMatch(/answered 500/);
  // Leave the shared demo university as it was.
  await apiCall(request, token, 'DELETE', `/api/organisations/me/sso/connections/${saved.id}`);
});

// Decision 910 (console, decision 1000): MentorBridge's own SAML signing key — seen, rolled over in two
// confirmed steps, a refused step shown — at desktop and phone widths.
for (const width of [1280, 360]) {
  test(`a university admin rolls over the SAML signing key at ${width} px`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const token = await apiLoginToken(request, UNIVERSITY.email, UNIVERSITY.password);
    const overview = await apiCall<{ settings: unknown }>(request, token, 'GET', '/api/organisations/me/sso');
    if (!overview.settings) await apiCall(request, token, 'PUT', '/api/organisations/me/sso/settings', { slug: 'iitd' });
    const name = `Key SAML ${uniqueTag('key')}`;
    const created = await apiCall<{ connection: { id: string } }>(request, token, 'POST', '/api/organisations/me/sso/connections', {
      protocol: 'saml',
      name,
      saml: { metadataXml: idpMetadata([KEYS[0]!.cert]) },
    });
    const id = created.connection.id;
    const keysPath = `/api/organisations/me/sso/connections/${id}/sp-keys`;
    try {
      const first = (await apiCall<{ keys: Array<{ status: string; fingerprint: string }> }>(request, token, 'GET', keysPath)).keys;
      const oldFingerprint = first.find((k) => k.status === 'active')!.fingerprint;

      await openUniversitySso(page);
      const keys = page.getByTestId('sso-connection').filter({ hasText: name }).getByTestId('sso-sp-keys');
      await keys.scrollIntoViewIfNeeded();
      await expect(keys.getByRole('heading', { name: "MentorBridge's signing key" })).toBeVisible();
      await expect(keys.getByTestId('sso-sp-key-active-fingerprint')).toHaveText(oldFingerprint);
      await expect(keys.getByTestId('sso-sp-key-next')).toHaveCount(0);

      // Step 1, confirmed: a new key is published beside the current one, which keeps signing.
      await keys.getByRole('button', { name: 'Start key rollover' }).click();
      const dialog = page.getByRole('dialog', { name: 'Start a key rollover?' });
      await expect(dialog).toContainText('The current key keeps signing');
      await dialog.getByRole('button', { name: 'Publish new key' }).click();
      await expect(keys).toContainText('New key published in the SP metadata.');
      await expect(keys.getByTestId('sso-sp-key-next')).toBeVisible();
      await expect(keys).toContainText('make sure your identity provider trusts the new certificate');
      const nextFingerprint = (await keys.getByTestId('sso-sp-key-next-fingerprint').textContent())!;
      expect(nextFingerprint).not.toBe(oldFingerprint);
      await expect(keys.getByTestId('sso-sp-key-active-fingerprint')).toHaveText(oldFingerprint);
      // The SP metadata the IdP reads publishes both certificates now.
      const metadata = await (await request.get(`/api/sso/saml/${id}/metadata`)).text();
      expect(metadata.match(/<KeyDescriptor use="signing"/g)).toHaveLength(2);

      if (width === 1280) {
        // Another admin finishes the rollover meanwhile: this page's "Switch" is refused, with the reason shown.
        await apiCall(request, token, 'POST', keysPath, { step: 'activate' });
        await keys.getByRole('button', { name: 'Switch to the new key' }).click();
        await page.getByRole('dialog', { name: 'Switch to the new key?' }).getByRole('button', { name: 'Switch now' }).click();
        await expect(keys.getByRole('alert')).toContainText('There is no new signing key waiting: prepare one first');
        // The panel reloads the keys after a refusal: it shows the rollover the other admin finished.
        await expect(keys.getByTestId('sso-sp-key-active-fingerprint')).toHaveText(nextFingerprint);
        await expect(keys.getByTestId('sso-sp-key-next')).toHaveCount(0);
        // Another rollover, finished here: step 2, confirmed.
        await keys.getByRole('button', { name: 'Start key rollover' }).click();
        await page.getByRole('dialog', { name: 'Start a key rollover?' }).getByRole('button', { name: 'Publish new key' }).click();
        const third = (await keys.getByTestId('sso-sp-key-next-fingerprint').textContent())!;
        await keys.getByRole('button', { name: 'Switch to the new key' }).click();
        const confirm = page.getByRole('dialog', { name: 'Switch to the new key?' });
        await expect(confirm).toContainText('Continue only if your identity provider already has the new certificate');
        await confirm.getByRole('button', { name: 'Switch now' }).click();
        await expect(keys).toContainText('The new key now signs; the old one is no longer published.');
        await expect(keys.getByTestId('sso-sp-key-active-fingerprint')).toHaveText(third);
        await expect(keys.getByTestId('sso-sp-key-next')).toHaveCount(0);
      } else {
        // Discarded instead: the current key stays, nothing is waiting.
        await keys.getByRole('button', { name: 'Discard the new key' }).click();
        await page.getByRole('dialog', { name: 'Discard the new key?' }).getByRole('button', { name: 'Discard' }).click();
        await expect(keys).toContainText('The new key was discarded.');
        await expect(keys.getByTestId('sso-sp-key-next')).toHaveCount(0);
        await expect(keys.getByTestId('sso-sp-key-active-fingerprint')).toHaveText(oldFingerprint);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      }
      await expectAccessible(page);
    } finally {
      await apiCall(request, token, 'DELETE', `/api/organisations/me/sso/connections/${id}`);
    }
  });
}
