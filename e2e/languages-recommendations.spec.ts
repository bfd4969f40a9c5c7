import { expect, expectAccessible, registerStudentViaApi, test } from './fixtures.ts';
import { arabicPage, letters, signInArabic } from './journey-helpers.ts';

/**
 * Issue 25 (decision 1280): a student whose browser speaks Arabic reads why each item is recommended in
 * Arabic: the reasons the API words for the page's language, no English sentence left.
 */
test('an Arabic student reads the reasons of their recommendations in Arabic', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const student = await registerStudentViaApi(request, `Salma${letters(6)}`);
  const { context, page } = await arabicPage(browser, 1280);
  try {
    await signInArabic(page, student.email, student.password, /\/student\/dashboard/);
    const why = (kind: string) => page.getByTestId(`recommended-${kind}`).getByRole('list', { name: /^لماذا يُقترح / });
    const english = /Shares|Related to|Mentions|seats? left|Starts|Free slots|open position|students?\b/;

    // The workshops tab opens first.
    const workshop = why('workshop').first();
    await expect(workshop).toContainText(/اهتمامات مشتركة|مرتبط باهتمامك|يذكر/);
    await expect(workshop).toContainText(/مقعد|مقاعد|مقعدان/);
    await expect(workshop).not.toContainText(english);

    await page.getByRole('tab', { name: 'المهنيون' }).click();
    const mentor = why('professional').first();
    await expect(mentor).toContainText(/مواعيد متاحة (هذا الأسبوع|خلال الأسبوعين القادمين)/);
    await expect(mentor).not.toContainText(english);

    await page.getByRole('tab', { name: /^مشاريع البحث والتطوير/ }).click();
    const project = why('rd-project').first();
    await expect(project).toContainText(/شاغر/);
    await expect(project).not.toContainText(english);
    await expectAccessible(page);
  } finally {
    await context.close();
  }
});
