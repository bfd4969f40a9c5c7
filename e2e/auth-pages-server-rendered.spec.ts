// Decision 1270: /signin and /signup are rendered on the server like the other public pages and hydrate.
// What was typed or ticked before the app ran is kept, a form sent then is sent by the app (never posted
// to the server), and a person already signed in is taken to their dashboard instead of the form.
import type { Page } from '@playwright/test';
import { DASHBOARD_URL, DEMO, expect, expectAccessible, expectHydrated, holdTheApp, signIn, test, uniqueEmail, watchRoot } from './fixtures.ts';
import { fillStudentForm } from './journey-helpers.ts';

/** Console errors and warnings (React reports a hydration mismatch as one), less the journeys' own noise. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Playwright blocks service workers in the journeys (and says so): not the page's doing.
    if ((message.type() === 'error' || message.type() === 'warning') && !/Service Worker registration blocked/.test(message.text())) problems.push(message.text());
  });
  return problems;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, locale: 'es-ES' });

  test('the sign-in and sign-up forms arrive in the HTML, in the visitor\'s language, with their labels', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page).toHaveTitle('Iniciar sesión · MentorBridge');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const form = page.locator('form');
    await expect(form.getByLabel(/^Correo electrónico/)).toBeVisible();
    await expect(form.getByLabel(/^Contraseña/)).toBeVisible();
    await expect(form.getByRole('checkbox', { name: 'Recordarme' })).toBeVisible();
    // Sent without the app, the password would never be in the address.
    await expect(form).toHaveAttribute('method', 'post');
    expect(await page.locator('script#ssr-state[type="application/json"]').count()).toBe(1);
    await page.goto('/signup?role=student');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.locator('form').getByRole('checkbox', { name: /Acepto/ })).toBeVisible();
    expect(await page.locator('script#ssr-state[type="application/json"]').count()).toBe(1);
  });
});

test('sign-in hydrates the server\'s form (nothing replaced, no hydration error), passes axe, and signs in', async ({ page }) => {
  const problems = consoleProblems(page);
  const removed = await watchRoot(page);
  await page.goto('/signin');
  const submit = page.locator('form').getByRole('button', { name: 'Sign In', exact: true });
  await expectHydrated(submit);
  await expectAccessible(page);
  expect(await removed()).toBe(0);
  await page.locator('form').getByLabel(/^Email/).fill(DEMO.student.email);
  await page.locator('form').getByLabel(/^Password/).fill(DEMO.student.password);
  await submit.click();
  await page.waitForURL(DASHBOARD_URL);
  expect(problems).toEqual([]);
});

test('sign-up hydrates the server\'s role choice and its student form (axe, no hydration error)', async ({ page }) => {
  const problems = consoleProblems(page);
  const removed = await watchRoot(page);
  await page.goto('/signup');
  const student = page.getByRole('button', { name: /^Student/ });
  await expectHydrated(student);
  await expectAccessible(page);
  expect(await removed()).toBe(0);
  await page.goto('/signup?role=student');
  await expectHydrated(page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
  await expectAccessible(page);
  expect(await removed()).toBe(0);
  expect(problems).toEqual([]);
});

test('typed, ticked and sent before the app runs: kept, and sent by the app once it runs (sign-in)', async ({ page }) => {
  const app = await holdTheApp(page);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  await page.goto('/signin');
  const form = page.locator('form');
  await form.getByLabel(/^Email/).fill(DEMO.student.email);
  await form.getByLabel(/^Password/).fill(DEMO.student.password);
  await form.getByRole('checkbox', { name: 'Remember me' }).check();
  // Enter in the password field: the browser's implicit submission, before any handler is there.
  await form.getByLabel(/^Password/).press('Enter');
  await expect.poll(app.asked).toBe(true);
  await expect(page).toHaveURL(/\/signin$/);
  expect(posts).toEqual([]);
  const login = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/auth/login'));
  app.release();
  const body = (await login).postDataJSON() as { email: string; rememberMe: boolean };
  expect(body).toMatchObject({ email: DEMO.student.email, rememberMe: true });
  await page.waitForURL(DASHBOARD_URL);
  expect(await page.evaluate(() => window.localStorage.getItem('rememberMe'))).toBe('true');
  // Only the app's requests (sign-in, single sign-on discovery): the form itself was never posted to a page.
  expect(posts.filter((path) => !path.startsWith('/api/'))).toEqual([]);
});

test('a student form filled and its terms ticked before the app runs is kept, and registers (sign-up)', async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/signup?role=student');
  const email = uniqueEmail('ssr-signup');
  // Every field, an interest and the terms box, all before the app runs.
  await fillStudentForm(page, { firstName: 'Meera', lastName: 'Pillai', email, interests: ['Design'] });
  const terms = page.getByRole('checkbox', { name: /I agree to the Terms of Service/ });
  const create = page.getByRole('button', { name: 'Create Account' });
  // The server's button: disabled until the terms are ticked, and nothing runs yet to enable it.
  await expect(create).toBeDisabled();
  app.release();
  // The tick reached the form's state: the app enables the button; what was typed is still there.
  await expect(create).toBeEnabled();
  await expect(terms).toBeChecked();
  await expect(page.getByLabel('First Name')).toHaveValue('Meera');
  await expect(page.getByLabel('Year of Study')).toHaveValue('1');
  await expect(page.locator('label', { hasText: 'Design' })).toHaveClass(/bg-brand-700/);
  const register = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/auth/register'));
  await create.click();
  const body = (await register).postDataJSON() as { email: string; firstName: string; year: number; interests: string[] };
  expect(body).toMatchObject({ email, firstName: 'Meera', year: 1, interests: ['Design'] });
  await page.waitForURL(/\/student\/dashboard$/);
});

test('a person already signed in who opens /signin or /signup lands on their dashboard, without the form', async ({ page }) => {
  const problems = consoleProblems(page);
  await signIn(page, DEMO.professional.email, DEMO.professional.password);
  for (const path of ['/signin', '/signup?role=student']) {
    await page.goto('/about');
    await page.goto(path);
    await expect(page).toHaveURL(/\/professional\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('input[type="password"]')).toHaveCount(0);
    // The form's address was replaced by the dashboard's, not kept in the history: Back is the page before.
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  }
  expect(problems).toEqual([]);
});
