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
