import { DEMO, expect, expectAccessible, registerStudentViaApi, signIn, test } from './fixtures.ts';

test('an admin deactivates a student after confirming, and the student can no longer sign in', async ({ page, request }) => {
  const target = await registerStudentViaApi(request, 'Rohan');
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Students' }).click();
  await page.getByRole('searchbox', { name: 'Search students' }).fill(target.email);
  const table = page.getByRole('table', { name: 'Students' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(target.email.replace(/\./g, '\\.')) });
  await expect(row).toContainText('active');

  // The details modal.
  await row.getByRole('button', { name: 'View' }).click();
  const details = page.getByRole('dialog', { name: `${target.firstName} ${target.lastName}` });
  await expect(details).toContainText('E2E University');
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Close' }).click();

  // Cancelling the confirmation changes nothing.
  await row.getByRole('button', { name: 'Deactivate' }).click();
  let confirm = page.getByRole('dialog', { name: 'Deactivate student' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await request.post('/api/auth/login', { data: { email: target.email, password: target.password } })).status()).toBe(200);

  await row.getByRole('button', { name: 'Deactivate' }).click();
  confirm = page.getByRole('dialog', { name: 'Deactivate student' });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Student deactivated successfully!')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('inactive');
  await expect(row.getByRole('button', { name: 'Reactivate' })).toBeVisible();

  // The student's existing token is dead, and signing in through the form is refused with the reason.
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${target.token}` } });
  expect(me.status()).toBe(401);
  const context = await page.context().browser()!.newContext();
  const student = await context.newPage();
  try {
    await student.goto('/signin');
    const form = student.locator('form');
    await form.getByLabel(/^Email/).fill(target.email);
    await form.getByLabel(/^Password/).fill(target.password);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(student.getByRole('alert')).toContainText('This account has been deactivated. Please contact support.');
    await expect(student).toHaveURL(/\/signin$/);
  } finally {
    await context.close();
  }
});
