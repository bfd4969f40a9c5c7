import { DEMO, SESSION_KEYS, expect, signIn, storedSession, test } from './fixtures.ts';

test('logout clears every stored key, says so and returns to the landing page', async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  // Set every spec key so the journey proves logout clears all of them, not only those sign-in wrote.
  await page.evaluate(
    (keys) => {
      for (const key of keys) if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, 'x');
    },
    [...SESSION_KEYS],
  );
  await page.evaluate(() => window.localStorage.setItem('unrelated-preference', 'kept'));

  // The page reloads 1.2 s after the server has answered whether the session also ends at an identity provider:
  // that answer is held while the page is read, so a slow poll cannot miss the message (it flaked under load).
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/sso/logout', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: 'Logging Out...' })).toBeVisible();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
  const stored = await storedSession(page);
  for (const key of SESSION_KEYS) expect(stored[key], `${key} after logout`).toBeNull();
  expect(await page.evaluate(() => window.localStorage.getItem('unrelated-preference'))).toBe('kept');

  answer();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toBeVisible();
});

test('the public header shows Dashboard, the first name and Logout when signed in', async ({ page }) => {
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/student/dashboard');
  await expect(header.getByTestId('header-user-name')).toHaveText(DEMO.student.firstName);
  await header.getByRole('link', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Logging Out...' })).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  expect((await storedSession(page)).token).toBeNull();
});
