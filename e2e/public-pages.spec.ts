// Issue 27: the public pages carry their content in the HTML (a reader or crawler without JavaScript sees
// it), rendered on the server from the app's own components and hydrated (decision 1070), and a
// workshop has its own address: shared, bookmarked, opened directly, with Back.
import { DEMO, expect, expectAccessible, expectHydrated, holdTheApp, signIn, test, watchRoot } from './fixtures.ts';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the workshops list and a workshop page are readable, with links between them', async ({ page }) => {
    await page.goto('/workshops');
    await expect(page.getByRole('heading', { level: 1, name: 'Workshops' })).toBeVisible();
    // The app's own page, rendered on the server (decision 1070): its filters and cards, not a summary.
    await expect(page.getByLabel('Search workshops')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Details: / }).first()).toBeVisible();
    const first = page.getByRole('main').getByRole('heading', { level: 2 }).first();
    const title = (await first.innerText()).trim();
    expect(title.length).toBeGreaterThan(0);
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/workshops\/[0-9a-f]{24}$/);
    // Without JavaScript the details are on the page itself (the app opens them in a dialog).
    await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();
    await expect(page.locator('main time')).toHaveCount(1);
    await expect(page.locator('main time')).toContainText(/\d/);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
    await page.goto('/experts');
    await expect(page.getByRole('heading', { level: 1, name: 'Meet the Experts' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
  });

  test('every public page arrives with its content and the state it hydrates from', async ({ page, request }) => {
    const list = (await (await request.get('/api/workshops?limit=1')).json()) as { data: { workshops: Array<{ id: string; title: string }> } };
    const workshop = list.data.workshops[0];
    if (!workshop) throw new Error('the demo data has no public workshop');
    const pages: Array<[string, RegExp]> = [
      ['/', /^Learn from the people who do the work$/],
      ['/workshops', /^Workshops$/],
      [`/workshops/${workshop.id}`, /^Workshops$/],
      ['/experts', /^Meet the Experts$/],
      ['/projects', /^R&D Projects$/],
      ['/accessibility', /^MentorBridge Accessibility Conformance Report$/],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
      // The site's header and footer are the app's (rendered from the same components).
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expect(await page.locator('script#ssr-state[type="application/json"]').count(), path).toBe(1);
    }
    await page.goto(`/workshops/${workshop.id}`);
    await expect(page.getByRole('heading', { name: workshop.title }).first()).toBeVisible();
  });
});

test('a server-rendered page hydrates: nothing is painted twice, the filters work, no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    // Playwright blocks service workers in the journeys (and says so): not the page's doing.
    if ((message.type() === 'error' || message.type() === 'warning') && !/Service Worker registration blocked/.test(message.text())) errors.push(message.text());
  });
  // Every node the app removes from #root, from the first byte of the HTML: replacing the server's markup
  // (instead of hydrating it) removes it all.
  await page.addInitScript(() => {
    const seen = { removed: 0, heading: null as Element | null };
    (window as unknown as { __root: typeof seen }).__root = seen;
    new MutationObserver((records) => {
      for (const r of records) if ((r.target as Element).id === 'root') seen.removed += r.removedNodes.length;
      seen.heading ??= document.querySelector('#root h1');
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/workshops');
  const cards = page.getByRole('button', { name: /^Details: / });
  await expect(cards.first()).toBeVisible();
  const before = await cards.count();
  expect(before).toBeGreaterThan(1);
  await page.getByLabel('Category').selectOption('Design');
  await expect(cards).not.toHaveCount(before);
  for (const text of await page.locator('main article').allInnerTexts()) expect(text).toContain('Design');
  const root = await page.evaluate(() => {
    const seen = (window as unknown as { __root: { removed: number; heading: Element | null } }).__root;
    return { removed: seen.removed, sameHeading: seen.heading !== null && seen.heading === document.querySelector('#root h1') };
  });
  expect(root).toEqual({ removed: 0, sameHeading: true });
  // A workshop's title links to its own address; the app opens it in its dialog.
  await page.locator('main article h2 a').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/workshops\/[0-9a-f]{24}$/);
  expect(errors).toEqual([]);
});

test('a page hydrates with the dates and numbers the server formatted: no Intl formatter is built (decision 1310)', async ({ page }) => {
  // A browser's first Intl formatter costs 28–83 ms on the project's machine, in one task (issue 27's blocking time).
  await page.addInitScript(() => {
    const built: string[] = [];
    (window as unknown as { __intl: string[] }).__intl = built;
    for (const name of ['NumberFormat', 'DateTimeFormat', 'ListFormat'] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      const Counted = function (...args: unknown[]) {
        built.push(`${name} ${JSON.stringify(args)}`);
        return new Original(...args);
      };
      Counted.prototype = Original.prototype;
      (Intl as unknown as Record<string, unknown>)[name] = Counted;
    }
  });
  const response = await page.goto('/about');
  const html = (await response?.text()) ?? '';
  // The server's HTML carries the figures it formatted (the stats) and the state holds them.
  expect(html).toMatch(/"formats":\{"n\|/);
  // A visitor's page runs the app once they reach for it (decision 1320).
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => {
    const link = document.querySelector('#root a[href="/"]');
    return link !== null && Object.keys(link).some((key) => key.startsWith('__reactFiber'));
  });
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __intl: string[] }).__intl)).toEqual([]);
  // The figures read as the server wrote them.
  await expect(page.locator('#root dl dd').first()).not.toBeEmpty();
});

test('a tap before the app has started is kept, and does what it asked once the app runs (decision 1220)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // The app's code is held back, as on a slow phone: the page is the server's markup alone.
  const app = await holdTheApp(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  // The tap started the app's download, and nothing happened yet (no handler is there).
  await expect.poll(app.asked).toBe(true);
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveCount(0);
  app.release();
  // Once the app has hydrated the menu, the tap is replayed: the menu opens, once.
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
});

test('a filter chosen before the app has started applies once it runs (decision 1220)', async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/workshops');
  const cards = page.getByRole('button', { name: /^Details: / });
  const before = await cards.count();
  expect(before).toBeGreaterThan(1);
  await page.getByLabel('Category').selectOption('Design');
  // The server's list, unfiltered, until the app runs.
  await expect(cards).toHaveCount(before);
  app.release();
  await expect(cards).not.toHaveCount(before);
  for (const text of await page.locator('main article').allInnerTexts()) expect(text).toContain('Design');
  await expect(page.getByLabel('Category')).toHaveValue('Design');
});

test('a visitor reads a server-rendered page with no app running; reaching for it starts the app (decision 1320)', async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/workshops');
  await page.waitForLoadState('networkidle');
  // Loaded and quiet: the list and its links are the server's, and the app was not asked for.
  const title = page.locator('main article h2 a').first();
  await expect(title).toBeVisible();
  expect(app.asked()).toBe(false);
  expect(await title.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps')))).toBe(false);
  // The page carries its own part of the stylesheet, not the file (decision 1390).
  const sheets = () =>
    page.evaluate(() => ({
      linked: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map((link) => ({ href: link.getAttribute('href'), rules: link.sheet?.cssRules.length ?? 0 })),
      inline: document.querySelector('style[data-stylesheet]')?.getAttribute('data-stylesheet') ?? null,
    }));
  const before = await sheets();
  expect(before.linked).toEqual([]);
  expect(before.inline).toMatch(/^\/assets\/[\w-]+\.css$/);
  // The pointer moves toward the page: the app is asked for, and hydrates the server's markup once it is in.
  await page.mouse.move(200, 300);
  await expect.poll(app.asked).toBe(true);
  app.release();
  await expectHydrated(title);
  // The app started with the whole stylesheet loaded beside the page's part (what it renders next may use any class).
  const after = await sheets();
  expect(after.linked).toHaveLength(1);
  expect(after.linked[0]?.href).toBe(before.inline);
  expect(after.linked[0]?.rules).toBeGreaterThan(0);
});

test('a workshop\'s own address shows its details before the app runs; Escape then closes them (decision 1380)', async ({ page, request }) => {
  const list = (await (await request.get('/api/workshops?limit=1')).json()) as { data: { workshops: Array<{ id: string; title: string }> } };
  const workshop = list.data.workshops[0];
  if (!workshop) throw new Error('the demo data has no public workshop');
  await page.setViewportSize({ width: 360, height: 740 });
  const app = await holdTheApp(page);
  await page.goto(`/workshops/${workshop.id}`);
  await page.waitForLoadState('networkidle');
  // The server's dialog, open and above the page, with the workshop's details; no app code was asked for.
  const dialog = page.getByRole('dialog', { name: workshop.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('time')).toContainText(/\d/);
  expect(await dialog.evaluate((el) => ({ modal: el.matches(':modal'), position: getComputedStyle(el).position }))).toEqual({ modal: false, position: 'fixed' });
  await expect(dialog.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/workshops');
  await expectAccessible(page);
  expect(app.asked()).toBe(false);
  // Escape reaches for the page: the app starts, makes the dialog its modal, and Escape closes it.
  await page.keyboard.press('Escape');
  await expect.poll(app.asked).toBe(true);
  await expect(dialog).toBeVisible();
  app.release();
  await expect(page).toHaveURL(/\/workshops$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Workshops' })).toBeVisible();
  // Opened again, the app running: the dialog is the modal, and its close link closes it without a page load.
  await page.locator('main article h2 a').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.getByRole('dialog').evaluate((el) => el.matches(':modal'))).toBe(true);
  await page.getByRole('dialog').getByRole('link', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/workshops$/);
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('the landing page starts its app when the rotating features come on screen; a signed-in person\'s public page at once (decisions 1320, 1340)', async ({ page }) => {
  // On a phone the rotating feature cards are below the fold: the loaded, untouched landing page runs nothing.
  await page.setViewportSize({ width: 360, height: 740 });
  const landing = await holdTheApp(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('feature-card')).toHaveCount(4);
  expect(landing.asked()).toBe(false);
  // The cards come on screen with no input at all (a taller window): the app starts, and then they rotate.
  await page.setViewportSize({ width: 360, height: 4000 });
  await expect.poll(landing.asked).toBe(true);
  landing.release();
  await expect
    .poll(() => page.getByTestId('feature-card').first().evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps'))), { timeout: 20_000 })
    .toBe(true);
  await page.unrouteAll({ behavior: 'wait' });
  await signIn(page, DEMO.student.email, DEMO.student.password);
  // Signed in, a public page is hydrated with no touch at all (the header shows the person's account).
  const held = await holdTheApp(page);
  await page.goto('/workshops');
  await expect.poll(held.asked).toBe(true);
  held.release();
  await expect
    .poll(() => page.locator('main article h2 a').first().evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps'))), { timeout: 20_000 })
    .toBe(true);
});

test.describe('in the visitor\'s language', () => {
  test.use({ locale: 'es-ES' });

  test('the server renders in the browser\'s language and the page hydrates in it', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const removed = await watchRoot(page);
    const response = await page.goto('/experts');
    expect(await response?.text()).toContain('<html lang="es"');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await removed()).toBe(0);
    expect(errors).toEqual([]);
  });
});

for (const width of [1280, 360]) {
  test(`a workshop's own address opens its details, and Back returns to the list (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/workshops');
    const details = page.getByRole('button', { name: /^Details: / }).first();
    await expect(details).toBeVisible();
    const title = ((await details.getAttribute('aria-label')) ?? '').replace(/^Details: /, '');
    await details.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(title);
    await expect(page).toHaveURL(/\/workshops\/[0-9a-f]{24}$/);
    const address = page.url();
    await expectAccessible(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/workshops$/);
    await expect(dialog).toBeHidden();

    // Opened directly (a shared link): the list with that workshop's details.
    await page.goto(address);
    await expect(page.getByRole('dialog')).toContainText(title);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/workshops$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Workshops' })).toBeVisible();
  });
}
