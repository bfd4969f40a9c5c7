import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO, apiCall, expect, expectAccessible, registerStudentViaApi, signIn, test } from './fixtures.ts';

// Issue 24: a person downloads their data and asks for (then cancels) the deletion of their account; an
// administrator works the request queue. At a desktop width and at a phone's.
for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 780 : 900 } });

    test('a student downloads their data, asks to delete the account, sees the notice and cancels', async ({ page, request }) => {
      const student = await registerStudentViaApi(request, 'Priya');
      await signIn(page, student.email, student.password);
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await page.getByRole('menuitem', { name: 'Your data' }).click();
      const dialog = page.getByRole('dialog', { name: 'My Profile' });
      await expect(dialog.getByRole('tab', { name: 'Your data' })).toHaveAttribute('aria-selected', 'true');
      await expect(dialog.getByRole('heading', { name: 'Download my data' })).toBeVisible();
      await expectAccessible(page);

      await dialog.getByRole('button', { name: 'Download my data' }).click();
      await expect(page.getByText('We are preparing your data.', { exact: false }).first()).toBeVisible();
      const zipButton = dialog.getByRole('button', { name: 'Download ZIP' });
      await expect(zipButton).toBeVisible({ timeout: 30_000 });
      const [download] = await Promise.all([page.waitForEvent('download'), zipButton.click()]);
      expect(download.suggestedFilename()).toMatch(/^mentorbridge-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const dir = mkdtempSync(path.join(os.tmpdir(), 'mb-e2e-export-'));
      try {
        const file = path.join(dir, 'data.zip');
        await download.saveAs(file);
        execFileSync('unzip', ['-q', file, '-d', path.join(dir, 'out')]);
        const account = JSON.parse(readFileSync(path.join(dir, 'out', 'account.json'), 'utf8')) as { tables: { users: { email: string }[] } };
        expect(account.tables.users[0]?.email).toBe(student.email);
        expect(readFileSync(path.join(dir, 'out', 'index.html'), 'utf8')).toContain('Your MentorBridge data');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }

      // Deletion: confirmed, then the notice with its date, then cancelled.
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
      await expect(confirm).toContainText('48 hours');
      await confirm.getByRole('button', { name: 'Yes, delete my account' }).click();
      await expect(dialog.getByText(/Your account is scheduled for deletion on/)).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Cancel deletion' }).click();
      await expect(page.getByText('The deletion of your account is cancelled.')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeVisible();
      const me = await apiCall<{ erasureScheduledFor: string | null }>(request, student.token, 'GET', '/api/privacy/me');
      expect(me.erasureScheduledFor).toBeNull();
    });

    test('an administrator works the privacy queue: extend, refuse under a legal hold, lift the hold', async ({ page, request }) => {
      const student = await registerStudentViaApi(request, 'Queue');
      await apiCall(request, student.token, 'POST', '/api/privacy/me/erasure');
      await signIn(page, DEMO.admin.email, DEMO.admin.password);
      await page.goto('/admin/dashboard?tab=privacy');
      await expect(page.getByRole('heading', { name: 'Privacy requests' })).toBeVisible();
      const item = page.getByRole('listitem').filter({ hasText: student.email });
      await expect(item).toContainText('Account deletion · Pending');
      await expectAccessible(page);

      await item.getByRole('button', { name: 'Extend' }).click();
      const extend = page.getByRole('dialog', { name: 'Extend the due date' });
      await extend.getByLabel('Days').fill('10');
      await extend.getByRole('button', { name: 'Save' }).click();
      await expect(extend.getByText('Give a reason')).toBeVisible();
      await extend.getByLabel('Reason').fill('Waiting for the registrar');
      await extend.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('The due date was moved.')).toBeVisible();
      await expect(item).toContainText('Waiting for the registrar');

      await item.getByRole('button', { name: 'Refuse' }).click();
      const refuse = page.getByRole('dialog', { name: 'Refuse the request' });
      await refuse.getByLabel('Reason').fill('Litigation hold');
      await refuse.getByLabel(/legal hold/).check();
      await refuse.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('The request was refused.')).toBeVisible();
      await page.getByLabel('Show', { exact: true }).selectOption('all');
      const refused = page.getByRole('listitem').filter({ hasText: student.email });
      await expect(refused).toContainText('Legal hold: Litigation hold');
      await refused.getByRole('button', { name: 'Lift hold' }).click();
      await expect(page.getByText('The legal hold was lifted.')).toBeVisible();
      await expect(refused).not.toContainText('Legal hold:');
    });
  });
}
