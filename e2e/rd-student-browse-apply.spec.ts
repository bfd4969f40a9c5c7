import { expect, expectAccessible, signIn, test } from './fixtures.ts';
import { PDF, adminToken, createProject, registerStudent, uniqueTitle } from './rd-helpers.ts';

test('a student filters projects, bookmarks one, sets an alert and applies with a document', async ({ page, request }) => {
  const admin = await adminToken(request);
  const prefix = uniqueTitle('Tidal Energy');
  // The target and two decoys that each differ in one filter.
  const target = await createProject(request, admin, { title: `${prefix} Alpha`, field: 'Data Science', roles: [{ title: 'intern', maxPositions: 2, workMode: 'hybrid' }] });
  await createProject(request, admin, { title: `${prefix} Beta`, field: 'Medicine', roles: [{ title: 'intern', maxPositions: 2, workMode: 'hybrid' }] });
  await createProject(request, admin, { title: `${prefix} Gamma`, field: 'Data Science', roles: [{ title: 'intern', maxPositions: 2, workMode: 'remote' }] });
  const student = await registerStudent(request);

  await signIn(page, student.email, student.password);
  await page.goto('/student/dashboard?tab=rd-projects');
  const panel = page.getByRole('tabpanel');
  await expect(page.getByRole('tab', { name: /Browse Projects/, selected: true })).toBeVisible();
  await expect(panel.getByRole('article').first()).toBeVisible();
  await expectAccessible(page);

  const cards = panel.getByRole('article');
  await panel.getByRole('searchbox', { name: 'Search' }).fill(prefix);
  await expect(cards).toHaveCount(3);
  await panel.getByLabel('Field').selectOption('Data Science');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: `${prefix} Beta` })).toHaveCount(0);
  await panel.getByLabel('Work mode').selectOption('hybrid');
  await expect(cards).toHaveCount(1);
  const card = cards.filter({ hasText: target.title });
  await expect(card).toHaveCount(1);
  await expect(panel.getByText('1 project', { exact: true })).toBeVisible();

  // Bookmark from the card; the Bookmarked tab lists it.
  await card.getByRole('button', { name: 'Bookmark project' }).click();
  await expect(card.getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('tab', { name: 'Bookmarked' }).click();
  const bookmarked = page.getByRole('tabpanel').getByRole('article');
  await expect(bookmarked).toHaveCount(1);
  await expect(bookmarked).toContainText(target.title);
  await expectAccessible(page);

  // Set an alert from the bookmarked card.
  await bookmarked.getByRole('button', { name: 'Alert me about this project' }).click();
  await expect(page.getByRole('status').getByText('Alert set for this project')).toBeVisible();
  await expect(bookmarked.getByRole('button', { name: 'Turn off alerts' })).toHaveAttribute('aria-pressed', 'true');

  // The detail modal, then Apply Now.
  await bookmarked.getByRole('button', { name: 'View Details' }).click();
  const detail = page.getByRole('dialog', { name: target.title });
  await expect(detail.getByRole('button', { name: 'Bookmarked' })).toHaveAttribute('aria-pressed', 'true');
  await expect(detail.getByRole('button', { name: 'Alert on' })).toHaveAttribute('aria-pressed', 'true');
  await expect(detail.getByText('Documents required: Resume')).toBeVisible();
  await expectAccessible(page);
  await detail.getByRole('button', { name: 'Apply Now' }).click();

  const apply = page.getByRole('dialog', { name: `Apply: ${target.title}` });
  await expect(apply).toBeVisible();
  await expectAccessible(page);
  await apply.getByLabel(/^Motivation/).fill('I model tidal flows in my coursework and want to work on real data.');
  // The required resume is checked before anything is sent.
  await apply.getByRole('button', { name: 'Submit Application' }).click();
  await expect(apply.getByText('Please upload your resume')).toBeVisible();
  await apply.getByLabel(/^Resume/).setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
  await apply.getByLabel(/^Expected duration/).selectOption('3-6 months');
  await apply.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('status').getByText('Application submitted successfully!')).toBeVisible();
  await expect(apply).toBeHidden();

  // My Applications shows it, pending, with the uploaded document.
  await page.getByRole('tab', { name: /My Applications/ }).click();
  const application = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: target.title }).first();
  await expect(application).toContainText('Pending');
  await expect(application.getByRole('button', { name: 'Resume: resume.pdf' })).toBeVisible();
  await expect(application.getByRole('list', { name: 'Application progress' })).toContainText('Decision pending');
  await expectAccessible(page);

  // The project's card no longer offers Apply.
  await page.getByRole('tab', { name: 'Bookmarked' }).click();
  await expect(page.getByRole('tabpanel').getByRole('article')).toContainText('Your application:');
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Apply', exact: true })).toHaveCount(0);
});

test('the student R&D tab works and is accessible at 360 px', async ({ page, request }) => {
  const admin = await adminToken(request);
  const project = await createProject(request, admin, { title: uniqueTitle('Narrow Screen Study') });
  const student = await registerStudent(request);
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, student.email, student.password);
  await page.goto('/student/dashboard?tab=rd-projects');
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('searchbox', { name: 'Search' }).fill(project.title);
  const card = panel.getByRole('article').filter({ hasText: project.title });
  await expect(card).toHaveCount(1);
  await expect(panel.getByRole('article')).toHaveCount(1);
  // Nothing is wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);

  await card.getByRole('button', { name: 'View Details' }).click();
  const detail = page.getByRole('dialog', { name: project.title });
  await expect(detail.getByRole('button', { name: 'Apply Now' })).toBeVisible();
  await expectAccessible(page);
  await detail.getByRole('button', { name: 'Apply Now' }).click();
  const apply = page.getByRole('dialog', { name: `Apply: ${project.title}` });
  await expect(apply).toBeVisible();
  await expectAccessible(page);
  await apply.getByRole('button', { name: 'Cancel' }).click();
  await expect(apply).toBeHidden();

  for (const [name, empty] of [[/My Applications/, 'No applications yet'], ['Bookmarked', 'No bookmarked projects']] as const) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tabpanel').getByText(empty, { exact: true })).toBeVisible();
    await expectAccessible(page);
  }
});
