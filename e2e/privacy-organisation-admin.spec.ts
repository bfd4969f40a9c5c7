// Issue 24: every person has their data rights in the app, organisation admins too (a university's or a
// company's administrator is a person with an account): export from the dashboard's "Your data" tab.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

test('a company admin downloads their own data from the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'company@northwindlabs.in', 'Company@123');
  await page.getByRole('tab', { name: 'Your data' }).click();
  await expect(page.getByRole('heading', { name: 'Download my data' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Download my data' }).click();
  const zipButton = page.getByRole('button', { name: 'Download ZIP' });
  await expect(zipButton).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), zipButton.click()]);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mb-e2e-org-export-'));
  try {
    const file = path.join(dir, 'data.zip');
    await download.saveAs(file);
    execFileSync('unzip', ['-q', file, '-d', path.join(dir, 'out')]);
    const account = JSON.parse(readFileSync(path.join(dir, 'out', 'account.json'), 'utf8')) as { tables: { users: { email: string }[] } };
    expect(account.tables.users[0]?.email).toBe('company@northwindlabs.in');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
