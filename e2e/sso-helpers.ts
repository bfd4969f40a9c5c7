import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * What the single sign-on journeys share (issue 29): the server's address, the demo university's
 * administrator, signing in to its Single sign-on tab, and a fresh browser for each person.
 */

export const PORT = Number(process.env.E2E_PORT ?? 3200);
export const BASE = `http://127.0.0.1:${PORT}`;
/** The demo university's administrator (apps/api/src/demo): its e-mail domain is the one its IdPs assert. */
export const UNIVERSITY = { email: 'university@iitd.ac.in', password: 'University@123', domain: 'iitd.ac.in' };

/** Sign in as the university's administrator through the form and open the dashboard's Single sign-on tab. */
export async function openUniversitySso(page: Page) {
  await page.goto('/signin');
  await page.locator('form').getByLabel(/^Email/).fill(UNIVERSITY.email);
  await page.locator('form').getByLabel(/^Password/).fill(UNIVERSITY.password);
  await page.locator('form').getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/university\/dashboard$/);
  await page.getByRole('tab', { name: 'Single sign-on' }).click();
}

/** On the Single sign-on tab: save the sign-in rules with the link name `iitd`. */
export async function saveLinkName(page: Page) {
  await page.getByLabel('Link name').fill('iitd');
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Sign-in rules saved')).toBeVisible();
}

/** A new browser context (no session, no IdP cookies) on the server, and its page. */
export async function freshPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: BASE });
  return { context, page: await context.newPage() };
}

/** The signed-in user the app stored in the page (`user` in localStorage). */
export async function storedUser(page: Page) {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}') as { email?: string; firstName?: string; _id?: string; id?: string };
}
