import { DEMO, expect, expectAccessible, signIn, test, uniqueEmail } from './fixtures.ts';

test('an admin bulk-uploads a sheet: good rows are created, invalid and duplicate rows are skipped with reasons', async ({
  page,
}) => {
  const good1 = uniqueEmail('bulk-a');
  const good2 = uniqueEmail('bulk-b');
  const devName = `Dev Kapoor ${Date.now() % 1e7}`;
  const csv = [
    'Name,Email,Title,Company,Expertise,Phone,Experience',
    `Asha Verma,${good1},Data Engineer,Fictional Co,Data Science,+91 98765 43210,5`,
    `${devName},${good2},Product Lead,Fictional Co,product management,,8`,
    'No Email,not-an-email,Engineer,Fictional Co,Finance,,2',
    `Asha Again,${good1},Engineer,Fictional Co,Finance,,3`,
    `Existing Mentor,${DEMO.professional.email},Engineer,Fictional Co,Finance,,3`,
    'Odd Expertise,' + uniqueEmail('bulk-c') + ',Engineer,Fictional Co,Astrology,,1',
  ].join('\r\n');

  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Professionals' }).click();
  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Upload Professionals' });
  const steps = dialog.getByRole('list', { name: 'Steps' });
  await expect(steps.locator('[aria-current="step"]')).toHaveText('1. Upload File');
  await expectAccessible(page);

  // Without a file, and with a wrong type, the spec's messages.
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('Please select a file to upload')).toBeVisible();
  const input = dialog.locator('input[type="file"]');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByText('Please select an Excel (.xlsx), OpenDocument (.ods) or CSV (.csv) file')).toBeVisible();

  await input.setInputFiles({ name: 'professionals.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('professionals.csv')).toBeVisible();
  // Hold the answer a moment so the Processing step can be seen and checked.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/professionals/bulk-upload', async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(steps.locator('[aria-current="step"]')).toHaveText('2. Processing');
  await expect(dialog.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expectAccessible(page);
  release();

  await expect(steps.locator('[aria-current="step"]')).toHaveText('3. Results', { timeout: 30_000 });
  const counter = (label: string) => dialog.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');
  await expect(counter('Rows')).toHaveText('6');
  await expect(counter('Created')).toHaveText('2');
  await expect(counter('Skipped')).toHaveText('4');
  const skipped = dialog.getByRole('heading', { name: 'Skipped rows' }).locator('xpath=following-sibling::ul[1]');
  await expect(skipped.getByRole('listitem')).toHaveCount(4);
  await expect(skipped).toContainText('Row 4 (not-an-email)');
  await expect(skipped).toContainText(/Row 7 .*Astrology|Row 7 .*xpertise/);
  const conflicts = dialog.getByRole('heading', { name: 'Duplicate e-mails' }).locator('xpath=following-sibling::ul[1]');
  await expect(conflicts).toContainText(`Row 5: ${good1}`);
  await expect(conflicts).toContainText(`Row 6: ${DEMO.professional.email}`);
  // E-mails were queued, so no temporary password is shown.
  await expect(dialog.getByText('Share these temporary passwords')).toHaveCount(0);
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Upload Another File' }).click();
  await expect(steps.locator('[aria-current="step"]')).toHaveText('1. Upload File');
  await expect(dialog.getByText('Choose a spreadsheet')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The two good rows are in the list.
  await page.getByRole('searchbox', { name: 'Search professionals' }).fill(good2);
  const table = page.getByRole('table', { name: 'Professionals' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: new RegExp(devName) })).toContainText('Product Management');
});
