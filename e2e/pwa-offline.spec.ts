// Issue 27: the installable app. The manifest and service worker pass Chromium's installability checks;
// a student's dashboard, seen once, opens again offline (shell and last-seen data from the service
// worker) and says it is offline; signing out leaves nothing of the student in the offline cache.
// playwright.config.ts blocks service workers for every other journey (their page.route() mocks would
// not see requests a worker answers): this one allows them.
import { expect, expectAccessible, registerStudentViaApi, signIn, test } from './fixtures.ts';

test.use({ serviceWorkers: 'allow' });

test('the app installs, opens the dashboard offline with an offline notice, and sign-out clears what it kept', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status(), await manifest.text()).toBe(200);
  const m = (await manifest.json()) as { name: string; display: string; start_url: string; icons: Array<{ src: string; sizes: string; purpose: string }> };
  expect(m).toMatchObject({ name: 'MentorBridge', display: 'standalone' });
  expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of m.icons) {
    const png = await (await request.get(icon.src)).body();
    // PNG: width and height at bytes 16..24 of the IHDR chunk.
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
  }

  const student = await registerStudentViaApi(request, 'Ofelia');
  await signIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // Chromium's own installability check (what makes the browser offer "Install app").
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
  // Playwright's contexts are incognito ones, which Chromium never offers to install: that one is about
  // the test's browser, not the app. Anything else (manifest, icons, service worker) would be listed.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

  // Controlled by the worker from this load on: the dashboard's reads are kept as they arrive.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/Ofelia/).first()).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await (await caches.open('mb-data-v1')).keys()).length)).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText("You're offline");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/Ofelia/).first()).toBeVisible();
  await expectAccessible(page);

  // Back online: the app notices within seconds (it checks the server while it shows the notice).
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 20_000 });

  // Push is offered per device; the browser is asked only when the person presses the button.
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Notifications & Calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'My Profile' });
  await expect(dialog.getByRole('heading', { name: 'Push notifications on this device' })).toBeVisible();
  await expect(dialog.getByText('Push is off for this device.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Turn on push notifications' })).toBeEnabled();
  await expect(dialog.getByText('No device has push on.')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  const kept = await page.evaluate(async () => ((await caches.keys()).includes('mb-data-v1') ? (await (await caches.open('mb-data-v1')).keys()).length : 0));
  expect(kept).toBe(0);
});

test("a visitor's public page has the service worker keep the app's files; the first touch runs them from it (decision 1320)", async ({ page }) => {
  const fromWorker: string[] = [];
  page.on('response', (response) => {
    if (response.fromServiceWorker() && /\/assets\/framework-[\w-]+\.js$/.test(response.url())) fromWorker.push(response.url());
  });
  await page.goto('/workshops');
  // Loaded, untouched: the worker is running and has fetched the app's framework and its boot chunk into the shell
  // cache, while the page itself has not asked for them.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('mb-shell-v1')).keys()).map((r) => new URL(r.url).pathname).filter((p) => /^\/assets\/(framework|boot)-/.test(p)).length), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  // The worker has claimed the page (its activation), so the page's later requests go through it.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const asked = await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/assets\/framework-/.test(e.name)));
  expect(asked).toBe(false);
  // The visitor reaches for the page: the app runs, its framework answered by the worker, and hydrates the list.
  await page.mouse.move(200, 300);
  const title = page.locator('main article h2 a').first();
  await expect.poll(() => title.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps'))), { timeout: 20_000 }).toBe(true);
  expect(fromWorker.length).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: /^Details: / }).first()).toBeVisible();
});
