import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, apiCall, expect, expectAccessible, registerStudentViaApi, signIn, test, uniqueTag } from './fixtures.ts';
import { liveWorkshop } from './journey-helpers.ts';

/**
 * Issue 29, "Workshops and certificates", "One app" and the accessibility list: the live workshop state,
 * Back through admin sections, the notifications page and its links, the shared shell with a
 * keyboard-only pass per role, and the contrast of form field borders. Axe (WCAG 2.2 A/AA tags) on
 * every page state visited, at 1280 and 360 px.
 */
const WIDTHS = [1280, 360] as const;

/** A published online workshop that started ten minutes ago and runs to the end of the UTC day. */
function liveRoom(request: APIRequestContext, title: string, studentToken?: string) {
  return liveWorkshop(
    request,
    {
      title,
      description: 'Happening right now.',
      meetingLink: 'https://meet.example.com/live-room',
      manualInstructor: { name: 'Live Instructor', email: 'live.instructor@example.com', title: 'Engineer' },
    },
    studentToken,
  );
}

for (const width of WIDTHS) {
  test(`a live workshop says Live now, why registration is closed, and offers Join to registrants (${width} px)`, async ({ page, request }) => {
    test.skip(new Date().getUTCHours() === 23 && new Date().getUTCMinutes() > 40, 'the live window needs the rest of the UTC day');
    await page.setViewportSize({ width, height: 900 });
    const registrant = await registerStudentViaApi(request, 'Lena');
    const title = `Live Lab ${uniqueTag('')}`;
    await liveRoom(request, title, registrant.token);

    // Someone not registered: Live now, the reason in words, no Register button, no link.
    const outsider = await registerStudentViaApi(request, 'Omar');
    await signIn(page, outsider.email, outsider.password);
    await page.getByLabel('Search workshops').fill(title);
    const card = page.locator('article').filter({ hasText: title });
    await expect(card.getByText('Live now')).toBeVisible();
    await expect(card.getByText('Registration is closed: this workshop has already started.')).toBeVisible();
    await expect(card.getByRole('button', { name: /^Register/ })).toHaveCount(0);
    await expect(card.getByRole('link', { name: /^Join/ })).toHaveCount(0);
    await expectAccessible(page);
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');

    // The registrant: Join opens the meeting (inside the window).
    await signIn(page, registrant.email, registrant.password);
    const row = page.getByRole('region', { name: 'Your Registered Workshops' }).getByRole('listitem').filter({ hasText: title });
    await expect(row.getByText('Live now')).toBeVisible();
    await expect(row.getByRole('link', { name: `Join ${title} (opens in a new tab)` })).toHaveAttribute('href', 'https://meet.example.com/live-room');
    await expectAccessible(page);
  });
}

test('admin sections have URLs: a section can be opened from its address and Back moves between them', async ({ page }) => {
  // Both widths in one test, four axe scans (the Workshops section's cards are the heaviest): ~40 s on a
  // quiet machine, over the default 60 s at CI load.
  test.slow();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    const open = async (section: string) => {
      if (width < 1024) await page.getByRole('button', { name: 'Open sections menu' }).click();
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: section, exact: true }).click();
      // Focus moves to the new section's heading (WCAG 2.4.3), also from the phone menu.
      await expect(page.getByRole('heading', { name: section, level: 2 })).toBeFocused();
    };
    await open('Students');
    await expect(page).toHaveURL(/\/admin\/dashboard\?section=students$/);
    await open('Workshops');
    await expect(page).toHaveURL(/section=workshops$/);
    await expectAccessible(page);
    await page.goBack();
    await expect(page).toHaveURL(/section=students$/);
    await expect(page.getByRole('heading', { name: 'Students', level: 2 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Students', level: 2 })).toBeVisible();
    // A bookmarked address opens its section.
    await page.goto('/admin/dashboard?section=rd');
    await expect(page.getByRole('heading', { name: 'R&D Projects', level: 2 })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');
  }
});

test('the R&D projects section has no sideways scroll at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin/dashboard?section=rd');
  await expect(page.getByRole('heading', { name: 'R&D Projects', level: 2 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'R&D projects' }).getByRole('listitem').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test('notifications: a page with filters, each notification a link to its object', async ({ page, request }) => {
  const student = await registerStudentViaApi(request, 'Noor');
  const title = `Rain Garden ${uniqueTag()}`;
  const { idea } = await apiCall<{ idea: { id: string } }>(request, student.token, 'POST', '/api/ideas', {
    title,
    description: 'Gardens that soak up rain on campus.',
    category: 'Environmental Engineering',
    isPublic: true,
    tags: [],
  });
  const commenter = await registerStudentViaApi(request, 'Pablo');
  await apiCall(request, commenter.token, 'POST', `/api/ideas/${idea.id}/comments`, { body: 'What about drainage?' });

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, student.email, student.password);
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    const item = page.getByRole('main').getByRole('listitem').filter({ hasText: /Pablo/ }).first();
    await expect(item).toBeVisible();
    await expectAccessible(page);
    // Filters live in the address.
    await page.getByLabel('Category').selectOption('workshop');
    await expect(page).toHaveURL(/category=workshop/);
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: /Pablo/ })).toHaveCount(0);
    await page.goBack();
    await expect(item).toBeVisible();
    await page.getByLabel('Show', { exact: true }).selectOption('unread');
    await expect(page).toHaveURL(/unread=1/);
    await page.goBack();
    await expect(page).not.toHaveURL(/unread=1/);
    // The notification is a link to its object: the idea opens.
    await page.getByRole('main').getByRole('link').filter({ hasText: /Pablo/ }).first().click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');
  }
});

test('form field borders have at least 3:1 contrast against their background (WCAG 1.4.11)', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: /^Student/ }).click();
  // A click before hydration is replayed when the page hydrates (early input): wait for the form it opens.
  await expect(page.getByRole('textbox', { name: 'Confirm Password' })).toBeVisible();
  const ratios = await page.evaluate(() => {
    const lum = (rgb: number[]) => {
      const [r, g, b] = rgb.map((c) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const background = (el: Element | null): number[] => {
      for (let e = el; e; e = e.parentElement) {
        const c = getComputedStyle(e).backgroundColor;
        if (c && !c.startsWith('rgba(0, 0, 0, 0)') && c !== 'transparent') return parse(c);
      }
      return [255, 255, 255];
    };
    return Array.from(document.querySelectorAll('input:not([type=checkbox]):not([type=hidden]), select, textarea'))
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => {
        const style = getComputedStyle(el);
        const behind = background(el.parentElement);
        const contrast = (x: number[], y: number[]) => {
          const [a, b] = [lum(x), lum(y)].sort((p, q) => q - p) as [number, number];
          return (a + 0.05) / (b + 0.05);
        };
        // The field's boundary is its border, or its own fill where that is opaque (a white select on a
        // dark panel is identified by its fill: WCAG 1.4.11 asks for either at 3:1).
        const fill = style.backgroundColor.startsWith('rgba(0, 0, 0, 0)') ? behind : parse(style.backgroundColor);
        return { name: el.getAttribute('name') ?? el.id, ratio: Math.max(contrast(parse(style.borderTopColor), behind), contrast(fill, behind)) };
      });
  });
  expect(ratios.length).toBeGreaterThan(5);
  for (const r of ratios) expect(r.ratio, `${r.name} border contrast`).toBeGreaterThanOrEqual(3);
});

/** Tab until `locator` has focus (at most `max` presses): a keyboard-only user reaching a control. */
async function tabTo(page: Page, name: RegExp, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? `${el.getAttribute('aria-label') ?? ''} ${el.textContent ?? ''}`.trim() : '';
    });
    if (name.test(label)) return;
  }
  throw new Error(`could not reach ${name} with Tab`);
}

const ROLES = [
  { role: 'student', email: DEMO.student.email, password: DEMO.student.password },
  { role: 'professional', email: DEMO.professional.email, password: DEMO.professional.password },
  { role: 'admin', email: DEMO.admin.email, password: DEMO.admin.password },
  { role: 'university admin', email: 'university@iitd.ac.in', password: 'University@123' },
  { role: 'company admin', email: 'company@northwindlabs.in', password: 'Company@123' },
] as const;

for (const who of ROLES) {
  test(`keyboard only, ${who.role}: the shared header, the account menu and the notifications page`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // Sign in with the keyboard.
    await page.goto('/signin');
    await page.getByLabel(/^Email/).focus();
    await page.keyboard.type(who.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(who.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/(admin|student|professional|university|company)\/dashboard/);
    // One header for every role: brand, navigation, bell, account menu.
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'MentorBridge home' })).toBeVisible();
    await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notifications' })).toBeVisible();
    await expect(header.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await expectAccessible(page);

    // The account menu opens with Enter, arrows move, Escape closes back onto its button.
    // From the top of the page: skip link, brand, navigation, bell, account menu.
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    await tabTo(page, /^Account menu for/);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeFocused();

    // Notifications from the header's navigation; focus lands on the new page's heading (WCAG 2.4.3).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notifications' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toBeVisible();
  });
}
