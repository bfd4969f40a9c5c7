import { DEMO, expect, expectAccessible, registerStudentViaApi, signIn, test } from './fixtures.ts';

// Issue 23: a person lost their phone; a platform administrator resets their second factor from the
// console. Confirmed first; afterwards every session of the person has ended (they are told by e-mail).

test('a platform admin resets a student\'s second factor after confirming; the student is signed out everywhere', async ({ page, request }) => {
  const target = await registerStudentViaApi(request, 'Meher');
  expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${target.token}` } })).status()).toBe(200);
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Students' }).click();
  await page.getByRole('searchbox', { name: 'Search students' }).fill(target.email);
  const table = page.getByRole('table', { name: 'Students' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('row', { name: new RegExp(target.email.replace(/\./g, '\\.')) }).getByRole('button', { name: 'View' }).click();
  const details = page.getByRole('dialog', { name: `${target.firstName} ${target.lastName}` });

  // Cancelling changes nothing.
  await details.getByRole('button', { name: 'Reset second factor' }).click();
  let confirm = page.getByRole('dialog', { name: 'Reset second factor' });
  await expect(confirm).toContainText(`Reset the second factor of ${target.firstName} ${target.lastName}?`);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${target.token}` } })).status()).toBe(200);

  await details.getByRole('button', { name: 'Reset second factor' }).click();
  confirm = page.getByRole('dialog', { name: 'Reset second factor' });
  await confirm.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page.getByText(`Second factor reset. ${target.firstName} ${target.lastName} was told by e-mail.`)).toBeVisible();
  await expect(confirm).toBeHidden();
  expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${target.token}` } })).status()).toBe(401);
  // The password still signs them in (they set up a new second factor if they want one).
  expect((await request.post('/api/auth/login', { data: { email: target.email, password: target.password } })).status()).toBe(200);
});
