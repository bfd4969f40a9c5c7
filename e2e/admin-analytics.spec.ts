import { DEMO, expect, expectAccessible, signIn, test } from './fixtures.ts';

/**
 * Issue 16: analytics with real charts — a monthly time series with a range picker, idea and
 * application funnels, readable labels (never a raw `under_review`), and every chart with its data
 * table for screen readers; months before any activity do not fill the chart with zeros.
 */
for (const width of [1280, 360]) {
  test(`admin analytics at ${width} px: charts, range picker, funnels and data tables`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    if (width < 1024) await page.getByRole('button', { name: /Open sections menu/ }).click();
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Analytics', exact: true }).click();
    const section = page.getByRole('region', { name: 'Analytics' });
    await expect(section.getByRole('heading', { name: 'Analytics' })).toBeVisible();

    const series = section.getByRole('figure', { name: /Activity per month \(last 12 months\)/ });
    await expect(series).toBeVisible();
    // A drawn chart (SVG lines), hidden from assistive technology, with its table for screen readers.
    await expect(series.locator('svg path.recharts-line-curve').first()).toBeAttached();
    const table = series.getByRole('table', { name: 'Activity per month' });
    await expect(table).toBeAttached();
    const monthRows = table.locator('tbody tr');
    const shownMonths = await monthRows.count();
    expect(shownMonths).toBeGreaterThan(0);
    expect(shownMonths).toBeLessThanOrEqual(12);
    // The first month shown has some activity: leading empty months are left out.
    const firstCells = await monthRows.first().locator('td').allInnerTexts();
    expect(firstCells.some((c) => Number(c) > 0)).toBe(true);

    // Funnels with readable stage names, never raw status codes.
    await expect(section.getByRole('figure', { name: 'Idea funnel' }).getByRole('table', { name: 'Idea funnel' })).toContainText('Submitted');
    await expect(section.getByRole('figure', { name: 'R&D application funnel' })).toContainText('Withdrawn');
    await expect(section).not.toContainText('under_review');
    await expect(section).not.toContainText('revision_required');
    await expect(section).not.toContainText('under-review');

    // The table is shown on request too.
    await series.getByRole('button', { name: 'Show data table' }).click();
    await expect(table).toBeVisible();
    await expectAccessible(page);

    // The range picker re-reads the series for the chosen months.
    const answer = page.waitForResponse((r) => r.url().includes('/api/admin/analytics?months=3') && r.ok());
    // The radios are visually hidden inside their labels (a segmented control): click the label.
    await section.locator('label', { hasText: '3 months' }).click();
    await answer;
    await expect(section.getByRole('radio', { name: '3 months' })).toBeChecked();
    await expect(section.getByRole('figure', { name: /Activity per month \(last 3 months\)/ })).toBeVisible();
    expect(await section.getByRole('table', { name: 'Activity per month' }).locator('tbody tr').count()).toBeLessThanOrEqual(3);
    await expectAccessible(page);
  });
}
