import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, registerStudentViaApi, test, uniqueTag } from './fixtures.ts';
import { createWorkshopViaApi, dateInDays, requestDemoProfessional } from './journey-helpers.ts';

/**
 * Issue 29 (WCAG 2.1.1, 2.4.3, 2.4.7): each role's main flow with the keyboard only — Tab, Shift+Tab,
 * Enter, Space, arrow keys and Escape; no mouse click anywhere — and a visible focus indicator on every
 * element reached. one-app.spec.ts covers the shared header and account menu the same way.
 */

/** The focused element draws an outline or a ring (box-shadow) of its own: focus is visible (2.4.7). */
async function expectVisibleFocus(page: Page) {
  const seen = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, what: 'body' };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return { ok: outline || ring, what: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"` };
  });
  expect(seen.ok, `focus is not visible on ${seen.what}`).toBe(true);
}

/** Tab forward until the focused element's accessible text matches; every stop shows its focus. */
async function tabTo(page: Page, name: RegExp, max = 80) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? `${el.getAttribute('aria-label') ?? ''} ${el.textContent ?? ''}`.trim() : '';
    });
    if (name.test(label)) {
      await expectVisibleFocus(page);
      return;
    }
  }
  throw new Error(`could not reach ${name} with Tab`);
}

/** Tab forward until `target` has focus; every stop shows its focus. */
async function tabUntil(page: Page, target: Locator, max = 120) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) {
      await expectVisibleFocus(page);
      return;
    }
  }
  throw new Error('could not reach the element with Tab');
}

/** Sign in with the keyboard only; lands on the role's dashboard. */
async function keyboardSignIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  // From the top of the page: skip link, header, then the form.
  const form = page.locator('form');
  await tabUntil(page, form.getByLabel(/^Email/));
  await page.keyboard.type(email);
  await tabUntil(page, form.getByLabel(/^Password/), 5);
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/(admin|student|professional|university|company)\/dashboard/);
}

async function publishedWorkshop(request: APIRequestContext, title: string) {
  await createWorkshopViaApi(request, {
    title,
    description: 'A workshop reached with the keyboard only.',
    date: dateInDays(10),
    endTime: '11:00',
    timezone: 'UTC',
    maxParticipants: 20,
    meetingLink: 'https://meet.example.com/keyboard',
    manualInstructor: { name: 'Keyboard Instructor', email: 'keyboard.instructor@example.com', title: 'Trainer' },
  });
}

test.use({ viewport: { width: 1280, height: 900 } });

test('keyboard only, student: find a workshop, open it, register, close with Escape', async ({ page, request }) => {
  test.setTimeout(180_000);
  const title = `Keyboard Workshop ${uniqueTag()}`;
  await publishedWorkshop(request, title);
  const student = await registerStudentViaApi(request, 'Kira');
  await keyboardSignIn(page, student.email, student.password);

  await page.getByRole('link', { name: 'Skip to content' }).focus();
  await tabUntil(page, page.getByLabel('Search workshops'));
  await page.keyboard.type(title);
  await expect(page.locator('article')).toHaveCount(1);
  await tabTo(page, new RegExp(`^Details: ${title}`));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  // Focus is inside the dialog; Tab reaches Register Now and Enter registers.
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await tabTo(page, /^Register Now/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Successfully registered for workshop!')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Registered' })).toBeDisabled();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus returns to what opened the dialog.
  await expect(page.getByRole('button', { name: `Details: ${title}` })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Your Registered Workshops' }).getByText(title)).toBeVisible();
});

test('keyboard only, professional: open the requests tab with the arrow keys and decline a request', async ({ page, request }) => {
  test.setTimeout(180_000);
  const student = await registerStudentViaApi(request, 'Kofi');
  const requestText = `Keyboard request ${uniqueTag()}`;
  await requestDemoProfessional(request, student.token, { message: requestText });

  await keyboardSignIn(page, DEMO.professional.email, DEMO.professional.password);
  // The tab list: focus the selected tab, arrow to Connection Requests.
  await page.getByRole('tab', { selected: true }).focus();
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowRight');
  const requestsTab = page.getByRole('tab', { name: /Connection Requests/ });
  await expect(requestsTab).toHaveAttribute('aria-selected', 'true');
  await expect(requestsTab).toBeFocused();
  const card = page.getByRole('listitem').filter({ hasText: requestText });
  await expect(card).toBeVisible();
  // Tab into the panel and on to this request's Respond button.
  const respondButton = card.getByRole('button', { name: 'Respond' });
  await tabUntil(page, respondButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Respond to connection request' });
  await expect(dialog).toBeVisible();
  // The decision radios: Tab to Accept, the arrow key moves to Decline (one radio group, one tab stop).
  await tabUntil(page, dialog.getByLabel('Accept'), 10);
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByLabel('Decline')).toBeChecked();
  await expectVisibleFocus(page);
  await tabTo(page, /^Decline request/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Connection request declined.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Declined');
});

test('keyboard only, admin at 360 px: the sections menu, a section by link, Back, and a dialog closed with Escape', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await keyboardSignIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole('link', { name: 'Skip to content' }).focus();
  await tabTo(page, /Open sections menu/);
  await page.keyboard.press('Enter');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav).toBeVisible();
  await tabTo(page, /^Professionals$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/section=professionals$/);
  // Focus moves to the new section's heading (2.4.3), not to the page body.
  await expect(page.getByRole('heading', { name: 'Professionals', level: 2 })).toBeFocused();
  await tabTo(page, /^Add Professional/);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Professional' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add Professional' })).toBeFocused();
  // Back (Alt+Left) returns to the console's start.
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

for (const who of [
  { role: 'university admin', email: 'university@iitd.ac.in', password: 'University@123', tab: 'Students' },
  { role: 'company admin', email: 'company@northwindlabs.in', password: 'Company@123', tab: 'Projects' },
] as const) {
  test(`keyboard only, ${who.role}: tabs with the arrow keys and the first control of the ${who.tab} tab`, async ({ page }) => {
    test.setTimeout(180_000);
    await keyboardSignIn(page, who.email, who.password);
    await page.getByRole('tab', { selected: true }).focus();
    await expectVisibleFocus(page);
    await page.keyboard.press('ArrowRight');
    const tab = page.getByRole('tab', { name: new RegExp(`^${who.tab}`) });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(tab).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`tab=${who.tab.toLowerCase()}`));
    // Tab moves on into the panel: what it reaches shows its focus.
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page);
    await expectAccessible(page);
  });
}
