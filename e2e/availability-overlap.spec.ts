import { apiCall, apiLoginToken, DEMO, expect, expectAccessible, readOutbox, signIn, test, uniqueEmail, uniqueTag } from './fixtures.ts';

/**
 * Issue 16: overlapping availability rules are flagged when saved. A fresh professional (so the
 * demo mentor's calendar other journeys book from is untouched) adds Monday 09:00–12:00, then
 * Monday 11:00–14:00: the save says which rule it overlaps, and both rules carry the mark.
 */
test('saving an availability rule that overlaps another says so, and the list marks both', async ({ page, request }) => {
  const admin = await apiLoginToken(request, DEMO.admin.email, DEMO.admin.password);
  const email = uniqueEmail('overlap');
  await apiCall(request, admin, 'POST', '/api/admin/professionals', {
    name: `Overlap ${uniqueTag('Pro')}`,
    email,
    phone: '+91 98765 43210',
    title: 'Advisor',
    company: 'Overlap Advisory',
    expertise: 'Finance',
    experience: 6,
    bio: 'A professional for the overlap journey.',
    specializations: ['Mentoring'],
    isVerified: true,
  });
  // The welcome e-mail carries a single-use set-password link, never a password (decision 825).
  const link = await readOutbox(email, /(\S+\/reset-password\?token=\S+)/);
  const password = 'Overlap-Pass!2024';
  const set = await request.post('/api/auth/reset-password', { data: { token: decodeURIComponent(link.split('token=')[1] ?? ''), newPassword: password } });
  expect(set.status()).toBe(200);

  await signIn(page, email, password);
  await page.goto('/professional/dashboard?tab=availability');
  const add = async (start: string, end: string) => {
    await page.getByRole('button', { name: 'Add availability' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add availability' });
    await dialog.getByLabel('Day of week').selectOption('Monday');
    await dialog.getByLabel('Timezone').fill('UTC');
    await dialog.getByLabel('Start time').selectOption(start);
    await dialog.getByLabel('End time').selectOption(end);
    await dialog.getByRole('button', { name: 'Create rule' }).click();
    await expect(dialog).toBeHidden();
  };

  await add('09:00', '12:00');
  await expect(page.getByRole('status').filter({ hasText: 'Rule created successfully!' })).toBeVisible();
  await expect(page.getByText(/^Overlaps /)).toHaveCount(0);

  await add('11:00', '14:00');
  const warning = page.getByRole('status').filter({ hasText: 'It overlaps Every Monday, 09:00–12:00' });
  await expect(warning).toBeVisible();
  await expect(page.getByText('Overlaps Every Monday, 09:00–12:00', { exact: true })).toBeVisible();
  await expect(page.getByText('Overlaps Every Monday, 11:00–14:00', { exact: true })).toBeVisible();
  await expectAccessible(page);
});
