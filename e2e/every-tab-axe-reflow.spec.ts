import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, registerStudentViaApi, signIn, test } from './fixtures.ts';

/**
 * Issue 29, accessibility: axe with the WCAG 2.2 A/AA tags (fixtures.ts `expectAccessible`) on every
 * section and tab of every role's dashboard, and reflow (WCAG 1.4.10): at 320 CSS px, which is 1280 px at
 * 400 % zoom (and covers 200 % of 640), no admin section scrolls sideways. The tabs are reached with the
 * keyboard only (arrow keys on the tab list, WAI-ARIA tabs).
 */

const ADMIN_SECTIONS = [
  'dashboard',
  'students',
  'professionals',
  'verification',
  'organisations',
  'workshops',
  'ideas',
  'rd',
  'programmes',
  'analytics',
  'privacy',
  'settings',
] as const;

/** The section or panel has its data (or its empty/error state): no skeleton, spinner or busy region left. */
async function settled(page: Page) {
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('main').getByRole('status').filter({ hasText: /Loading/i })).toHaveCount(0);
  await expect(page.locator('main [aria-hidden="true"].animate-pulse')).toHaveCount(0);
}

/** What sticks out past the right or left edge of the viewport (elements a reader would have to scroll to). */
async function sideways(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const over = document.documentElement.scrollWidth - width;
    const clipped = Array.from(document.querySelectorAll('main *'))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        // A tab strip scrolls within itself, with a visible "more" hint (tabs.tsx, phone-layout.spec.ts):
        // one row of controls, not content the page makes people scroll sideways to read.
        if (e.closest('[role="tablist"]')) return false;
        // Text for screen readers only (a chart's data table before "Show table") is not on screen.
        if (e.closest('.sr-only')) return false;
        // A data table may scroll within its own region (the 1.4.10 exception for data tables).
        if (e.closest('table') && e.closest('.overflow-x-auto')) return false;
        return r.right > width + 0.5 || r.left < -0.5;
      })
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 80)}`);
    return { over, clipped };
  });
}

test('every admin section reflows at 320 px (no sideways scroll) and passes axe', async ({ page, request }) => {
  test.setTimeout(240_000);
  // A newly registered student with a long e-mail address (as every journey makes them) is on the dashboard:
  // long unbroken text must wrap, not push the page sideways.
  await registerStudentViaApi(request, 'Reflow');
  await page.setViewportSize({ width: 320, height: 800 });
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  for (const section of ADMIN_SECTIONS) {
    await page.goto(section === 'dashboard' ? '/admin/dashboard' : `/admin/dashboard?section=${section}`);
    await expect(page.locator(`[data-section="${section}"] h2`).first()).toBeVisible();
    await settled(page);
    const { over, clipped } = await sideways(page);
    expect(over, `${section}: the page is ${over} px wider than 320 px`).toBeLessThanOrEqual(0);
    expect(clipped, `${section}: elements past the screen edge`).toEqual([]);
    await expectAccessible(page);
  }
  // The phone menu of sections at 320 px fits too.
  await page.getByRole('button', { name: 'Open sections menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
  expect((await sideways(page)).over).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

const TAB_ROLES = [
  {
    role: 'student',
    email: DEMO.student.email,
    password: DEMO.student.password,
    tabs: ['Workshops', 'Professionals', 'Ideas', 'My Ideas', 'R&D Projects'],
  },
  {
    role: 'university admin',
    email: 'university@iitd.ac.in',
    password: 'University@123',
    tabs: ['University', 'Students', 'Cohort', 'Workshops', 'Programmes', 'Single sign-on', 'Your data'],
  },
  {
    role: 'company admin',
    email: 'company@northwindlabs.in',
    password: 'Company@123',
    tabs: ['Company', 'Projects', 'Performance', 'Your data'],
  },
] as const;

for (const who of TAB_ROLES) {
  for (const width of [1280, 360] as const) {
    test(`${who.role} at ${width} px: every dashboard tab, reached with the arrow keys, passes axe`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, who.email, who.password);
      const list = page.getByRole('tablist').first();
      const first = list.getByRole('tab', { name: who.tabs[0], exact: false }).first();
      await expect(first).toBeVisible();
      await settled(page);
      await expectAccessible(page);
      await first.focus();
      for (const name of who.tabs.slice(1)) {
        await page.keyboard.press('ArrowRight');
        const tab = list.getByRole('tab', { name: new RegExp(`^${name.replace(/[&]/g, '\\$&')}`) });
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await expect(tab).toBeFocused();
        await settled(page);
        expect((await sideways(page)).over, `${who.role} ${name} at ${width} px`).toBeLessThanOrEqual(0);
        await expectAccessible(page);
      }
    });
  }
}
