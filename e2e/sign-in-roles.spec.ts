import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, storedSession, test } from './fixtures.ts';

/** Record every path the app shows, including client-side (history API) navigations. */
async function recordPaths(page: Page) {
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __paths: string[] }).__paths = log;
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        log.push(location.pathname);
      };
    }
  });
  return () => page.evaluate(() => (window as unknown as { __paths: string[] }).__paths);
}

test('an admin signs in and lands on the admin dashboard', async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const stored = await storedSession(page);
  expect(stored.userRole).toBe('admin');
  expect(stored.adminAuth).toBe('true');
  expect(stored.studentAuth).toBeNull();
});

test('a student signs in and lands on the student dashboard', async ({ page }) => {
  const paths = await recordPaths(page);
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  await expect(page.getByRole('main')).toBeVisible();
  expect(await paths()).not.toContain('/professional/dashboard');
  const stored = await storedSession(page);
  expect(stored.userRole).toBe('student');
  expect(stored.studentAuth).toBe('true');
  expect(stored.adminAuth).toBeNull();
});

test('a professional signs in and ends on the professional dashboard', async ({ page }) => {
  const paths = await recordPaths(page);
  await signIn(page, DEMO.professional.email, DEMO.professional.password);
  await expect(page).toHaveURL(/\/professional\/dashboard$/);
  // The sign-in page sends every non-admin to /student/dashboard, whose guard forwards a professional
  // (spec 000 §4). When the session is stored, /signin's own visitors-only guard may already move
  // the page to the role's dashboard first; either way the professional never sees another dashboard.
  const urls = await paths();
  expect(urls.at(-1)).toBe('/professional/dashboard');
  expect(urls).not.toContain('/admin/dashboard');
  const stored = await storedSession(page);
  expect(stored.userRole).toBe('professional');
  expect(stored.professionalAuth).toBe('true');
  // No password dialog for a professional who already chose their own password.
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('sign-in with a wrong password shows the error and stays on /signin', async ({ page }) => {
  await page.goto('/signin');
  const form = page.locator('form');
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Please enter both email and password')).toBeVisible();
  await form.getByLabel(/^Email/).fill(DEMO.student.email);
  await form.getByLabel(/^Password/).fill('not-the-password');
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/signin$/);
});

test('a signed-in user opening /signin is sent to their dashboard', async ({ page }) => {
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await page.goto('/signin');
  await expect(page).toHaveURL(/\/student\/dashboard$/);
});
