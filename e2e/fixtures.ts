import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { SESSION_KEYS } from '@app/shared/roles';

export { expect };

/** The demo accounts the embedded database is seeded with (apps/api/src/demo/accounts.ts). */
export const DEMO = {
  admin: { email: 'admin@example.com', password: 'Admin@12345' },
  student: { email: 'student@example.com', password: 'Student@123', firstName: 'Aarav' },
  professional: { email: 'mentor@example.com', password: 'Mentor@12345', firstName: 'Ananya' },
  /** On a temporary password: must change it at first sign-in. Changing it mutates the shared database. */
  newProfessional: { email: 'newmentor@example.com', password: 'TempPass@123', firstName: 'Vikram' },
} as const;

/** Every key the spec stores for a session (000 §3); logout must clear them all. */
export { SESSION_KEYS };

export const DASHBOARD_URL = /\/(admin|student|professional|university|company)\/dashboard$/;

/** A unique e-mail address for a registration, so journeys never collide on the shared database. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Sign in through the real form and wait until the app has navigated to a dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  const form = page.locator('form');
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(DASHBOARD_URL);
}

/** Read every stored session key (null when absent). */
export async function storedSession(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, window.localStorage.getItem(k)])), [...SESSION_KEYS]);
}

export interface AxeOptions {
  /** CSS selectors to leave out of the scan (use sparingly, and say why at the call site). */
  exclude?: string[];
}

/**
 * Waits until React has hydrated `locator` on a server-rendered page (its props are on the element). A tap
 * before then is replayed by the app (decision 1220), but a test that moves a fake clock, or focuses an
 * element, must wait for the app's effects to exist. Polled from the test, not with the page's timers,
 * which a fake clock may hold.
 */
export async function expectHydrated(locator: Locator): Promise<void> {
  // A visitor's page runs the app when they reach for it (decision 1320): the pointer moves, as a person's would.
  await locator.page().mouse.move(1, 1);
  await expect
    .poll(() => locator.first().evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps'))), { timeout: 20_000 })
    .toBe(true);
}

/**
 * Holds the app's boot chunk back, as on a slow phone: a server-rendered page is its markup alone until
 * `release()`. `asked()` tells whether the page has asked for the app yet.
 */
export async function holdTheApp(page: Page) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/boot-[\w-]+\.t\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/**
 * Counts the nodes removed from #root from the first byte of the HTML on: hydrating a server-rendered page
 * removes none, replacing its markup removes it all. Returns the reader of the count.
 */
export async function watchRoot(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const seen = { removed: 0 };
    (window as unknown as { __root: typeof seen }).__root = seen;
    new MutationObserver((records) => {
      for (const r of records) if ((r.target as Element).id === 'root') seen.removed += r.removedNodes.length;
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __root: { removed: number } }).__root.removed);
}

/** Run axe (WCAG 2.0, 2.1 and 2.2 A/AA rules) on the page as it is now; fail with a readable list. */
export async function expectAccessible(page: Page, options: AxeOptions = {}): Promise<void> {
  // Legacy mode runs axe.run in the page itself: the default runs axe.runPartial, then opens a new blank page,
  // injects axe again and hands it every result to finish (measured 2-4x slower per scan; the app has no
  // cross-origin frames for it to reach). Only violations are read: the passes are not serialised in full.
  // (options() replaces what withTags() set: it comes first.)
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const readable = violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 5)
      .map(
        (n) => `    - ${n.target.join(' ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
      )
      .join('\n');
    return `[${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.nodes.length} node(s))\n${nodes}`;
  });
  expect(readable, `Accessibility violations on ${page.url()}:\n${readable.join('\n')}`).toEqual([]);
}

interface PageProblem {
  kind: 'csp' | 'pageerror' | 'console';
  text: string;
}

const REPORT_BINDING = '__e2eReportCsp';

/**
 * Collect Content-Security-Policy violations, uncaught page errors and CSP console messages on a
 * page. Call `assertClean()` at the end; the `page` fixture below does it for every test.
 */
export async function watchPage(page: Page) {
  const problems: PageProblem[] = [];
  const consoleErrors: string[] = [];
  await page.exposeBinding(REPORT_BINDING, (_source, text: string) => {
    problems.push({ kind: 'csp', text });
  });
  await page.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as Record<string, (t: string) => void>)[binding];
      report?.(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile || document.location.href}:${e.lineNumber}`,
      );
    });
  }, REPORT_BINDING);
  page.on('pageerror', (error) => problems.push({ kind: 'pageerror', text: `${error.name}: ${error.message}` }));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/Content Security Policy/i.test(text)) problems.push({ kind: 'console', text });
    else consoleErrors.push(text);
  });
  return {
    problems,
    consoleErrors,
    assertClean() {
      const list = problems.map((p) => `  [${p.kind}] ${p.text}`).join('\n');
      expect(problems, `CSP violations or page errors:\n${list}`).toEqual([]);
    },
  };
}

/** Playwright's test with every test's page watched for CSP violations and page errors. */
export const test = base.extend<{ pageWatch: Awaited<ReturnType<typeof watchPage>> }>({
  pageWatch: [
    async ({ page }, use, testInfo) => {
      const watch = await watchPage(page);
      await use(watch);
      if (watch.consoleErrors.length > 0) {
        await testInfo.attach('console-errors.txt', { body: watch.consoleErrors.join('\n'), contentType: 'text/plain' });
      }
      watch.assertClean();
    },
    { auto: true },
  ],
});

// ---------------------------------------------------------------------------------------------
// API helpers for journeys that prepare data or trigger events from the test side.

/** A unique suffix for names created by a journey (titles, companies…). */
export function uniqueTag(prefix = 'E2E'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** POST /api/auth/login and return the bearer token (student journeys' helper). */
export async function apiLoginToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), `login of ${email}`).toBe(200);
  const body = (await response.json()) as { data: { token: string } };
  return body.data.token;
}

/** Call the API with a bearer token; fails the test unless the status is 2xx. Returns `data`. */
export async function apiCall<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const text = await response.text();
  expect(response.ok(), `${method} ${path} → ${response.status()} ${text}`).toBe(true);
  return (JSON.parse(text) as { data: T }).data;
}

export interface RegisteredStudent {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  token: string;
  id: string;
}

/** Register a fresh student through POST /api/auth/register (unique e-mail), ready to sign in. */
export async function registerStudentViaApi(
  request: APIRequestContext,
  firstName = 'Test',
  profile: { course?: string; interests?: string[] } = {},
): Promise<RegisteredStudent> {
  const student = { email: uniqueEmail('student'), password: 'Journey@123', firstName, lastName: 'Journey' };
  const response = await request.post('/api/auth/register', {
    data: {
      ...student,
      university: 'E2E University',
      course: 'Computer Science',
      year: 2,
      rollNumber: `R-${Date.now()}`,
      phone: '+91 98765 43210',
      interests: ['Technology'],
      ...profile,
    },
  });
  const text = await response.text();
  expect(response.status(), `register ${student.email}: ${text}`).toBe(201);
  const body = JSON.parse(text) as { data: { token: string; user: { id?: string; _id?: string } } };
  return { ...student, token: body.data.token, id: body.data.user.id ?? body.data.user._id ?? '' };
}

/**
 * The e-mail outbox as whoever runs the server sees it: without SMTP the server writes each message
 * to DATA_DIR/outbox/<id>.eml. E2E_DATA_DIR names the server's DATA_DIR (default: the webServer's).
 * Waits until a message to `to` whose text matches `pattern` exists; returns the first capture group.
 */
/**
 * An outbox file as a person would read it: outbox files are complete MIME messages (docs/decisions/422),
 * so base64 parts are decoded and quoted-printable text is unfolded and decoded.
 */
export function decodeMime(raw: string): string {
  const base64 = raw.replace(
    /Content-Transfer-Encoding: base64\r\n((?:[^\r\n]+\r\n)*)\r\n([A-Za-z0-9+/=\r\n]+)/g,
    (_all, headers: string, body: string) => `${headers}\r\n${Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('latin1')}`,
  );
  const qp = base64
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(qp, 'latin1').toString('utf8');
}

export async function readOutbox(to: string, pattern: RegExp): Promise<string> {
  const dir = path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', 'outbox');
  let found: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(dir)) return undefined;
        for (const name of readdirSync(dir)) {
          const raw = readFileSync(path.join(dir, name), 'utf8');
          if (!raw.includes(`\r\nTo: ${to}\r\n`)) continue;
          const text = decodeMime(raw);
          const match = pattern.exec(text);
          if (match) found = match[1] ?? match[0];
        }
        return found;
      },
      { message: `an e-mail to ${to} matching ${pattern} in ${dir}`, timeout: 20_000 },
    )
    .toBeTruthy();
  return found as string;
}
