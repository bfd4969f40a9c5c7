import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { DEMO, expect, expectAccessible, signIn, test } from './fixtures.ts';

test('an admin exports the students as a UTF-8 CSV named students-YYYY-MM-DD.csv', async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Students' }).click();
  await expect(page.getByRole('heading', { name: 'Students', level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Students' })).toContainText(DEMO.student.email);
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('group', { name: 'Export Students' }).getByRole('button', { name: 'Export CSV' }).click();
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

// Issue 28 (decision 942): every admin export also offers a real Excel workbook; the file opens in ExcelJS
// (the library the API writes it with) and holds the list as text cells.
test('an admin exports every list as an Excel workbook that opens', async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  const sections: { link: string; what: string; kind: string; expect: string }[] = [
    { link: 'Students', what: 'Students', kind: 'students', expect: DEMO.student.email },
    { link: 'Professionals', what: 'Professionals', kind: 'professionals', expect: DEMO.professional.email },
    { link: 'Workshops', what: 'Workshops', kind: 'workshops', expect: '' },
    { link: 'Student Ideas', what: 'Ideas', kind: 'ideas', expect: '' },
  ];
  for (const s of sections) {
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: s.link, exact: true }).click();
    const group = page.getByRole('group', { name: `Export ${s.what}` });
    await expect(group.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await group.getByRole('button', { name: 'Export Excel (.xlsx)' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe(`${s.kind}-${new Date().toISOString().slice(0, 10)}.xlsx`);
    await expect(page.getByText(`${s.what} data exported successfully!`)).toBeVisible();

    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK'); // a ZIP container, not CSV text
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet, `${s.kind}: a worksheet`).toBeDefined();
    const header = (sheet!.getRow(1).values as unknown[]).filter((v) => typeof v === 'string');
    expect(header.length, `${s.kind}: header cells`).toBeGreaterThan(2);
    if (s.expect) {
      expect(sheet!.rowCount, `${s.kind}: rows`).toBeGreaterThan(1);
      const cells: unknown[] = [];
      sheet!.eachRow((row) => cells.push(...(row.values as unknown[])));
      expect(cells).toContain(s.expect);
    }
  }
});
