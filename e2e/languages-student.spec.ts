import type { Locator } from '@playwright/test';
import { expect, expectAccessible, registerStudentViaApi, test } from './fixtures.ts';
import { arabicPage, farDate, letters, noSideScroll, offerDemoSlot, signInArabic } from './journey-helpers.ts';

/**
 * Issue 25: the student's booking loop in Arabic (right to left) at 1280 and 360 px: sign in, the
 * dashboard and its tabs, register for a workshop from its card, a professional's profile, choose a slot → message → review → send, the
 * request in "طلباتي", withdraw it. Every text on the way is Arabic, the page mirrors, nothing
 * overflows sideways, and axe passes.
 */

/** Next month until the day's button (its name starts with the ISO date) is there, then choose it. */
async function pickDate(scope: Locator, date: string) {
  const day = scope.getByRole('button', { name: new RegExp(`^${date}،`) });
  for (let i = 0; i < 12 && !(await day.isVisible()); i += 1) {
    await scope.getByRole('button', { name: 'الشهر التالي' }).click();
  }
  await day.click();
}

for (const width of [1280, 360]) {
  test(`a student books and withdraws a session request in Arabic at ${width} px`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    const date = farDate();
    const note = `Arabic ${letters(8)}`;
    await offerDemoSlot(request, date, note);
    const student = await registerStudentViaApi(request, `Layla${letters(6)}`);
    const { context, page } = await arabicPage(browser, width);
    try {
      await signInArabic(page, student.email, student.password, /\/student\/dashboard/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(student.firstName);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('مرحبًا');
      await expect(page.getByRole('tablist', { name: 'أقسام لوحة تحكم الطالب' })).toBeVisible();

      // Register for a workshop from its card (the Workshops tab opens first): the card says so in Arabic.
      const open = page.getByRole('article').filter({ has: page.getByRole('button', { name: /^سجّل في / }) }).first();
      const title = (await open.getByRole('heading').innerText()).trim();
      await expect(open).toContainText(/متبق|ممتلئة/);
      await open.getByRole('button', { name: /^سجّل في / }).click();
      const registeredCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) }).first();
      await expect(registeredCard).toContainText('مسجَّل');
      await expect(page.getByRole('region', { name: 'ورش العمل المسجَّل فيها' })).toContainText(title);
      await expect(page.getByText('تم التسجيل في ورشة العمل بنجاح!')).toBeVisible();
      await expect(registeredCard.getByRole('button', { name: `التفاصيل: ${title}` })).toBeVisible();

      await page.getByRole('tab', { name: 'المهنيون' }).click();
      await page.getByLabel('ابحث عن مهنيين').fill('Ananya');
      await page.getByRole('button', { name: 'عرض الملف الشخصي لـ Ananya Iyer' }).click();
      const detail = page.getByRole('dialog', { name: 'Ananya Iyer' });
      await expect(detail.getByRole('heading', { name: 'تواصل مع Ananya Iyer' })).toBeVisible();
      await expect(detail.getByRole('list', { name: 'خطوات الحجز' })).toContainText('اختر وقتًا');

      await pickDate(detail, date);
      const slotRow = detail.getByRole('listitem').filter({ hasText: note }).first();
      await expect(slotRow).toContainText('(Asia/Dubai)');
      await expectAccessible(page);
      if (width < 768) await noSideScroll(page);
      await slotRow.getByRole('button', { name: /^اطلب هذا الموعد/ }).click();
      const message = `أود مناقشة مشروعي ${letters(4)}`;
      await detail.getByLabel('رسالة (اختيارية)').fill(message);
      await detail.getByRole('button', { name: 'مراجعة الطلب' }).click();
      await expect(detail).toContainText(message);
      await expect(detail.getByRole('heading', { name: /^الخطوة 3 من 3/ })).toBeVisible();
      await detail.getByRole('button', { name: 'إرسال الطلب' }).click();
      await expect(page.getByText('تم إرسال طلب التواصل!')).toBeVisible();
      await expect(detail.getByRole('heading', { name: 'تم إرسال الطلب' })).toBeFocused();
      await detail.getByRole('button', { name: 'إغلاق', exact: true }).last().click();
      await expect(detail).toBeHidden();

      await expect(page.getByRole('article').filter({ has: page.getByRole('button', { name: 'عرض الملف الشخصي لـ Ananya Iyer' }) })).toContainText('الطلب قيد الانتظار');
      const mine = page.getByRole('list', { name: 'طلباتي' }).getByRole('listitem').filter({ hasText: message });
      await expect(mine).toContainText('مُرسل');
      await expect(mine).toContainText('الوقت المطلوب');
      await expect(page.getByRole('heading', { name: 'جلسات الإرشاد الخاصة بي' })).toBeVisible();
      await expectAccessible(page);
      if (width < 768) await noSideScroll(page);

      await mine.getByRole('button', { name: 'سحب الطلب المرسل إلى Ananya Iyer' }).click();
      const confirm = page.getByRole('dialog', { name: 'هل تريد سحب هذا الطلب؟' });
      await expect(confirm).toContainText('سنُبلغ Ananya Iyer');
      await confirm.getByRole('button', { name: 'سحب الطلب' }).click();
      await expect(mine).toContainText('مسحوب');
    } finally {
      await context.close();
    }
  });
}
