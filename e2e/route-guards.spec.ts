import { DEMO, expect, signIn, test } from './fixtures.ts';

test('a student opening /admin/dashboard is sent back to /student/dashboard', async ({ page }) => {
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/student\/dashboard$/);
});

test('a visitor opening a dashboard is sent to /signin', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin$/);
});

test('/dashboard and the role shortcuts send a signed-in admin to the admin dashboard', async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/student');
  // /student redirects to /student/dashboard, whose guard sends an admin to their own dashboard.
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
