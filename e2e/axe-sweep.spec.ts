import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test } from './fixtures.ts';

/**
 * Issue 27, accessibility conformance report (docs/accessibility.md): axe with the WCAG 2.0, 2.1 and 2.2
 * A/AA rules (fixtures.ts `expectAccessible`) on every main screen of every role, at 1280 px and at
 * 360 px, where nothing may make the page scroll sideways (WCAG 1.4.10). The dashboards' tabs and
 * sections are swept one by one in every-tab-axe-reflow.spec.ts and mentoring-professional-dashboard-a11y;
 * this sweep covers the pages around them: every public page, the sign-in family, notifications,
 * security, programmes and relationships.
 */

// Its fourteen tests share nothing (each signs in or visits on its own): they are spread over both workers
// rather than queued in one, where the file alone took ~6 minutes at the end of a run (decision 890).
test.describe.configure({ mode: 'parallel' });

interface Screen {
  path: string;
  /** The page's own heading (level 1), once it has rendered. */
  heading?: RegExp;
}

const VISITOR: Screen[] = [
  { path: '/', heading: /./ },
  { path: '/about' },
  { path: '/workshops' },
  { path: '/experts' },
  { path: '/projects' },
  { path: '/certificates/MB-NO-SUCH-CERT' },
  { path: '/signin' },
  { path: '/signup' },
  { path: '/forgot-password' },
  { path: '/reset-password' },
  { path: '/contact' },
  { path: '/features' },
  { path: '/help' },
  { path: '/privacy' },
  { path: '/terms' },
  { path: '/accessibility', heading: /Accessibility Conformance Report/ },
  { path: '/no-such-page', heading: /Page not found/ },
];

const SIGNED_IN: Screen[] = [{ path: '/notifications' }, { path: '/account/security' }, { path: '/accessibility' }];

const ROLES = [
  { role: 'student', email: DEMO.student.email, password: DEMO.student.password, extra: ['/programmes', '/relationships'] },
  { role: 'professional', email: DEMO.professional.email, password: DEMO.professional.password, extra: ['/relationships'] },
  { role: 'admin', email: DEMO.admin.email, password: DEMO.admin.password, extra: [] },
  { role: 'university admin', email: 'university@iitd.ac.in', password: 'University@123', extra: ['/relationships'] },
  { role: 'company admin', email: 'company@northwindlabs.in', password: 'Company@123', extra: [] },
] as const;

/** The page has its data (or its empty/error state): no skeleton, spinner or busy region left. */
async function settled(page: Page, screen: Screen) {
  await expect(page.getByRole('heading', { level: 1, name: screen.heading ?? /./ }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/i })).toHaveCount(0);
  await expect(page.locator('[aria-hidden="true"].animate-pulse')).toHaveCount(0);
}

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function sweep(page: Page, screens: Screen[], width: number, footerLink = false) {
  for (const screen of screens) {
    await test.step(`${screen.path} at ${width} px`, async () => {
      await page.goto(screen.path);
      await settled(page, screen);
      // Every public page's footer leads to the accessibility statement (docs/accessibility.md).
      if (footerLink) await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' })).toHaveAttribute('href', '/accessibility');
      expect(await sidewaysOverflow(page), `${screen.path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    });
  }
}

for (const width of [1280, 360] as const) {
  test(`visitor at ${width} px: every public page passes axe (WCAG 2.2 A/AA)`, async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    // A real workshop's own page, as a shared link opens it.
    const list = await request.get('/api/workshops?limit=1');
    const first = ((await list.json()) as { data: { workshops: { id: string }[] } }).data.workshops[0];
    const screens = first ? [...VISITOR, { path: `/workshops/${first.id}` }] : VISITOR;
    await sweep(page, screens, width, true);
  });

  for (const who of ROLES) {
    test(`${who.role} at ${width} px: dashboard and the shared signed-in pages pass axe`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, who.email, who.password);
      const dashboard = new URL(page.url()).pathname;
      await sweep(page, [{ path: dashboard }, ...SIGNED_IN, ...who.extra.map((path) => ({ path }))], width);
    });
  }
}

/** Every element Tab and Shift+Tab reach shows at least in part: nothing (the sticky header) covers it all (WCAG 2.4.11). */
async function walkFocus(page: Page, key: 'Tab' | 'Shift+Tab', steps: number) {
  const hidden: string[] = [];
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press(key);
    const seen = await page.evaluate(async () => {
      // The page scrolls smoothly (unless reduced motion): judge where the element ends, once scrolling stops.
      let still = 0;
      let last = window.scrollY;
      for (let frame = 0; frame < 120 && still < 5; frame++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        still = window.scrollY === last ? still + 1 : 0;
        last = window.scrollY;
      }
      const el = document.activeElement as HTMLElement | null;
      const header = document.querySelector('header');
      if (!el || el === document.body || !header || header.contains(el)) return null;
      const box = el.getBoundingClientRect();
      if (box.width <= 2 || box.height <= 2) return null;
      // A fixed element (the skip link) lies over the header, not behind it.
      if (getComputedStyle(el).position === 'fixed') return null;
      // Hidden = no part of it shows between the header's bottom edge and the bottom of the window.
      const bar = header.getBoundingClientRect();
      const visible = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, bar.bottom) > 0.5;
      return visible ? null : `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    });
    if (seen) hidden.push(seen);
  }
  return hidden;
}

for (const screen of [
  { who: 'visitor', path: '/about' },
  { who: 'student', path: '/student/dashboard' },
] as const) {
  test(`focus is never hidden behind the sticky header (${screen.who}, ${screen.path})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 700 });
    if (screen.who === 'student') await signIn(page, DEMO.student.email, DEMO.student.password);
    await page.goto(screen.path);
    await settled(page, { path: screen.path });
    const count = await page.evaluate(
      () => document.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]').length,
    );
    const steps = Math.min(count + 2, 120);
    expect(await walkFocus(page, 'Tab', steps), 'hidden going forward').toEqual([]);
    expect(await walkFocus(page, 'Shift+Tab', steps), 'hidden going back').toEqual([]);
  });
}
