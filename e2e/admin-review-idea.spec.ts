import { apiCall, DEMO, expect, expectAccessible, registerStudentViaApi, signIn, test } from './fixtures.ts';

test('an admin approves a student idea with scores and the student reads the feedback', async ({ page, browser, request }) => {
  // Setup (not the story): a fresh student with one submitted idea.
  const author = await registerStudentViaApi(request, 'Ishaan');
  const title = `Solar Bench Sensors ${Date.now() % 1e7}`;
  await apiCall(request, author.token, 'POST', '/api/ideas', {
    title,
    category: 'Computer Science',
    description: 'Benches on campus that report free seats and charge phones from a small solar panel.',
    tags: ['iot', 'energy', 'campus'],
  });

  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Student Ideas' }).click();
  await expect(page.getByRole('heading', { name: 'Student Ideas', level: 2 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search ideas' }).fill(title);
  const row = page.getByRole('table', { name: 'Student ideas' }).getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('+1');
  await expectAccessible(page);

  // Details modal first, then Review from its footer.
  await row.getByText(title).click();
  const details = page.getByRole('dialog', { name: title });
  await expect(details).toContainText(author.email);
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Review', exact: true }).click();

  const review = page.getByRole('dialog', { name: 'Review Idea' });
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: 'Submit Review' }).click();
  await expect(review.getByText('Please select a status for the review')).toBeVisible();
  await review.getByLabel(/^Status/).selectOption('approved');
  // The score fields come with the status, and say when scores are missing (issue 16).
  await expect(review.getByText(/No scores yet/)).toBeVisible();
  await review.getByLabel(/^Feasibility/).fill('8');
  await expect(review.getByText('Missing: Impact, Innovation', { exact: false })).toBeVisible();
  await review.getByLabel(/^Impact/).fill('9');
  await review.getByLabel(/^Innovation/).fill('7');
  await expect(review.getByText('Total score: 8/10')).toBeVisible();
  await expect(review.getByText(/Missing:|No scores yet/)).toHaveCount(0);
  const feedback = 'Promising and practical: start with two benches near the library.';
  await review.getByLabel('Feedback (visible to the student)').fill(feedback);
  await review.getByLabel('Review notes (internal)').fill('Check the facilities budget first.');
  await expectAccessible(page);
  await review.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Idea approved successfully!')).toBeVisible();
  await expect(review).toBeHidden();
  await expect(row).toContainText(/approved/i);
  await expect(row).toContainText('8/10');

  // The student sees the feedback (never the internal notes) in My Ideas → details.
  const context = await browser.newContext();
  const student = await context.newPage();
  try {
    await signIn(student, author.email, author.password);
    await student.getByRole('tab', { name: /My Ideas/ }).click();
    await student.getByRole('button', { name: `View details of ${title}` }).click();
    const detail = student.getByRole('dialog', { name: title });
    await expect(detail.getByRole('heading', { name: 'Review feedback' })).toBeVisible();
    await expect(detail).toContainText(feedback);
    await expect(detail).not.toContainText('facilities budget');
  } finally {
    await context.close();
  }
});
