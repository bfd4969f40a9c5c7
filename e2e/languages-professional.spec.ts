import { DEMO, expect, expectAccessible, registerStudentViaApi, test } from './fixtures.ts';
import { arabicPage, farDate, letters, noSideScroll, offerDemoSlot, requestDemoProfessional, signInArabic } from './journey-helpers.ts';

/**
 * Issue 25 (decision 1040): the professional's side in Arabic (right to left) at 1280 and 360 px: sign in,
 * the dashboard and its tabs, a student's connection request with its requested slot, the respond dialog,
 * accept it, and the session it creates. Every text on the way is Arabic, the page mirrors, nothing
 * overflows sideways, and axe passes.
 */

for (const width of [1280, 360]) {
  test(`a professional accepts a connection request in Arabic at ${width} px`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    const date = farDate();
    await offerDemoSlot(request, date, `Arabic pro ${letters(6)}`);
    const student = await registerStudentViaApi(request, `Omar${letters(6)}`);
    const studentName = `${student.firstName} ${student.lastName}`;
    const message = `Need advice on robotics ${letters(5)}`;
    await requestDemoProfessional(request, student.token, { message, slot: { date, startTime: '12:00', endTime: '13:00', timezone: 'UTC' } });

    const { context, page } = await arabicPage(browser, width);
    try {
      await signInArabic(page, DEMO.professional.email, DEMO.professional.password, /\/professional\/dashboard/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('لوحة تحكم المهني');
      await expect(page.getByText(/^مرحبًا/).first()).toBeVisible();
      const tabs = page.getByRole('tablist', { name: 'أقسام لوحة تحكم المهني' });
      await expect(tabs).toBeVisible();
      await expect(page.getByRole('heading', { name: 'إجراءات سريعة' })).toBeVisible();
      await expectAccessible(page);
      if (width < 768) await noSideScroll(page);

      // The request, with the student's requested slot and message, in Arabic around them.
      await tabs.getByRole('tab', { name: /^طلبات التواصل/ }).click();
      await expect(page).toHaveURL(/tab=requests/);
      await expect(page.getByLabel('بحث', { exact: true })).toHaveAttribute('placeholder', 'ابحث عن الطلاب...');
      const card = page.getByRole('listitem').filter({ hasText: message });
      await expect(card).toContainText(studentName);
      await expect(card).toContainText('قيد الانتظار');
      await expect(card).toContainText('الموعد المطلوب:');
      await expect(card).toContainText('تاريخ الطلب:');
      await expectAccessible(page);
      if (width < 768) await noSideScroll(page);

      await card.getByRole('button', { name: 'الرد', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'الرد على طلب التواصل' });
      await expect(dialog).toContainText(`من ${studentName}`);
      await expect(dialog.getByRole('group', { name: 'القرار' })).toBeVisible();
      await expect(dialog.getByLabel('التاريخ', { exact: true })).toHaveValue(date);
      await expect(dialog.getByLabel('وقت البدء')).toHaveValue('12:00');
      await expect(dialog.getByLabel('وقت الانتهاء')).toHaveValue('13:00');
      await dialog.getByLabel('الرسالة', { exact: true }).fill('أهلًا بك، أتطلع إلى لقائك');
      await expectAccessible(page);
      if (width < 768) await noSideScroll(page);
      await dialog.getByRole('button', { name: 'قبول الطلب' }).click();
      await expect(page.getByText('تم قبول طلب التواصل! أُضيف الطالب إلى طلابك المتصلين.')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(card).toContainText('مقبول');
      await expect(card).toContainText('ردّك:');

      // The session the acceptance scheduled, in the Sessions tab, in Arabic with the student's name kept as written.
      await tabs.getByRole('tab', { name: 'الجلسات' }).click();
      await expect(page.getByRole('heading', { name: 'الجلسات القادمة' })).toBeVisible();
      const session = page.getByRole('listitem').filter({ hasText: studentName }).first();
      await expect(session).toContainText('المدة');
      await expect(session.getByRole('button', { name: 'إعادة الجدولة' })).toBeVisible();
      await expectAccessible(page);
      if (width < 768) await noSideScroll(page);

      // Cancel it again: the shared demo professional keeps no session of this journey.
      await session.getByRole('button', { name: 'إلغاء', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'هل تريد إلغاء الجلسة؟' });
      await expect(confirm).toContainText(studentName);
      await confirm.getByRole('button', { name: 'إلغاء الجلسة' }).click();
      await expect(page.getByText('تم إلغاء الجلسة. وأُبلغ الطالب بذلك.')).toBeVisible();
    } finally {
      await context.close();
    }
  });
}
