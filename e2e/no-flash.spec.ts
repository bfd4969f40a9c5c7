import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';

/**
 * Watch every frame from the first paint: whether the student dashboard ever showed, and whether the app's
 * root was ever painted empty (a blank frame) once it had shown something.
 */
async function watchFrames(page: Page) {
  await page.addInitScript(() => {
    const seen = { studentDashboard: false, blankAfterContent: 0, frames: 0 };
    (window as unknown as { __frames: typeof seen }).__frames = seen;
    let hadContent = false;
    const tick = () => {
      const root = document.getElementById('root');
      const text = root?.innerText ?? '';
      seen.frames++;
      if (/Student Dashboard|Student Portal/.test(text)) seen.studentDashboard = true;
      const painted = !!root && root.getBoundingClientRect().height > 0 && root.childElementCount > 0;
      if (painted) hadContent = true;
      else if (hadContent) seen.blankAfterContent++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return () => page.evaluate(() => (window as unknown as { __frames: { studentDashboard: boolean; blankAfterContent: number; frames: number } }).__frames);
}

for (const who of ['professional', 'admin'] as const) {
  test(`a${who === 'admin' ? 'n' : ''} ${who} signing in never sees the student dashboard, nor a blank frame`, async ({ page }) => {
    const frames = await watchFrames(page);
    const account = DEMO[who];
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(new RegExp(`/${who}/dashboard`));
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const seen = await frames();
    expect(seen.frames).toBeGreaterThan(0);
    expect(seen.studentDashboard).toBe(false);
    expect(seen.blankAfterContent).toBe(0);
  });
}

test('moving between dashboard sections keeps the layout: no blank frame', async ({ page }) => {
  const frames = await watchFrames(page);
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await expect(page.getByRole('main')).toBeVisible();
  for (const name of [/Professionals/, /Ideas/, /R&D Projects/, /Workshops/]) {
    await page.getByRole('tab', { name }).first().click();
    await expect(page.getByRole('tabpanel').first()).toBeVisible();
  }
  expect((await frames()).blankAfterContent).toBe(0);
});
