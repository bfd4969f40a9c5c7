import { DEMO, expect, signIn, test } from './fixtures.ts';

// This journey consumes the demo account's temporary password: it can only pass once per fresh
// database (the e2e server deletes its data directory at start). No other journey signs in as
// newmentor@example.com, so the order of journeys does not matter; a retry would fail, so none.
test.describe.configure({ retries: 0 });

test('a professional on a temporary password must change it before using the dashboard', async ({ page }) => {
  // Issue 16: nothing reads the API behind the dialog (every such read answers 403).
  const apiCalls: { url: string; status: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push({ url: `${response.request().method()} ${url.pathname}`, status: response.status() });
  });
  await signIn(page, DEMO.newProfessional.email, DEMO.newProfessional.password);
  await expect(page).toHaveURL(/\/professional\/dashboard$/);

  const dialog = page.getByRole('dialog', { name: 'Change your temporary password' });
  await expect(dialog).toBeVisible();
  // Blocking: no close button, and Escape does not dismiss it.
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  // A weak or mismatched new password is refused with a message; the dialog stays.
  await dialog.getByLabel('Current password').fill(DEMO.newProfessional.password);
  await dialog.getByLabel('New password', { exact: true }).fill('N3w-Strong!Pass');
  await dialog.getByLabel('Confirm new password').fill('something-else');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog).toBeVisible();

  const newPassword = 'N3w-Strong!Pass';
  await dialog.getByLabel('Confirm new password').fill(newPassword);
  const callsBeforeChange = apiCalls.length;
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  // The dialog closes at once into a working dashboard, and says so.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed successfully!' })).toBeVisible();
  await expect(page.getByText('Total Workshops')).toBeVisible();
  await expect(page.locator('[role="alert"]')).toHaveCount(0);

  // The sign-in page's own requests (sign-in, and the SSO discovery of the typed address, which may
  // answer after the dialog opened) are not reads behind the dialog.
  const behindTheDialog = apiCalls.slice(0, callsBeforeChange).filter((c) => !c.url.startsWith('POST /api/auth/') && c.url !== 'POST /api/sso/discover');
  expect(behindTheDialog, 'no read behind the password dialog').toEqual([]);
  expect(apiCalls.filter((c) => c.status === 403)).toEqual([]);

  // Reloading does not bring the dialog back: the server no longer flags the account.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The old password is dead, the new one works.
  const oldLogin = await page.request.post('/api/auth/login', {
    data: { email: DEMO.newProfessional.email, password: DEMO.newProfessional.password },
  });
  expect(oldLogin.status()).toBe(401);
  const newLogin = await page.request.post('/api/auth/login', {
    data: { email: DEMO.newProfessional.email, password: newPassword },
  });
  expect(newLogin.status()).toBe(200);
});
