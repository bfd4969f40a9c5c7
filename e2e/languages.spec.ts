import type { Page } from '@playwright/test';
import { DEMO, DASHBOARD_URL, expect, expectAccessible, test } from './fixtures.ts';

/**
 * Issue 25: the public site and sign-in in Arabic (right to left) and Hindi. The first visit follows
 * the browser's languages; the page mirrors (dir="rtl"), nothing overflows sideways, axe passes, and
 * the language menu switches and is remembered on the device.
 */

async function expectNoSidewaysOverflow(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/** The element's content (its text, not its block) sits nearer the right edge than the left. */
async function startsFromTheRight(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const box = range.getBoundingClientRect();
    return window.innerWidth - box.right < box.left;
  });
}

for (const width of [1280, 360]) {
  test.describe(`Arabic at ${width} px`, () => {
    test.use({ locale: 'ar', viewport: { width, height: 900 } });

    test('the landing page is in Arabic, mirrored, and accessible', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { name: 'كل ما تحتاج إليه لتنمو' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'ابدأ رحلتك' })).toBeVisible();
      // The brand sits at the right-hand (start) side of the header.
      expect(await startsFromTheRight(page, 'header a[href="/"]')).toBe(true);
      await expect(page.getByRole('contentinfo')).toContainText('جميع الحقوق محفوظة');
      await expectNoSidewaysOverflow(page);
      await expectAccessible(page);
    });

    test('sign in in Arabic: labels, an Arabic error from the API, then the dashboard', async ({ page }) => {
      await page.goto('/signin');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { name: 'مرحبًا بعودتك' })).toBeVisible();
      const form = page.locator('form');
      // The form's fields start at the right.
      expect(await startsFromTheRight(page, 'form label')).toBe(true);
      await form.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
      await expect(page.getByText('يُرجى إدخال البريد الإلكتروني وكلمة المرور معًا')).toBeVisible();
      await form.getByLabel(/^البريد الإلكتروني/).fill(DEMO.student.email);
      await form.getByLabel(/^كلمة المرور/).fill('not-the-password');
      await form.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
      // The API answers in the page's language.
      await expect(page.getByText('البريد الإلكتروني أو كلمة المرور غير صحيحة')).toBeVisible();
      await expectNoSidewaysOverflow(page);
      await expectAccessible(page);
      await form.getByLabel(/^كلمة المرور/).fill(DEMO.student.password);
      await form.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
      await expect(page.getByText('تم تسجيل الدخول بنجاح')).toBeVisible();
      await page.waitForURL(DASHBOARD_URL);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    });
  });
}

test.describe('a form checked in the browser, in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the contact form words every field problem in Arabic before anything is sent', async ({ page }) => {
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/contact')) posted++;
    });
    await page.goto('/contact');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const form = page.locator('form');
    await form.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await expect(form.getByLabel('الاسم')).toHaveAccessibleDescription('يُرجى إدخال اسمك');
    await expect(form.getByLabel('الموضوع')).toHaveAccessibleDescription('يُرجى إدخال موضوع الرسالة');
    await expect(form.getByLabel('الرسالة')).toHaveAccessibleDescription('يُرجى كتابة رسالة');
    await expect(page.getByText('يُرجى تصحيح الحقول المميّزة.')).toBeVisible();
    await form.getByLabel('الاسم').fill('ليلى حسن');
    await form.getByLabel('البريد الإلكتروني').fill('layla@');
    await form.getByLabel('الموضوع').fill('عرض تجريبي');
    await form.getByLabel('الرسالة').fill('نرغب في عرض تجريبي لكلية الهندسة.');
    await form.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await expect(form.getByLabel('البريد الإلكتروني')).toHaveAccessibleDescription('يُرجى إدخال بريد إلكتروني صحيح');
    await expect(form.getByLabel('الاسم')).not.toHaveAttribute('aria-invalid', 'true');
    // Checked with the API's contract in the browser: nothing went to the server yet.
    expect(posted).toBe(0);
    await expectAccessible(page);
  });
});

test.describe('Hindi', () => {
  test.use({ locale: 'hi-IN', viewport: { width: 360, height: 800 } });

  test('the browser language picks Hindi; the public lists and plurals read in Hindi', async ({ page }) => {
    await page.goto('/projects');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { name: 'R&D परियोजनाएँ', level: 1 })).toBeVisible();
    await expect(page.getByText(/\d+ पद खाली (है|हैं)/).first()).toBeVisible();
    await expectNoSidewaysOverflow(page);
    await expectAccessible(page);
  });

  test('the language menu switches to Arabic and back, and the choice is remembered', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'फिर से स्वागत है' })).toBeVisible();
    await page.getByRole('combobox', { name: 'भाषा' }).selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'مرحبًا بعودتك' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'مرحبًا بعودتك' })).toBeVisible();
    await page.getByRole('combobox', { name: 'اللغة' }).selectOption('hi');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { name: 'फिर से स्वागत है' })).toBeVisible();
  });
});
