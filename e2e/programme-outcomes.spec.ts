import { readFileSync } from 'node:fs';
import { DEMO, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Issue 26 (decision 930): the coordinator reads a programme's outcome report with its charts, downloads it
// as CSV and XLSX, and closes the programme; a participant downloads their certificate.
test('the coordinator reads, downloads and closes; a participant downloads a certificate', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin/dashboard?tab=programmes');
  await page.getByRole('button', { name: 'Open Spring Writing circle' }).click();
  const report = page.getByTestId('outcome-report');
  await expect(report.getByRole('heading', { name: 'Outcome report' })).toBeVisible();
  await expect(report).toContainText('Meetings held');
  // A chart is an image with a text alternative, and its numbers are in a table.
  const chart = page.getByTestId('chart-meetings');
  await expect(chart.getByRole('img')).toBeVisible();
  await chart.getByText('Show the numbers as a table').click();
  await expect(chart.getByRole('table')).toBeVisible();
  await expectAccessible(page);

  for (const [button, pattern] of [
    ['Report (CSV)', /^programme-report-spring-writing-circle-\d{4}-\d{2}-\d{2}\.csv$/],
    ['Report (Excel)', /^programme-report-spring-writing-circle-\d{4}-\d{2}-\d{2}\.xlsx$/],
  ] as const) {
    const downloading = page.waitForEvent('download');
    await report.getByRole('button', { name: button }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(pattern);
    const bytes = readFileSync((await file.path()) ?? '');
    if (button.endsWith('(CSV)')) expect(bytes.toString('utf8')).toContain('Meetings,Held,2');
    else expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  }

  // Close: the dialog asks for the programme's name; a wrong one changes nothing.
  await report.getByRole('button', { name: 'Close programme…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close Spring Writing circle?' });
  await expect(dialog).toBeVisible();
  // Sara and Grace met twice without an agreement: with these criteria they earn certificates; Emma and Meera never met.
  await dialog.getByLabel('Meetings a pair needs for certificates').fill('2');
  await dialog.getByLabel('The pair must have confirmed its agreement').uncheck();
  await dialog.getByLabel(/Type the programme name to confirm/).fill('Spring');
  await dialog.getByRole('button', { name: 'Close programme' }).click();
  await expect(dialog).toContainText("The name does not match the programme's name.");
  await expectAccessible(page);
  await dialog.getByLabel(/Type the programme name to confirm/).fill('Spring Writing circle');
  await dialog.getByRole('button', { name: 'Close programme' }).click();
  await expect(page.getByText('Programme closed. 2 certificates issued.')).toBeVisible();
  await expect(page.getByTestId('programme-closed')).toBeVisible();
  await expect(report.getByRole('button', { name: 'Close programme…' })).toHaveCount(0);
  await context.close();

  // A participant of the programme closed in the demo data downloads her certificate (360 px).
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const student = await phone.newPage();
  await signIn(student, 'priya@example.com', DEMO.student.password);
  await student.goto('/relationships');
  const certificates = student.getByTestId('programme-certificates');
  await expect(certificates).toContainText('Autumn Pioneers cohort');
  await expect(certificates).toContainText('Certificate of participation');
  await expectAccessible(student);
  const downloading = student.waitForEvent('download');
  await certificates.getByRole('button', { name: 'Download PDF' }).first().click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toBe('certificate-autumn-pioneers-cohort.pdf');
  expect(
    readFileSync((await pdf.path()) ?? '')
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  // The address printed on the certificate verifies it publicly.
  await certificates.getByRole('link', { name: 'Verification page' }).first().click();
  await student.waitForURL(/\/certificates\/[^/]+$/);
  await expect(student.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
  await expect(student.getByRole('main')).toContainText('Autumn Pioneers cohort');
  await expectAccessible(student);
  await phone.close();
});

// Issue 26 (decisions 1010, 1011): the report of the running demo programme, filtered by cohort and by the
// mentor's organisation (kept in the address), with its survey results as charts with tables, at 1280 and 360 px.
test('the coordinator filters the report and reads the survey results', async ({ browser }) => {
  test.setTimeout(180_000);
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 740 },
  ]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/dashboard?tab=programmes');
    await page.getByRole('button', { name: 'Open Research Pathways cohort' }).click();
    const report = page.getByTestId('outcome-report');
    const pairs = report
      .getByTestId('report-figures')
      .locator('div')
      .filter({ has: page.getByText('Pairs', { exact: true }) });
    // Five relationships: four pairs and Emma's first, ended by a rematch.
    await expect(pairs.locator('dd')).toHaveText('5');

    // Survey results: the mid-programme check (seven answers) is charted with its table; pairing fit (three) is not.
    const surveys = report.getByTestId('report-surveys');
    const mid = surveys
      .getByTestId('survey-chart')
      .filter({ hasText: 'Mid-programme check: How useful were your meetings so far?' });
    await expect(mid).toContainText('7 responses');
    await expect(mid).toContainText('Average:');
    await mid.getByRole('button', { name: 'Show data table' }).click();
    await expect(mid.getByRole('table')).toBeVisible();
    await expect(mid.getByRole('button', { name: 'Hide data table' })).toHaveAttribute('aria-expanded', 'true');
    await expect(surveys.getByTestId('survey-suppressed').first()).toContainText('Results appear from 5 answers on');

    // Health over time (decision 1090): four weeks of daily counts in the demo, drawn with names and patterns,
    // the latest day in words, every day in a table.
    const overTime = report.getByTestId('report-health-over-time');
    await expect(overTime.getByRole('heading', { name: 'Pair health over time' })).toBeVisible();
    await expect(overTime.getByTestId('health-over-time-latest')).toContainText('Healthy: 2, Needs attention: 1, At risk: 1, Ended: 1');
    await expect(overTime.locator('.recharts-legend-wrapper')).toContainText('At risk');
    await overTime.getByRole('button', { name: 'Show data table' }).click();
    const days = overTime.getByTestId('health-over-time-table');
    await expect(days.getByRole('table')).toBeVisible();
    await expect(days.getByRole('columnheader', { name: 'Needs attention' })).toBeVisible();
    expect(await days.locator('tbody tr').count()).toBeGreaterThanOrEqual(28);
    await expectAccessible(page);

    // Rohan is in year 4 and paired with Meera of Woodgrove Bank.
    await report.getByLabel("Cohort (mentee's year of study)").selectOption({ label: 'Year 4 (1 pair)' });
    await expect(page).toHaveURL(/reportCohort=4/);
    await expect(pairs.locator('dd')).toHaveText('1');
    await expect(surveys).toContainText('Survey answers are anonymous');
    await expect(overTime).toContainText('the cohort and organisation filters do not apply');
    await page.reload();
    await page.getByRole('button', { name: 'Open Research Pathways cohort' }).click();
    await expect(report.getByLabel("Cohort (mentee's year of study)")).toHaveValue('4');
    await expect(pairs.locator('dd')).toHaveText('1');
    await report.getByLabel("Mentor's organisation").selectOption({ label: 'Fabrikam AI (1 pair)' });
    await expect(page).toHaveURL(/reportMentorOrg=Fabrikam/);
    await expect(pairs.locator('dd')).toHaveText('0');
    await expectAccessible(page);
    if (viewport.width === 1280) {
      const downloading = page.waitForEvent('download');
      await report.getByRole('button', { name: 'Report (CSV)' }).click();
      const csv = readFileSync((await (await downloading).path()) ?? '', 'utf8');
      expect(csv).toContain('Filters,Cohort (year of study),4');
      expect(csv).toContain("Filters,Mentor's organisation,Fabrikam AI");
      expect(csv).toContain('Pairs,Total,0');
    }
    await report.getByRole('button', { name: 'Clear filters' }).click();
    await expect(pairs.locator('dd')).toHaveText('5');
    await expect(page).not.toHaveURL(/reportCohort/);
    await context.close();
  }
});
