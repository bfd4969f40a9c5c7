import { apiCall, apiLoginToken, DEMO, expect, expectAccessible, signIn, test, uniqueEmail, uniqueTag } from './fixtures.ts';

/**
 * Issue 16: reputational admin actions ask first. Verifying (or unverifying) a professional changes
 * the badge students trust, so it goes through the same confirmation as delete and deactivate;
 * cancelling changes nothing.
 */
test('verifying and unverifying a professional asks for confirmation; cancel changes nothing', async ({ page, request }) => {
  const admin = await apiLoginToken(request, DEMO.admin.email, DEMO.admin.password);
  const name = `Confirm ${uniqueTag('Pro')}`;
  await apiCall(request, admin, 'POST', '/api/admin/professionals', {
    name,
    email: uniqueEmail('pro'),
    phone: '+91 98765 43210',
    title: 'Advisor',
    company: 'Confirm Advisory',
    expertise: 'Finance',
    experience: 6,
    bio: 'A professional for the confirmation journey.',
    specializations: ['Mentoring'],
    isVerified: false,
  });

  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Professionals' }).click();
  await page.getByRole('searchbox').fill(name);
  const row = page.getByRole('table', { name: 'Professionals' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Verified');

  await row.getByRole('button', { name: 'Verify', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Verify professional' });
  await expect(confirm).toContainText(name);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).not.toContainText('Verified');

  await row.getByRole('button', { name: 'Verify', exact: true }).click();
  await confirm.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Verified');

  await row.getByRole('button', { name: 'Unverify', exact: true }).click();
  const unverify = page.getByRole('dialog', { name: 'Remove verification' });
  await expect(unverify).toContainText(name);
  await unverify.getByRole('button', { name: 'Unverify', exact: true }).click();
  await expect(unverify).toBeHidden();
  await expect(row).not.toContainText('Verified');
});
