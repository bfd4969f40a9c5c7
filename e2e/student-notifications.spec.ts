import { apiCall, expect, expectAccessible, registerStudentViaApi, signIn, test, uniqueTag } from './fixtures.ts';

test('a student receives a notification live, opens it and marks everything read', async ({ page, request }) => {
  const student = await registerStudentViaApi(request, 'Nina');
  const title = `Solar Bench ${uniqueTag()}`;
  const { idea } = await apiCall<{ idea: { id: string } }>(request, student.token, 'POST', '/api/ideas', {
    title,
    description: 'Benches with solar panels that charge phones.',
    category: 'Environmental Engineering',
    isPublic: true,
    tags: [],
  });
  const commenter = await registerStudentViaApi(request, 'Carlos');

  await signIn(page, student.email, student.password);
  const header = page.getByRole('banner');
  const bell = header.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  // Whatever is there already (e.g. a welcome message), read it all first so the count starts at 0.
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  const markAll = panel.getByRole('button', { name: 'Mark all as read' });
  if (await markAll.isEnabled()) await markAll.click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // Another student comments on the public idea: the bell updates without a reload.
  await apiCall(request, commenter.token, 'POST', `/api/ideas/${idea.id}/comments`, { body: 'Love it — could it work in winter?' });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bell).toContainText('1');

  await bell.click();
  await expect(panel).toBeVisible();
  const item = panel.getByRole('listitem').filter({ hasText: /Carlos/ }).first();
  await expect(item).toBeVisible();
  await expect(item.getByLabel('Unread')).toBeVisible();
  await expect(item).toContainText('Just now');
  await expectAccessible(page);

  // Clicking it marks it read and opens its action (the idea).
  await item.getByRole('link').click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  await expect(page.getByRole('dialog', { name: title }).getByText('Love it — could it work in winter?')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Close' }).click();

  // Two more comments; mark all as read clears the badge.
  await apiCall(request, commenter.token, 'POST', `/api/ideas/${idea.id}/comments`, { body: 'Second thought.' });
  await apiCall(request, commenter.token, 'POST', `/api/ideas/${idea.id}/comments`, { body: 'Third thought.' });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await bell.click();
  await expect(panel.getByLabel('Unread')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(panel.getByLabel('Unread')).toHaveCount(0);

  // The server agrees.
  const count = await apiCall<{ unreadCount: number }>(request, student.token, 'GET', '/api/notifications/unread-count');
  expect(count.unreadCount).toBe(0);
});
