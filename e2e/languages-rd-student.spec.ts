import type { Locator } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { arabicPage, noSideScroll, signInArabic } from './journey-helpers.ts';
import { PDF, adminToken, createProject, registerStudent, uniqueTitle } from './rd-helpers.ts';

/**
 * Issue 25: a student applies to an R&D project in Arabic (right to left) at 1280 and 360 px: the R&D
 * tab, a project card (field, plural forms, deadline), its details, the application form with its own
 * check, and the application in "طلباتي". Every text on the way is Arabic, the English project title
 * stays whole inside it, the card mirrors, nothing overflows sideways, and axe passes.
 */

/** In right to left, `first` sits to the right of `second`. */
async function rightOf(first: Locator, second: Locator) {
  const a = await first.boundingBox();
  const b = await second.boundingBox();
  expect(a && b && a.x > b.x).toBe(true);
}

for (const width of [1280, 360]) {
  test(`a student applies to an R&D project in Arabic at ${width} px`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    const admin = await adminToken(request);
    const project = await createProject(request, admin, { title: uniqueTitle('Tidal Energy Lab') });
    const student = await registerStudent(request, 'rdar');
    const { context, page } = await arabicPage(browser, width);
    try {
      await signInArabic(page, student.email, student.password, /\/student\/dashboard/);
      await page.goto('/student/dashboard?tab=rd-projects');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('heading', { name: 'مشاريع البحث والتطوير', level: 2 })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'تصفّح المشاريع', selected: true })).toBeVisible();

      const panel = page.getByRole('tabpanel').last();
      await panel.getByRole('searchbox', { name: 'بحث' }).fill(project.title);
      const card = panel.getByRole('article').filter({ has: page.getByRole('heading', { name: project.title, exact: true }) });
      await expect(card).toHaveCount(1);
      await expect(panel.getByText('مشروع واحد', { exact: true })).toBeVisible();
      // Field, Arabic dual ("two open places"), the deadline 30 days away (the "many" form) and the priority.
      await expect(card).toContainText('علم البيانات');
      await expect(card).toContainText('مكانان شاغران');
      await expect(card).toContainText(/قدّم قبل .* \(بقي \d+ يومًا\)/);
      await expect(card).toContainText('عالية');
      // Mirrored: View Details starts the row on the right, the bookmark sits at its end on the left.
      await rightOf(card.getByRole('button', { name: 'عرض التفاصيل' }), card.getByRole('button', { name: 'احفظ المشروع' }));
      await expectAccessible(page);
      if (width < 768) await noSideScroll(page);

      await card.getByRole('button', { name: 'عرض التفاصيل' }).click();
      const detail = page.getByRole('dialog', { name: project.title });
      await expect(detail).toContainText('المستندات المطلوبة: السيرة الذاتية');
      await expect(detail).toContainText('المقابلة مطلوبة: نعم');
      await expect(detail).toContainText('متدرّب');
      await expectAccessible(page);
      await detail.getByRole('button', { name: 'قدّم الآن' }).click();

      const apply = page.getByRole('dialog', { name: `التقديم: ${project.title}` });
      await expect(apply).toBeVisible();
      await apply.getByLabel(/^الدافع/).fill('أدرس نمذجة المد والجزر وأريد العمل على بيانات حقيقية.');
      // The required résumé is checked before anything is sent, in Arabic.
      await apply.getByRole('button', { name: 'أرسل الطلب' }).click();
      await expect(apply.getByText('يرجى رفع سيرتك الذاتية')).toBeVisible();
      await apply.getByLabel(/^السيرة الذاتية/).setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
      await apply.getByLabel(/^المدة المتوقعة/).selectOption('3-6 months');
      await expectAccessible(page);
      if (width < 768) await noSideScroll(page);
      await apply.getByRole('button', { name: 'أرسل الطلب' }).click();
      await expect(page.getByRole('status').getByText('أُرسل الطلب بنجاح!')).toBeVisible();
      await expect(apply).toBeHidden();

      await page.getByRole('tab', { name: /طلباتي/ }).click();
      const application = page.getByRole('tabpanel').last().getByRole('listitem').filter({ has: page.getByRole('heading', { name: project.title }) }).first();
      await expect(application).toContainText('قيد الانتظار');
      await expect(application).toContainText('متدرّب · علم البيانات · قُدّم في');
      await expect(application.getByRole('button', { name: 'السيرة الذاتية: resume.pdf' })).toBeVisible();
      await expect(application.getByRole('list', { name: 'تقدّم الطلب' })).toContainText('القرار قيد الانتظار');
      await expect(application.getByRole('button', { name: 'اسحب الطلب' })).toBeVisible();
      await expectAccessible(page);
      if (width < 768) await noSideScroll(page);
    } finally {
      await context.close();
    }
  });
}
