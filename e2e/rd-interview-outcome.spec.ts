import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test, watchPage } from './fixtures.ts';
import { adminToken, applyViaApi, createProject, dateIn, registerStudent, uniqueTitle } from './rd-helpers.ts';

/** Open the applications of one project from the admin console's R&D tab. */
async function openApplications(page: Page, title: string) {
  await page.getByRole('link', { name: 'R&D Projects' }).first().click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(title);
  await page.getByRole('button', { name: `Manage applications of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Applications' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an admin schedules an interview and accepts; the student follows it in My Applications', async ({ page, browser, request }) => {
  // Two R&D notification polls can fall inside this journey (30 s apart).
  test.setTimeout(150_000);
  const admin = await adminToken(request);
  const project = await createProject(request, admin, { title: uniqueTitle('Glacier Melt Modelling') });
  const student = await registerStudent(request);
  await applyViaApi(request, student.token, project);
  const studentName = `${student.firstName} ${student.lastName}`;

  // The student watches My Applications (their own browser context, with the same page checks).
  const studentContext = await browser.newContext();
  const studentPage = await studentContext.newPage();
  const studentWatch = await watchPage(studentPage);
  await signIn(studentPage, student.email, student.password);
  await studentPage.goto('/student/dashboard?tab=rd-projects');
  await studentPage.getByRole('tab', { name: /My Applications/ }).click();
  const application = studentPage.getByRole('tabpanel').getByRole('listitem').filter({ has: studentPage.getByRole('heading', { name: project.title }) });
  await expect(application).toContainText('Pending');

  // The admin reviews: interview scheduled, online, with a date and time.
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  const dialog = await openApplications(page, project.title);
  const card = dialog.getByRole('listitem').filter({ hasText: studentName });
  await expect(card).toContainText(student.email);
  await expect(card.getByRole('button', { name: 'Resume: resume.pdf' })).toBeVisible();
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: `Review application: ${studentName}` });
  // A pending application defaults to under-review (spec 001 §4).
  await expect(review.getByLabel(/^Status/)).toHaveValue('under-review');
  await review.getByLabel(/^Status/).selectOption('interview-scheduled');
  await expect(review.getByLabel('Schedule the interview now')).toBeChecked();
  const date = dateIn(5);
  await review.getByLabel(/^Date\b/).fill(date);
  await review.getByLabel(/^Time\b/).fill('10:30');
  await review.getByLabel('Mode').selectOption('online');
  await review.getByLabel('Review notes').fill('Strong modelling background');
  await expectAccessible(page);
  await review.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByRole('status').getByText('Application interview-scheduled successfully!')).toBeVisible();
  await expect(review).toBeHidden();
  await expect(card).toContainText('Interview Scheduled');
  await expect(card).toContainText(`Interview ${date} 10:30 (Asia/Kolkata)`);

  // The student's next R&D poll (every 30 s) shows the news as an info toast and refreshes the list.
  await expect(studentPage.getByRole('status').getByText(`Your application to "${project.title}"`)).toBeVisible({ timeout: 40_000 });
  await expect(application.getByText(`Interview: ${date} at 10:30 (Asia/Kolkata)`)).toBeVisible();
  await expect(application.getByRole('link', { name: /^https:\/\/meet\.jit\.si\// })).toBeVisible();
  await expect(application.getByRole('list', { name: 'Application progress' })).toContainText('Interview Scheduled');
  await expectAccessible(studentPage);

  const downloading = studentPage.waitForEvent('download');
  await application.getByRole('button', { name: 'Add to calendar (.ics)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = await readFile(await download.path(), 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`DTSTART;TZID=Asia/Kolkata:${date.replaceAll('-', '')}T103000`);
  expect(ics).toContain(project.title);

  // The admin accepts.
  await card.getByRole('button', { name: 'Update status' }).click();
  await review.getByLabel(/^Status/).selectOption('accepted');
  await review.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByRole('status').getByText('Application accepted successfully!')).toBeVisible();
  await expect(card).toContainText('Accepted');
  await expect(dialog.getByRole('definition').nth(3)).toHaveText('1');

  // The student reloads: the news arrives at once, and the timeline ends with the outcome.
  await studentPage.reload();
  await expect(studentPage.getByRole('status').getByText(`Your application to "${project.title}"`)).toBeVisible();
  await studentPage.getByRole('tab', { name: /My Applications/ }).click();
  await expect(application.getByText('Accepted', { exact: true }).first()).toBeVisible();
  const progress = application.getByRole('list', { name: 'Application progress' });
  await expect(progress.getByRole('listitem').last()).toContainText('Accepted');
  await expect(progress).not.toContainText('Decision pending');
  await expect(application.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  await expectAccessible(studentPage);

  studentWatch.assertClean();
  await studentContext.close();
});
