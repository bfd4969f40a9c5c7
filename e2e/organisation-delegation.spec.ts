// Issue 28 (decision 941): a university delegates cs.<its domain> to a department, which registers with the
// named address, is approved, and holds the sub-domain; the university sees it and revokes it. Also the
// university's students export as an Excel workbook that opens (decision 942).
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO, expect, expectAccessible, readOutbox, signIn, test, watchPage } from './fixtures.ts';
import { fillOrganisationSignup } from './journey-helpers.ts';

const letters = (n = 8) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function confirmByLink(page: Page, email: string) {
  const path = await readOutbox(email, /(\/confirm-email\?token=[A-Za-z0-9_%-]+)/);
  await page.goto(path);
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(page.getByText(/Your e-mail address is confirmed/)).toBeVisible();
}

async function registerUniversity(page: Page, name: string, domain: string, contact: string) {
  await page.goto('/signup');
  await fillOrganisationSignup(page, 'University', name, domain, contact);
  await page.getByRole('button', { name: 'Register University' }).click();
  await page.waitForURL('**/university/dashboard');
}

async function approve(browser: Browser, name: string, delegatedBy?: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await watchPage(page);
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole('link', { name: 'Organisations' }).first().click();
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toBeVisible();
  if (delegatedBy) {
    await expect(card.getByText(`Delegated by ${delegatedBy}`)).toBeVisible();
    await expect(card.getByRole('alert')).toContainText('unless it delegated them');
  }
  await card.getByRole('button', { name: `Approve ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve organisation' });
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByRole('status').getByText('Organisation approved')).toBeVisible();
  await context.close();
}

test.describe('sub-domain delegation', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test('a university delegates cs.<domain> to a department, sees it taken and revokes it; its students export opens in Excel', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const domain = `${letters(10)}.edu`;
    const sub = `cs.${domain}`;
    const uni = `University of ${letters(6)}`;
    const dept = `Computer Science ${letters(6)}`;
    await registerUniversity(page, uni, domain, `registrar@${domain}`);
    await confirmByLink(page, `registrar@${domain}`);
    await approve(browser, uni);

    await page.goto('/university/dashboard');
    const section = page.getByRole('region', { name: 'Delegated sub-domains' });
    await expect(section.getByText('You have not delegated any sub-domain.')).toBeVisible();
    // Empty fields are explained beside the field.
    await section.getByRole('button', { name: 'Delegate', exact: true }).click();
    await expect(section.getByText('Enter the sub-domain to delegate, for example cs.university.edu')).toBeVisible();
    await expect(section.getByLabel('Sub-domain to delegate')).toBeFocused();
    // A domain that is not ours is refused with the API's message.
    await section.getByLabel('Sub-domain to delegate').fill('cs.someone-else.edu');
    await section.getByLabel('E-mail of the person who will manage it').fill('head@cs.someone-else.edu');
    await section.getByRole('button', { name: 'Delegate', exact: true }).click();
    await expect(section.getByRole('alert')).toContainText("You can delegate only a sub-domain of one of your organisation's proven domains");

    await section.getByLabel('Sub-domain to delegate').fill(sub);
    await section.getByLabel('E-mail of the person who will manage it').fill(`head@${sub}`);
    await section.getByRole('button', { name: 'Delegate', exact: true }).click();
    await expect(page.getByRole('status').getByText(`${sub} delegated. We e-mailed head@${sub}.`)).toBeVisible();
    await expect(section.getByText(`Waiting for head@${sub} to register it or add it`)).toBeVisible();
    await expectAccessible(page);
    expect(await readOutbox(`head@${sub}`, /(\/signup)/)).toBe('/signup');

    // The department registers with the named address, confirms it and is approved.
    const deptContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const deptPage = await deptContext.newPage();
    await registerUniversity(deptPage, dept, sub, `head@${sub}`);
    await confirmByLink(deptPage, `head@${sub}`);
    await approve(browser, dept, uni);
    await deptPage.goto('/university/dashboard');
    await expect(deptPage.getByText(`Delegated by ${uni}`)).toBeVisible();
    await expectAccessible(deptPage);
    await deptContext.close();

    await page.reload();
    await expect(section.getByText(`Held by ${dept} · approved · proven`)).toBeVisible();

    // The university's students export as an Excel workbook that opens.
    await page.getByRole('tab', { name: 'Students' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('group', { name: 'Export Students' }).getByRole('button', { name: 'Export Excel (.xlsx)' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
    const header = (book.worksheets[0]!.getRow(1).values as unknown[]).filter((v) => typeof v === 'string');
    expect(header.length).toBeGreaterThan(2);

    // Revoking asks first, then the sub-domain is the university's again.
    await page.getByRole('tab', { name: 'University' }).click();
    await section.getByRole('button', { name: `Revoke the delegation of ${sub}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke delegation' });
    await expect(dialog).toContainText('its students at that sub-domain become your students again');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(page.getByRole('status').getByText(`Delegation of ${sub} revoked`)).toBeVisible();
    await expect(section.getByText('You have not delegated any sub-domain.')).toBeVisible();
  });
});
