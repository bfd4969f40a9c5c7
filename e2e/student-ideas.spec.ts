import { apiCall, expect, expectAccessible, registerStudentViaApi, signIn, test, uniqueTag } from './fixtures.ts';

test('a student submits an idea, finds it in My Ideas and likes a public idea', async ({ page, request }) => {
  // Another student's public idea to like.
  const other = await registerStudentViaApi(request, 'Olga');
  const publicTitle = `Shared Bike Racks ${uniqueTag()}`;
  await apiCall(request, other.token, 'POST', '/api/ideas', {
    title: publicTitle,
    description: 'Sensor-equipped bike racks that show free spots on a campus map.',
    category: 'Social Innovation',
    isPublic: true,
    tags: ['campus'],
  });

  const student = await registerStudentViaApi(request, 'Ishaan');
  await signIn(page, student.email, student.password);

  // My Ideas: empty, then the submit form with its required-fields message.
  await page.getByRole('tab', { name: /My Ideas/ }).click();
  await expect(page.getByText('No ideas submitted yet')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit New Idea' }).first().click();
  const form = page.getByRole('dialog', { name: 'Submit New Idea' });
  await expect(form).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Submit Idea' }).click();
  await expect(form.getByText('Please fill in all required fields (title, category, description)')).toBeVisible();

  const title = `Quiet Study Finder ${uniqueTag()}`;
  await form.getByLabel(/^Title/).fill(`  ${title}  `);
  await form.getByLabel(/^Category/).selectOption('Educational Technology');
  await form.getByLabel(/^Description/).fill('Live occupancy of the library study rooms from door sensors.');
  await form.getByLabel(/Make this idea public/).check();
  await form.getByRole('button', { name: 'Submit Idea' }).click();
  await expect(page.getByText('Idea submitted successfully!')).toBeVisible();
  await expect(form).toBeHidden();

  const mine = page.locator('article').filter({ hasText: title });
  await expect(mine.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(mine.getByText('Public', { exact: true })).toBeVisible();
  await expect(mine.getByText(/under review/i)).toBeVisible();
  await expect(page.getByRole('tab', { name: /My Ideas/ })).toContainText('1');
  await expectAccessible(page);

  // Its detail modal.
  await mine.getByRole('button', { name: `View details of ${title}` }).click();
  const detail = page.getByRole('dialog', { name: title });
  await expect(detail.getByText('Live occupancy of the library study rooms from door sensors.')).toBeVisible();
  await expect(detail.getByText('No comments yet. Start the conversation.')).toBeVisible();
  await expectAccessible(page);
  await detail.getByRole('button', { name: 'Close' }).click();

  // Ideas tab: find the other student's idea and like it; the count comes from the server.
  await page.getByRole('tab', { name: 'Ideas', exact: true }).click();
  await page.getByLabel('Search ideas').fill(publicTitle);
  const card = page.locator('article').filter({ hasText: publicTitle });
  await expect(page.locator('article')).toHaveCount(1);
  const like = card.getByRole('button', { name: `Like "${publicTitle}" (0 likes)` });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expectAccessible(page);
  await like.click();
  const unlike = card.getByRole('button', { name: `Unlike "${publicTitle}" (1 likes)` });
  await expect(unlike).toHaveAttribute('aria-pressed', 'true');
  await expect(unlike).toHaveText('1');

  // The like is stored: it survives a reload, and the detail modal agrees.
  await page.reload();
  await page.getByLabel('Search ideas').fill(publicTitle);
  await expect(card.getByRole('button', { name: `Unlike "${publicTitle}" (1 likes)` })).toBeVisible();
  await card.getByRole('button', { name: `View details of ${publicTitle}` }).click();
  const publicDetail = page.getByRole('dialog', { name: publicTitle });
  await expect(publicDetail.getByText(/Submitted by\s*Olga Journey/)).toBeVisible();
  await expectAccessible(page);
  await publicDetail.getByRole('button', { name: `Unlike "${publicTitle}" (1 likes)` }).click();
  await expect(publicDetail.getByRole('button', { name: `Like "${publicTitle}" (0 likes)` })).toBeVisible();
  await publicDetail.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByRole('button', { name: `Like "${publicTitle}" (0 likes)` })).toBeVisible();
});
