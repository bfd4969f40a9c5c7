import { DEMO, expect, expectAccessible, signIn, test, uniqueTag } from './fixtures.ts';

// Issue 26, programme surveys: the coordinator schedules a survey on a running programme, a mentee
// answers it in the app (at 360 px), and the coordinator reads results only in aggregate — "not enough
// answers yet" below five, distributions and free text on the demo survey that has seven.
test.describe.configure({ mode: 'serial' });

const PRIYA = { email: 'priya@example.com', password: 'Student@123' };

test('a coordinator schedules a survey, a mentee answers it, the coordinator reads aggregated results', async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const title = `Journey check ${tag}`;

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin.email, DEMO.admin.password);
  await admin.goto('/admin/dashboard?tab=programmes');
  await admin.getByRole('button', { name: 'Open Research Pathways cohort' }).click();
  const panel = admin.locator('section', { has: admin.getByRole('heading', { name: 'Surveys', exact: true }) });
  await expect(panel.getByTestId('survey-list')).toContainText('Mid-programme check');

  // Build one from scratch: it goes out at once (the programme has started); a bad form changes nothing.
  await panel.getByRole('button', { name: 'New survey' }).click();
  const form = panel.locator('form');
  await form.getByRole('button', { name: 'Schedule survey' }).click();
  await expect(form.getByText('Survey title is required')).toBeVisible();
  await form.getByLabel('Survey title').fill(title);
  await form.getByLabel('When it goes out').selectOption('start');
  await form.getByLabel('Question text').fill('How useful was this term?');
  await form.getByRole('button', { name: 'Add a question' }).click();
  const second = form.getByRole('group', { name: 'Question 2' });
  await second.getByLabel('Type').selectOption('text');
  await second.getByLabel('Question text').fill('Anything else?');
  await second.getByLabel('Required').uncheck();
  await expectAccessible(admin);
  await form.getByRole('button', { name: 'Schedule survey' }).click();
  await expect(admin.getByText('Survey scheduled').first()).toBeVisible();
  const row = panel.getByTestId('survey-row').filter({ hasText: title });
  await expect(row).toContainText('Sent');
  await expect(row).toContainText(/Answered: 0 of \d+/);

  // The mentee answers in the app, on a phone.
  const menteeContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const mentee = await menteeContext.newPage();
  await signIn(mentee, PRIYA.email, PRIYA.password);
  await mentee.goto('/surveys');
  await expect(mentee.getByRole('heading', { level: 1, name: 'Surveys' })).toBeVisible();
  await mentee.getByRole('link', { name: `Answer: ${title}` }).click();
  await expect(mentee.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await mentee.getByRole('button', { name: 'Send my answers' }).click();
  await expect(mentee.getByText('Please answer every question marked with *.')).toBeVisible();
  await mentee.getByRole('radiogroup', { name: /How useful was this term/ }).getByRole('radio', { name: '4', exact: true }).check();
  await mentee.getByLabel(/Anything else/).fill(`More meetings in person ${tag}`);
  await expectAccessible(mentee);
  await mentee.getByRole('button', { name: 'Send my answers' }).click();
  await expect(mentee.getByText('You have answered this survey. Thank you!')).toBeVisible();
  await mentee.goto('/surveys');
  await expect(mentee.getByRole('listitem').filter({ hasText: title })).toContainText('Answered');
  await menteeContext.close();

  // One answer: the coordinator sees the count and "not enough answers yet", never the answer.
  await admin.reload();
  await admin.getByRole('button', { name: 'Open Research Pathways cohort' }).click();
  const row2 = admin.getByTestId('survey-row').filter({ hasText: title });
  await expect(row2).toContainText(/Answered: 1 of \d+/);
  await row2.getByRole('button', { name: 'See results' }).click();
  await expect(row2.getByTestId('survey-results')).toContainText('Not enough answers yet (1 so far)');
  await expect(admin.locator('body')).not.toContainText(`More meetings in person ${tag}`);

  // The demo's mid-programme check has seven answers: distributions, averages and free text.
  const midRow = admin.getByTestId('survey-row').filter({ hasText: 'Mid-programme check' });
  await midRow.getByRole('button', { name: 'See results' }).click();
  const results = midRow.getByTestId('survey-results');
  await expect(results).toContainText('Answers: 7 from 9 people asked.');
  await expect(results).toContainText('How well is the mentoring going?');
  await expect(results).toContainText('Average: 3.86');
  await expect(results.getByRole('table', { name: 'How people answered: How do you mostly meet?' })).toContainText('Video');
  await expect(results).toContainText('A shared calendar reminder would help us keep the cadence.');
  await expectAccessible(admin);
  await adminContext.close();
});
