import { DEMO, expect, signIn, test } from './fixtures.ts';

test('an unknown page shows the 404 page with Go Home and Sign In to a visitor', async ({ page }) => {
  await page.goto('/this-page-does-not-exist');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  await expect(main.getByRole('link', { name: 'Go to Dashboard' })).toHaveCount(0);

  // Deeper unknown paths too.
  await page.goto('/some/deeper/unknown/path');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await main.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown page shows Go Home and Go to Dashboard when signed in', async ({ page }) => {
  await signIn(page, DEMO.professional.email, DEMO.professional.password);
  await page.goto('/no-such-page');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Go Home' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await main.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/professional\/dashboard$/);
});

test('an unknown API path answers a real 404, not the app', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ success: false });
});
