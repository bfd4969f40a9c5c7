import { readFileSync } from 'node:fs';
import { DEMO, expect, expectAccessible, signIn, test } from './fixtures.ts';

test('an admin exports the students as a UTF-8 CSV named students-YYYY-MM-DD.csv', async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Students' }).click();
  await expect(page.getByRole('heading', { name: 'Students', level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Students' })).toContainText(DEMO.student.email);
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^students-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(file.suggestedFilename()).toBe(`students-${new Date().toISOString().slice(0, 10)}.csv`);
  await expect(page.getByText('Students data exported successfully!')).toBeVisible();

  const bytes = readFileSync(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  const [header, ...rows] = text.split('\r\n');
  expect(header?.toLowerCase()).toContain('email');
  expect(rows.join('\n')).toContain(DEMO.student.email);
  // Only students: no admin or professional in the file.
  expect(text).not.toContain(DEMO.admin.email);
  expect(text).not.toContain(DEMO.professional.email);
});
