import { expect, expectAccessible, registerStudentViaApi, signIn, test } from './fixtures.ts';

test('a student turns off schedule-change e-mails and creates, then replaces, a private calendar link', async ({ page, request }) => {
  test.setTimeout(120_000);
  const student = await registerStudentViaApi(request, 'Mira');
  await signIn(page, student.email, student.password);
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Notifications & Calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'My Profile' });
  await expect(dialog.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');

  // E-mail preferences: everything on by default; save is enabled once something changed.
  const changes = dialog.getByRole('checkbox', { name: /Schedule changes/ });
  await expect(changes).toBeChecked();
  const save = dialog.getByRole('button', { name: 'Save e-mail preferences' });
  await expect(save).toBeDisabled();
  await changes.uncheck();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Notification preferences saved')).toBeVisible();
  await expect(save).toBeDisabled();
  await expectAccessible(page);

  // Calendar subscription: created once, shown once, replaced with a confirmation.
  await expect(dialog.getByText('You have no calendar link yet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create my calendar link' }).click();
  const link = dialog.getByRole('textbox', { name: 'Calendar link', exact: true });
  await expect(link).toHaveValue(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(dialog.getByRole('textbox', { name: 'Link for calendar apps (webcal)', exact: true })).toHaveValue(/^webcal:\/\//);
  const first = await link.inputValue();
  const feed = await request.get(new URL(first).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Create a new link' }).click();
  await expect(dialog.getByText(/The current link stops working at once/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, create a new link' }).click();
  await expect(link).not.toHaveValue(first);
  expect((await request.get(new URL(first).pathname)).status()).toBe(404);

  // The choices stay after a reload, and the panel works at 360 px.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Notifications & Calendar' }).click();
  await expect(dialog.getByRole('checkbox', { name: /Schedule changes/ })).not.toBeChecked();
  await expect(dialog.getByText(/A calendar link is active, created/)).toBeVisible();
  await expectAccessible(page);
});
