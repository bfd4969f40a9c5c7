import { DEMO, expect, expectAccessible, signIn, test } from './fixtures.ts';

const SECTIONS = ['Dashboard', 'Students', 'Professionals', 'Workshops', 'Student Ideas', 'Analytics', 'Settings'];

test('every console section is accessible at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeAttached();
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(page.getByRole('button', { name: 'Open sections menu' })).toBeHidden();
  for (const section of SECTIONS) {
    await nav.getByRole('link', { name: section, exact: true }).click();
    await expect(nav.getByRole('link', { name: section, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
    await expectAccessible(page);
  }
  // The dashboard's numbers arrive (no fixed placeholders).
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('main')).not.toContainText('1247');
});

test('at 360 px the sidebar becomes a menu and lists become cards', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  const menu = page.getByRole('button', { name: 'Open sections menu' });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeHidden();
  await expectAccessible(page);

  for (const section of ['Professionals', 'Students', 'Workshops', 'Student Ideas']) {
    await page.getByRole('button', { name: 'Open sections menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: section, exact: true }).click();
    await expect(nav).toBeHidden();
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
    // Cards, not a table.
    await expect(page.getByRole('table')).toBeHidden();
    const cards = page.getByRole('main').getByRole('list').filter({ has: page.getByRole('listitem') }).first();
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${section} is wider than 360 px`).toBeLessThanOrEqual(0);
    const clipped = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main *'))
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && (r.right > window.innerWidth + 0.5 || r.left < -0.5);
        })
        .map((e) => `${e.tagName.toLowerCase()} ${e.getAttribute('aria-label') ?? ''} ${e.className}`.slice(0, 120)),
    );
    expect(clipped, `${section}: elements cut off at the screen edge`).toEqual([]);
    await expectAccessible(page);
  }

  // A modal at 360 px fits too.
  await page.getByRole('button', { name: 'Open sections menu' }).click();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Professionals' }).click();
  await page.getByRole('button', { name: 'Add Professional' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Professional' })).toBeVisible();
  await expectAccessible(page);
});
