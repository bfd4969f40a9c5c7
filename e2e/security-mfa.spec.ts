import * as OTPAuth from 'otpauth';
import type { Page } from '@playwright/test';
import { DASHBOARD_URL, expect, expectAccessible, registerStudentViaApi, test } from './fixtures.ts';

/**
 * Issue 23: two-step verification with an authenticator app (codes computed here, as the app would),
 * passkeys with Chromium's virtual authenticator (DevTools protocol), and the active sessions list.
 */
const PORT = Number(process.env.E2E_PORT ?? 3200);
/** WebAuthn refuses IP addresses as relying party ids: passkey journeys use the localhost name. */
const LOCALHOST = `http://localhost:${PORT}`;

function totpCode(secret: string, offsetMs = 0) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetMs });
}

async function passwordStep(page: Page, email: string, password: string, base = '') {
  await page.goto(`${base}/signin`);
  const form = page.locator('form');
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The password, then a recovery code instead of the app's code. */
async function recoveryCodeStep(page: Page, email: string, password: string, code: string) {
  await passwordStep(page, email, password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel(/^Recovery code/).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
]) {
  test.describe(`security at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    // Several sign-ins and a passkey ceremony per journey on a shared 2-core machine.
    test.describe.configure({ timeout: 150_000 });

    test('enrol an authenticator app, then sign in with a code and with a recovery code', async ({ page, request }) => {
      const student = await registerStudentViaApi(request, 'Totp');
      await passwordStep(page, student.email, student.password);
      await page.waitForURL(DASHBOARD_URL);
      await page.goto('/account/security');
      await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Set up authenticator app' }).click();
      await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expect(page.getByTestId('totp-uri')).toHaveAttribute('href', new RegExp(`^otpauth://totp/.*secret=${secret}`));
      await expectAccessible(page);
      await page.getByLabel(/^Code from the app/).fill(totpCode(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
      await expect(dialog).toBeVisible();
      const codes = await dialog.getByRole('listitem').allTextContents();
      expect(codes).toHaveLength(10);
      await dialog.getByRole('button', { name: 'I have saved them' }).click();
      await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();
      await signOut(page);

      // The password alone is not enough now.
      await passwordStep(page, student.email, student.password);
      await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
      await expect(page.getByLabel(/^Authentication code/)).toBeFocused();
      await page.getByLabel(/^Authentication code/).fill('000000' === totpCode(secret, 30_000) ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('alert')).toContainText('That code is not valid');
      // The enrolment used this step's code: the app's next code (accepted within the window) signs in.
      await page.getByLabel(/^Authentication code/).fill(totpCode(secret, 30_000));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(DASHBOARD_URL);
      await signOut(page);

      // A recovery code works once.
      await recoveryCodeStep(page, student.email, student.password, codes[0]!);
      await page.waitForURL(DASHBOARD_URL);
      await signOut(page);
      await recoveryCodeStep(page, student.email, student.password, codes[0]!);
      await expect(page.getByRole('alert')).toContainText('That code is not valid');
    });

    test('register a passkey, sign in with it alone, and use it as the second step', async ({ page, request }) => {
      const student = await registerStudentViaApi(request, 'Passkey');
      await addVirtualAuthenticator(page);
      await passwordStep(page, student.email, student.password, LOCALHOST);
      await page.waitForURL(DASHBOARD_URL);
      await page.goto(`${LOCALHOST}/account/security`);
      await expect(page.getByText('No passkeys yet.')).toBeVisible();
      await page.getByLabel(/^Passkey name/).fill('Test laptop');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      const list = page.getByRole('list', { name: 'Your passkeys' });
      await expect(list.getByText('Test laptop')).toBeVisible();
      // Rename it.
      await list.getByRole('button', { name: 'Rename Test laptop' }).click();
      await list.getByLabel(/^Passkey name/).fill('Work laptop');
      await list.getByRole('button', { name: 'Save' }).click();
      await expect(list.getByText('Work laptop')).toBeVisible();
      await expectAccessible(page);
      await signOut(page);

      // First factor: no e-mail, no password.
      await page.goto(`${LOCALHOST}/signin`);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.waitForURL(DASHBOARD_URL);
      await signOut(page);

      // Second factor after the password.
      await passwordStep(page, student.email, student.password, LOCALHOST);
      await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await page.waitForURL(DASHBOARD_URL);

      // Remove it: the password alone signs in again.
      await page.goto(`${LOCALHOST}/account/security`);
      await page.getByRole('list', { name: 'Your passkeys' }).getByRole('button', { name: 'Remove Work laptop' }).click();
      await page.getByRole('dialog', { name: 'Remove passkey' }).getByRole('button', { name: 'Remove' }).click();
      await expect(page.getByText('No passkeys yet.')).toBeVisible();
    });

    test('see where you are signed in and end another session', async ({ page, browser, request }) => {
      const student = await registerStudentViaApi(request, 'Sessions');
      const other = await browser.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
      const phone = await other.newPage();
      await passwordStep(phone, student.email, student.password);
      await phone.waitForURL(DASHBOARD_URL);

      await passwordStep(page, student.email, student.password);
      await page.waitForURL(DASHBOARD_URL);
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Security' }).click();
      await page.waitForURL(/\/account\/security$/);
      const sessions = page.getByRole('list', { name: 'Active sessions' });
      // The registration's session, the phone's and this one.
      await expect(sessions.getByRole('listitem')).toHaveCount(3);
      await expect(sessions.getByText('This device')).toHaveCount(1);
      await expectAccessible(page);
      const endButtons = sessions.getByRole('button', { name: /^Sign out / });
      await expect(endButtons).toHaveCount(2);
      await endButtons.first().click();
      await expect(sessions.getByRole('listitem')).toHaveCount(2);
      await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await page.getByRole('dialog', { name: 'Sign out everywhere else' }).getByRole('button', { name: 'Sign out everywhere else' }).click();
      await expect(sessions.getByRole('listitem')).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

      // The other browser's token stopped working: its next request sends it to sign in.
      await phone.reload();
      await phone.waitForURL(/\/signin/);
      await other.close();
    });
  });
}
