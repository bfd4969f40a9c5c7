import { expect, expectAccessible, test } from './fixtures.ts';

const PUBLIC_PAGES = [
  { path: '/', heading: /./ },
  { path: '/about', heading: 'About MentorBridge' },
  { path: '/signin', heading: /./ },
  { path: '/signup', heading: /./ },
  { path: '/contact', heading: 'Contact us' },
  { path: '/features', heading: 'Features' },
  { path: '/partners', heading: 'Partners' },
  { path: '/careers', heading: 'Careers' },
  { path: '/blog', heading: 'Blog' },
  { path: '/help', heading: 'Help Center' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/no-such-page', heading: 'Page not found' },
];

for (const { path, heading } of PUBLIC_PAGES) {
  test(`axe finds no WCAG 2.1 AA violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Wait for content from the API to replace the loading skeletons.
    await expect(page.locator('[aria-hidden="true"].animate-pulse')).toHaveCount(0);
    await expect(page.locator('main#main')).toHaveCount(1);
    await expectAccessible(page);
  });
}

test('axe finds no violations on the mobile menu and the product tour at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.locator('[aria-hidden="true"].animate-pulse')).toHaveCount(0);
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Close menu' }).click();
  await page.getByRole('button', { name: 'Watch Demo' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page);
});
