import type { Page } from '@playwright/test';
import { DEMO, uniqueTag, expect, expectAccessible, registerStudentViaApi, signIn, test } from './fixtures.ts';
import { requestDemoProfessional } from './journey-helpers.ts';

const TABS = [
  { id: 'overview', name: 'Overview', ready: /Overview|Total Students|Sessions/i },
  { id: 'requests', name: /Connection Requests/, ready: 'Respond' },
  { id: 'workshops', name: 'My Workshops', ready: null },
  { id: 'sessions', name: 'Sessions', ready: 'Upcoming Sessions' },
  { id: 'students', name: 'Connected Students', ready: null },
  { id: 'availability', name: 'Availability', ready: 'Add availability' },
  { id: 'settings', name: 'Settings', ready: null },
] as const;

/** No spinner left in the tab panel: the tab shows its data (or its empty/error state). */
async function settled(page: Page) {
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('status').filter({ hasText: /Loading/i })).toHaveCount(0);
}

test('every professional dashboard tab and the Respond dialog pass axe', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A pending request of our own, so the Requests tab always has a Respond button to open.
  const student = await registerStudentViaApi(request, 'Axel');
  const requestText = `Accessibility journey request ${uniqueTag()}`;
  await requestDemoProfessional(request, student.token, { message: requestText });

  await signIn(page, DEMO.professional.email, DEMO.professional.password);
  for (const tab of TABS) {
    await page.getByRole('tab', { name: tab.name }).click();
    await expect(page.getByRole('tab', { name: tab.name })).toHaveAttribute('aria-selected', 'true');
    if (tab.id !== 'overview') await expect(page).toHaveURL(new RegExp(`tab=${tab.id}`));
    await settled(page);
    if (typeof tab.ready === 'string') await expect(page.getByRole('tabpanel').getByText(tab.ready).first()).toBeVisible();
    await expectAccessible(page);
  }

  // The Respond dialog for our request, in both decisions.
  await page.getByRole('tab', { name: /Connection Requests/ }).click();
  const card = page.getByRole('listitem').filter({ hasText: requestText });
  await card.getByRole('button', { name: 'Respond' }).click();
  const dialog = page.getByRole('dialog', { name: 'Respond to connection request' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Decline').check();
  await expect(dialog.getByRole('button', { name: 'Decline request' })).toBeVisible();
  await expectAccessible(page);
  // Declining also leaves the shared demo professional without this journey's pending request.
  await dialog.getByRole('button', { name: 'Decline request' }).click();
  await expect(page.getByText('Connection request declined.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Declined');
});

test('the professional dashboard works at 360 px wide', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, DEMO.professional.email, DEMO.professional.password);
  for (const tab of TABS) {
    await page.getByRole('tab', { name: tab.name }).click();
    await settled(page);
    // Nothing wider than the screen: no sideways scrolling.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on the ${tab.id} tab`).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  }
});
