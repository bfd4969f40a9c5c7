import { DEMO, expect, expectAccessible, signIn, test } from './fixtures.ts';

/** A date some weeks ahead (YYYY-MM-DD), so the workshop is upcoming whatever day the journey runs. */
function futureDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('an admin creates a workshop as a draft, publishes it, and a student then sees it', async ({ page, browser }) => {
  // Two people, five axe scans and a reload: ~45 s on a quiet machine, close to the default 60 s under load.
  test.slow();
  const title = `Data Pipelines Clinic ${Date.now() % 1e7}`;
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Workshops' }).click();
  await expect(page.getByRole('heading', { name: 'Workshops', level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Workshops' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create Workshop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Workshop' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  const submit = dialog.getByRole('button', { name: 'Create Workshop' });
  await expect(submit).toBeDisabled();

  await dialog.getByLabel(/^Title/).first().fill(title);
  await dialog.getByLabel(/^Description/).fill('Hands-on session: build a small batch pipeline and test it.');
  await dialog.getByLabel(/^Category/).selectOption('Data Science');
  await dialog.getByLabel(/^Difficulty/).selectOption('Intermediate');
  await dialog.getByLabel(/^Date/).fill(futureDate(30));
  await dialog.getByLabel(/^Start time/).fill('10:00');
  await dialog.getByLabel(/^End time/).fill('12:00');
  await dialog.getByLabel(/^Max participants/).fill('25');
  // Instructor: an existing professional (the demo mentor).
  await dialog.getByRole('radio', { name: 'Existing professional' }).check();
  await expect(submit).toBeDisabled();
  const picker = dialog.getByLabel(/^Professional/);
  await picker.selectOption({ label: await picker.locator('option', { hasText: 'Ananya' }).first().innerText() });
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.getByText('Workshop created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search workshops' }).fill(title);
  const row = page.getByRole('table', { name: 'Workshops' }).getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Draft');

  // A draft is not visible to students.
  const context = await browser.newContext();
  const student = await context.newPage();
  try {
    const search = async () => {
      await student.getByRole('tab', { name: /Workshops/ }).click();
      await student.getByLabel('Search workshops').fill(title);
    };
    await signIn(student, DEMO.student.email, DEMO.student.password);
    await search();
    await expect(student.getByText(title)).toHaveCount(0); // nowhere: not in the list, not recommended

    await row.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Workshop published successfully!')).toBeVisible();
    await expect(row).toContainText('Upcoming');
    await expect(row.getByRole('button', { name: 'Unpublish' })).toBeVisible();

    // The detail modal with its two tabs.
    await row.getByText(title).click();
    const details = page.getByRole('dialog', { name: title });
    await expect(details).toBeVisible();
    await expectAccessible(page);
    await details.getByRole('tab', { name: 'Registrations' }).click();
    await expect(details.getByText('No registrations yet')).toBeVisible();
    await expectAccessible(page);
    await details.getByRole('button', { name: 'Close' }).click();

    await student.reload();
    await search();
    // In the browse list (the "Recommended for you" panel above it may show the new workshop too).
    await expect(student.getByRole('region', { name: 'Browse Workshops' }).getByRole('heading', { name: title })).toBeVisible();
  } finally {
    await context.close();
  }
});
