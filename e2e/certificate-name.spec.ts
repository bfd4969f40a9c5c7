// Issue 28 (decision 831): a person gives the name as it should be printed on certificates, in the
// profile form, and the certificate page and its PDF print it (pdftotext reads it back from the PDF).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO, expect, expectAccessible, signIn, test } from './fixtures.ts';

test('a student sets the name on certificates; the certificate page and PDF print it', async ({ page, request }) => {
  const printed = 'ஆரவ் சர்மா (SHARMA Aarav)';
  await signIn(page, DEMO.student.email, DEMO.student.password);

  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'View Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'My Profile' });
  const field = dialog.getByLabel('Name on certificates');
  await expect(field).toHaveValue('');
  await expect(field).toHaveAttribute('placeholder', /Aarav/);
  await field.fill(`  ${printed} `);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await field.scrollIntoViewIfNeeded();
  await expect(field).toBeInViewport();
  // Whole at 360 px: the field is no wider than the screen.
  expect((await field.boundingBox())?.width ?? 999).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Reopened after a reload, the form shows what the server stored (trimmed).
  await page.reload();
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'View Profile' }).click();
  await expect(dialog.getByLabel('Name on certificates')).toHaveValue(printed);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The certificate page and the PDF print the chosen name.
  await page.getByRole('button', { name: 'View Certificate' }).first().click();
  await page.waitForURL(/\/certificates\/MB-[A-Z0-9-]+$/);
  await expect(page.getByRole('region', { name: 'Valid certificate' }).getByText(printed)).toBeVisible();
  const id = page.url().split('/').at(-1) ?? '';
  const pdf = await request.get(`/api/certificates/${id}/pdf`);
  expect(pdf.status()).toBe(200);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mb-e2e-cert-'));
  try {
    const file = path.join(dir, 'certificate.pdf');
    writeFileSync(file, await pdf.body());
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text.split('\n').map((l) => l.trim())).toContain(printed);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // Emptied, certificates print the first and last name again.
  const certificatePage = page.url();
  await page.goBack();
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'View Profile' }).click();
  await dialog.getByLabel('Name on certificates').fill('');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully!').first()).toBeVisible();
  await page.goto(certificatePage);
  const valid = page.getByRole('region', { name: 'Valid certificate' });
  await expect(valid.getByText(/^Aarav /)).toBeVisible();
  await expect(valid.getByText(printed)).toHaveCount(0);
});
