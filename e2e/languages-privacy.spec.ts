import type { Page } from '@playwright/test';
import { expect, expectAccessible, registerStudentViaApi, test } from './fixtures.ts';

/**
 * Issue 25: the Security page and the Help Center in Arabic (right to left) at 1280 and 360 px. Their
 * text comes from the catalogues (no English left), the page mirrors, nothing overflows sideways,
 * and axe passes.
 */

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const width of [1280, 360]) {
  test(`the Security page and the Help Center read in Arabic at ${width} px`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const student = await registerStudentViaApi(request, `Salma${letters(6)}`);
    const context = await browser.newContext({ locale: 'ar', viewport: { width, height: 900 } });
    const page = await context.newPage();
    try {
      // The Help Center: the page, its FAQ and a link inside an answer.
      await page.goto('/help');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1, name: 'مركز المساعدة' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'الأسئلة الشائعة' })).toBeVisible();
      const question = page.getByRole('button', { name: 'كيف يتم حجز جلسة إرشاد؟' });
      await question.click();
      await expect(question).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator('main').getByRole('link', { name: 'الخبراء', exact: true })).toHaveAttribute('href', '/experts');
      await expect(page.getByText('How does booking')).toHaveCount(0);
      await noSideScroll(page);
      await expectAccessible(page);

      // The Security page after signing in.
      await page.goto('/signin');
      const form = page.locator('form');
      await form.getByLabel(/^البريد الإلكتروني/).fill(student.email);
      await form.getByLabel(/^كلمة المرور/).fill(student.password);
      await form.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
      await page.waitForURL(/\/student\/dashboard/);
      await page.goto('/account/security');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { level: 1, name: 'الأمان' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'تطبيق المصادقة' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'إعداد تطبيق المصادقة' })).toBeVisible();
      await expect(page.getByText('لا توجد مفاتيح مرور بعد.')).toBeVisible();
      const sessions = page.getByRole('list', { name: 'الجلسات النشطة' });
      await expect(sessions.getByText('هذا الجهاز')).toHaveCount(1);
      await expect(sessions).toContainText('آخر نشاط');
      await expect(page.getByText('Authenticator app')).toHaveCount(0);
      await noSideScroll(page);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
}
