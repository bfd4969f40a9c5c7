import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

/**
 * Issue 16: a failed submit never happens silently out of sight. On a phone the registration form is
 * far taller than the screen; the message and the field it is about must come to the user: focus
 * moves to that field, which is described by the announced message (components/ui/field.tsx Alert).
 */
test.use({ viewport: { width: 360, height: 740 } });

async function expectFocusedAndShown(page: Page, field: Locator, message: string) {
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(describedBy.split(' ').filter(Boolean).map((id) => page.locator(`[id="${id}"]`).innerText()));
  expect(texts.join(' ')).toContain(message);
  await expect(page.getByRole('alert')).toHaveText(message);
}

test('registration on a phone: a failed submit focuses the field at fault and announces why', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: /^Student/ }).click();
  const form = page.locator('form');
  await form.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  const submit = form.getByRole('button', { name: 'Create Account' });

  // The submit button is ~1,000 px below the first field.
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  await expectFocusedAndShown(page, form.getByLabel('First Name'), 'First name is required');
  await expectAccessible(page);

  await form.getByLabel('First Name').fill('Meera');
  await form.getByLabel('Last Name').fill('Joshi');
  await form.getByLabel(/^Email/).fill(`meera.${Date.now()}@example.com`);
  await form.getByLabel(/^Password/).fill('abcdef1');
  await form.getByLabel('Confirm Password').fill('abcdef2');
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  await expectFocusedAndShown(page, form.getByLabel('Confirm Password'), 'Passwords do not match');

  // Fixing the field clears the message and the invalid mark.
  await form.getByLabel('Confirm Password').fill('abcdef1');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(form.getByLabel('Confirm Password')).not.toHaveAttribute('aria-invalid', 'true');
});

test('sign-in on a phone: an empty submit focuses the empty field; a refused one focuses the message', async ({ page }) => {
  await page.goto('/signin');
  const form = page.locator('form');
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectFocusedAndShown(page, form.getByLabel(/^Email/), 'Please enter both email and password');

  await form.getByLabel(/^Email/).fill('nobody@example.com');
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectFocusedAndShown(page, form.getByLabel(/^Password/), 'Please enter both email and password');

  await form.getByLabel(/^Password/).fill('Wrong-password-1');
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toBeFocused();
  await expectAccessible(page);
});
