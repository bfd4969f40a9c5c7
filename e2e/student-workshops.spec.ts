import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, expectAccessible, registerStudentViaApi, signIn, test, uniqueTag } from './fixtures.ts';
import { createWorkshopViaApi, dateInDays } from './journey-helpers.ts';

/** A published online workshop a month from now, created by the admin with a manual instructor. */
async function createWorkshop(request: APIRequestContext, title: string) {
  return createWorkshopViaApi(request, {
    title,
    description: `A hands-on journey workshop about ${title}.`,
    date: dateInDays(30),
    timezone: 'Asia/Kolkata',
    maxParticipants: 25,
    tags: ['e2e', 'journey'],
    learningOutcomes: ['Write a browser journey'],
    meetingLink: 'https://meet.example.com/e2e-workshop',
    manualInstructor: { name: 'Journey Instructor', email: 'instructor.e2e@example.com', title: 'Trainer' },
  });
}

test('a student finds a workshop, registers, sees it listed and downloads its calendar file', async ({ page, request }) => {
  const title = `Playwright Journeys ${uniqueTag()}`;
  await createWorkshop(request, title);
  const student = await registerStudentViaApi(request, 'Wanda');

  await signIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  const registered = page.getByRole('region', { name: 'Your Registered Workshops' });
  await expect(registered.getByText('No registered workshops yet')).toBeVisible();
  await expectAccessible(page);

  // Find it by search.
  await page.getByLabel('Search workshops').fill(title);
  const cards = page.locator('article');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name: title })).toBeVisible();

  // Details modal first (axe on it), then register from the modal.
  await page.getByRole('button', { name: `Details: ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('25 of 25 spots remaining')).toBeVisible();
  await expect(dialog.getByText('Journey Instructor')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Register Now' }).click();
  await expect(page.getByText('Successfully registered for workshop!')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Registered' })).toBeDisabled();
  await expect(dialog.getByText('24 of 25 spots remaining')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // It is listed under 'Your Registered Workshops', and the tab count went up.
  await expect(registered.getByText(title)).toBeVisible();
  await expect(registered.getByText('No registered workshops yet')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /Workshops/ })).toContainText('1');
  await expect(cards.getByText('Registered', { exact: true })).toBeVisible();

  // The calendar file.
  const downloadPromise = page.waitForEvent('download');
  await registered.getByRole('button', { name: `Add ${title} to calendar` }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = await readFile(await download.path(), 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics.replace(/\r?\n[ \t]/g, '')).toContain(title);
  await expectAccessible(page);

  // Cancelling asks first (the dialog's code comes when it first opens); Escape keeps the seat, focus back on Cancel.
  const cancel = registered.getByRole('listitem').filter({ hasText: title }).getByRole('button', { name: 'Cancel', exact: true });
  await cancel.click();
  const confirm = page.getByRole('dialog', { name: 'Cancel registration?' });
  await expect(confirm).toContainText(`Your seat in "${title}" will be released for someone else.`);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(cancel).toBeFocused();
  await expect(registered.getByText(title)).toBeVisible();
  await cancel.click();
  await confirm.getByRole('button', { name: 'Cancel registration' }).click();
  await expect(page.getByText('Your registration has been cancelled')).toBeVisible();
  await expect(registered.getByText('No registered workshops yet')).toBeVisible();
});

test('the student dashboard and the workshop modal work at 360 px wide', async ({ page, request }) => {
  const title = `Narrow Screen ${uniqueTag()}`;
  await createWorkshop(request, title);
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your Registered Workshops' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'horizontal overflow at 360 px').toBeLessThanOrEqual(0);
  await expectAccessible(page);

  await page.getByLabel('Search workshops').fill(title);
  await expect(page.locator('article')).toHaveCount(1);
  await page.getByRole('button', { name: `Details: ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('button', { name: 'Register Now' })).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360, 'the dialog fits in 360 px').toBe(true);
  await expectAccessible(page);

  // The mobile menu.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile menu' });
  await expect(menu.getByRole('button', { name: /Workshops/ })).toBeVisible();
  await expectAccessible(page);
  await menu.getByRole('button', { name: /Professionals/ }).click();
  await expect(page).toHaveURL(/tab=professionals/);
});

test('the dashboard at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await expect(page.getByRole('region', { name: 'Your Registered Workshops' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.locator('article').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a full load of the dashboard reads the registrations once, early, and shows them with the page', async ({ page }) => {
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  // The dashboard the sign-in opened reads the registrations too. Let it finish, and count only what
  // the reloaded document asks for: a request is counted once the main frame has navigated to the new
  // document (nothing from the old one can be sent after that). Before, the listener was attached
  // while the first dashboard could still be about to send its read, so a slow machine counted two.
  const registered = page.getByRole('region', { name: 'Your Registered Workshops' });
  await expect(registered.getByRole('listitem').first()).toBeVisible();
  const reads: string[] = [];
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  page.on('request', (request) => {
    if (reloaded && new URL(request.url()).pathname === '/api/workshops/registered') reads.push(request.headers().authorization ?? '');
  });
  // A full page load: main.tsx starts the read before React has loaded and the tab claims that answer
  // (docs/decisions/310-first-load.md), so the list below it does not move when it arrives.
  await page.reload();
  await expect(registered.getByRole('listitem').first()).toBeVisible();
  await expect(page.locator('article').first()).toBeVisible();
  expect(reloaded).toBe(true);
  expect(reads).toHaveLength(1);
  expect(reads[0]).toMatch(/^Bearer /);
});
