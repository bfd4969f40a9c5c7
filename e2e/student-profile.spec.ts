import { expect, expectAccessible, registerStudentViaApi, signIn, test } from './fixtures.ts';

test('a student edits the profile and changes the password', async ({ page, request }) => {
  // A fresh student, so the shared demo account keeps its password.
  const student = await registerStudentViaApi(request, 'Rhea');
  await signIn(page, student.email, student.password);

  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'View Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'My Profile' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Profile Information' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByLabel('Email')).toHaveValue(student.email);
  await expect(dialog.getByLabel('Email')).toBeDisabled();
  await expect(dialog.getByLabel(/^First name/)).toHaveValue('Rhea');
  await expectAccessible(page);

  await dialog.getByLabel(/^First name/).fill('Rheanna');
  await dialog.getByLabel('City').fill('Pune');
  await dialog.getByLabel('Bio').fill('Second-year student who likes robotics.');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  // The header greets the new name without a reload.
  await expect(page.getByRole('heading', { name: 'Welcome back, Rheanna' })).toBeVisible();

  // Reopened, the form shows what the server stored.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'View Profile' }).click();
  await expect(dialog.getByLabel('City')).toHaveValue('Pune');
  await expect(dialog.getByLabel('Bio')).toHaveValue('Second-year student who likes robotics.');

  // Security tab and the change-password modal.
  await dialog.getByRole('tab', { name: 'Security' }).click();
  await expect(dialog.getByRole('button', { name: 'Change Password' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  const change = page.getByRole('dialog', { name: 'Change Password' });
  await expect(change).toBeVisible();
  const submit = change.getByRole('button', { name: 'Update Password' });
  await expect(submit).toBeDisabled();
  await change.getByLabel('Current password', { exact: true }).fill(student.password);
  await change.getByLabel('New password', { exact: true }).fill('abc');
  await change.getByLabel('Confirm new password').fill('abd');
  await expect(change.getByText("New passwords don't match!")).toBeVisible();
  await expect(submit).toBeDisabled();
  await change.getByLabel('Confirm new password').fill('abc');
  await submit.click();
  await expect(change.getByText('New password must be at least 6 characters long!')).toBeVisible();
  await expectAccessible(page);

  const newPassword = 'Changed@456';
  await change.getByLabel('New password', { exact: true }).fill(newPassword);
  await change.getByLabel('Confirm new password').fill(newPassword);
  await submit.click();
  await expect(page.getByText('Password updated successfully!')).toBeVisible();
  await expect(change).toBeHidden();

  // The session goes on with the fresh token: a screen that needs the API still loads.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: /My Ideas/ }).click();
  await expect(page.getByText('No ideas submitted yet')).toBeVisible();

  // The old password no longer works, the new one does.
  const old = await request.post('/api/auth/login', { data: { email: student.email, password: student.password } });
  expect(old.status()).toBe(401);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, student.email, newPassword);
  await expect(page.getByRole('heading', { name: 'Welcome back, Rheanna' })).toBeVisible();
});
