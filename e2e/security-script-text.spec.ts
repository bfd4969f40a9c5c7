import type { Page } from '@playwright/test';
import { DEMO, apiCall, apiLoginToken, expect, registerStudentViaApi, signIn, test, uniqueTag } from './fixtures.ts';

/**
 * Script-bearing text typed into free-text fields must render as text on every screen that shows it.
 * The fixture's watcher fails the test on any CSP violation or page error; here we also check that
 * no payload ran (window.__pwned) and that no element was created from it.
 */
const payload = (tag: string) => `${tag} <img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>`;

async function expectInert(page: Page, tag: string) {
  await expect(page.getByText(`${tag} <img src=x`, { exact: false }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
}

test('script-bearing text in ideas, comments and professional bios renders inert for students and admins', async ({ page, browser, request }) => {
  const tag = uniqueTag('XSS');
  const author = await registerStudentViaApi(request, 'Ada');
  const { idea } = await apiCall<{ idea: { id: string } }>(request, author.token, 'POST', '/api/ideas', {
    title: payload(tag),
    description: `Description ${payload(tag)}`,
    category: 'Cybersecurity',
    isPublic: true,
    tags: [],
  });
  const commenter = await registerStudentViaApi(request, 'Eve');
  await apiCall(request, commenter.token, 'POST', `/api/ideas/${idea.id}/comments`, { body: `Comment ${payload(tag)}` });

  const admin = await apiLoginToken(request, DEMO.admin.email, DEMO.admin.password);
  await apiCall(request, admin, 'POST', '/api/admin/professionals', {
    name: `Mallory ${tag}`,
    email: `${tag.toLowerCase()}@example.com`,
    phone: '+91 98765 43210',
    title: 'Security Researcher',
    company: `Company ${tag}`,
    expertise: 'Cybersecurity',
    experience: 4,
    bio: `Bio ${payload(tag)}`,
    isVerified: true,
  });

  // The student sees the idea in the list and its detail (with the comment).
  await signIn(page, author.email, author.password);
  await page.goto('/student/dashboard?tab=ideas');
  await page.getByRole('searchbox').or(page.getByLabel(/Search/i)).first().fill(tag);
  await expectInert(page, tag);
  await page.getByRole('button', { name: /View Details/i }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Comment ${tag} <img src=x`, { exact: false })).toBeVisible();
  await expectInert(page, tag);
  await page.keyboard.press('Escape');

  // The professional's bio in the directory and its detail modal.
  await page.goto('/student/dashboard?tab=professionals');
  await page.getByRole('searchbox').or(page.getByLabel(/Search/i)).first().fill(tag);
  await expect(page.getByText(`Mallory ${tag}`).first()).toBeVisible();
  await page.getByRole('button', { name: `View profile of Mallory ${tag}` }).click();
  await expect(page.getByRole('dialog').getByText(`Bio ${tag} <img src=x`, { exact: false })).toBeVisible();
  await expectInert(page, tag);

  // The admin console's Student Ideas list shows the same text, inert.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, DEMO.admin.email, DEMO.admin.password);
  await adminPage.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Student Ideas' }).click();
  await adminPage.getByLabel(/Search/i).first().fill(tag);
  await expectInert(adminPage, tag);
  await adminContext.close();
});
