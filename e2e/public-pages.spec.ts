// Issue 27: the public pages carry their content in the HTML (a reader or crawler without JavaScript sees
// it), and a workshop has its own address: shared, bookmarked, opened directly, with Back.
import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the workshops list and a workshop page are readable, with links between them', async ({ page }) => {
    await page.goto('/workshops');
    await expect(page.getByRole('heading', { level: 1, name: 'Workshops' })).toBeVisible();
    const first = page.getByRole('main').getByRole('heading', { level: 2 }).first();
    const title = (await first.innerText()).trim();
    expect(title.length).toBeGreaterThan(0);
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/workshops\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('time')).toHaveCount(1);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
    await page.goto('/experts');
    await expect(page.getByRole('heading', { level: 1, name: 'Meet the Experts' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
  });
});

for (const width of [1280, 360]) {
  test(`a workshop's own address opens its details, and Back returns to the list (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/workshops');
    const details = page.getByRole('button', { name: /^Details: / }).first();
    await expect(details).toBeVisible();
    const title = ((await details.getAttribute('aria-label')) ?? '').replace(/^Details: /, '');
    await details.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(title);
    await expect(page).toHaveURL(/\/workshops\/[0-9a-f]{24}$/);
    const address = page.url();
    await expectAccessible(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/workshops$/);
    await expect(dialog).toBeHidden();

    // Opened directly (a shared link): the list with that workshop's details.
    await page.goto(address);
    await expect(page.getByRole('dialog')).toContainText(title);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/workshops$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Workshops' })).toBeVisible();
  });
}
