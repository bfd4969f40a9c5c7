import { DEMO, apiCall, apiLoginToken, expect, expectAccessible, signIn, test, uniqueEmail, uniqueTag } from './fixtures.ts';
import { fillStudentSignup } from './journey-helpers.ts';

// Issue 24 "Consent and notice" (decisions 840, 841): an administrator publishes a version of the privacy
// notice and accepts it when asked; a student registers seeing the version they accept and withdraws the
// optional use of their profile for matching; a university's view of a student's record is shown to the
// student. At a desktop width and at a phone's.
for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 780 : 900 } });

    test('the notice is published, accepted at registration and at sign-in; a consent is withdrawn; a view is shown', async ({ page, request }) => {
      const tag = uniqueTag('Notice');
      // The administrator publishes a material version in Admin → Privacy.
      await signIn(page, DEMO.admin.email, DEMO.admin.password);
      await page.goto('/admin/dashboard?tab=privacy');
      const panel = page.getByRole('region', { name: 'Privacy notice', exact: true });
      await expect(panel.getByRole('button', { name: /^Publish version \d+$/ })).toBeVisible();
      await panel.getByLabel('Title').fill(`Privacy notice ${tag}`);
      await panel.getByLabel('Notice text').fill(`We keep your name, e-mail and profile to run your account.\n\nWe use your interests to suggest mentors (${tag}).`);
      await panel.getByLabel(/^What changed/).fill('Matching suggestions are now optional.');
      await expect(panel.getByRole('checkbox', { name: /^Material change/ })).toBeChecked();
      const publishButton = panel.getByRole('button', { name: /^Publish version \d+$/ });
      const version = Number(/(\d+)$/.exec((await publishButton.textContent()) ?? '')?.[1]);
      await publishButton.click();
      await expect(page.getByText(`Version ${version} is published.`)).toBeVisible();
      await expect(panel.getByRole('listitem').filter({ hasText: `Version ${version}: Privacy notice ${tag}` })).toContainText('Material');

      // The administrator has not accepted it: the banner asks; reading and accepting removes it.
      const banner = page.getByRole('region', { name: 'Our privacy notice has changed' });
      await expect(banner).toContainText(`version ${version}`);
      await expectAccessible(page);
      await banner.getByRole('button', { name: 'Read the privacy notice' }).click();
      const noticeDialog = page.getByRole('dialog', { name: `Privacy notice ${tag}` });
      await expect(noticeDialog).toContainText('Matching suggestions are now optional.');
      await expect(noticeDialog).toContainText(`We use your interests to suggest mentors (${tag}).`);
      await expectAccessible(page);
      await noticeDialog.getByRole('button', { name: 'I have read it and accept' }).click();
      await expect(banner).toHaveCount(0);
      await expect(panel.getByRole('listitem').filter({ hasText: `Version ${version}:` })).toContainText('1 person accepted it');

      // The public privacy page is the published notice, for everyone.
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
      await page.goto('/privacy');
      await expect(page.getByRole('heading', { level: 1, name: `Privacy notice ${tag}` })).toBeVisible();
      await expect(page.getByText(`We use your interests to suggest mentors (${tag}).`)).toBeVisible();
      await expect(page.getByText(new RegExp(`version ${version}`, 'i')).first()).toBeVisible();
      await expectAccessible(page);

      // A student registers: the form shows the version registering accepts, and the notice itself.
      await page.goto('/signup');
      const email = uniqueEmail('consent');
      await fillStudentSignup(page, { firstName: 'Mira', lastName: 'Consent', email, interests: ['Technology'] });
      await expect(page.getByText(new RegExp(`Privacy notice, version ${version}, published`))).toBeVisible();
      await page.getByRole('button', { name: 'Read the privacy notice' }).click();
      const formNotice = page.getByRole('dialog', { name: `Privacy notice ${tag}` });
      await expect(formNotice).toContainText('We keep your name, e-mail and profile');
      await expectAccessible(page);
      await formNotice.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expect(formNotice).toBeHidden();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL('**/student/dashboard');
      await expect(page.getByRole('region', { name: 'Our privacy notice has changed' })).toHaveCount(0);
      const token = await apiLoginToken(request, email, 'Secret123');
      const mine = await apiCall<{ acceptances: { version: number; context: string }[]; mustAccept: boolean }>(request, token, 'GET', '/api/privacy/me/consents');
      expect(mine.acceptances[0]).toMatchObject({ version, context: 'registration' });
      expect(mine.mustAccept).toBe(false);
      const before = await apiCall<{ items: unknown[] }>(request, token, 'GET', '/api/matching/recommendations?kind=workshop&limit=5');
      expect(before.items.length).toBeGreaterThan(0);

      // Your data → Your choices: the accepted version; matching withdrawn, and the history says so.
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await page.getByRole('menuitem', { name: 'Your data' }).click();
      const profile = page.getByRole('dialog', { name: 'My Profile' });
      const choices = profile.getByRole('region', { name: 'Your choices' });
      await expect(choices).toContainText(`You accepted the privacy notice, version ${version}, on`);
      const matching = choices.getByRole('checkbox', { name: 'Use my profile for matching suggestions' });
      await expect(matching).toBeChecked();
      await expect(choices.getByRole('checkbox', { name: 'E-mails beyond the essential' })).toBeChecked();
      await matching.uncheck();
      await expect(page.getByText('Your choice is saved.')).toBeVisible();
      await expect(matching).not.toBeChecked();
      await choices.getByText('History of your choices').click();
      await expect(choices).toContainText('Use my profile for matching suggestions, withdrawn');
      await expectAccessible(page);
      const after = await apiCall<{ items: unknown[] }>(request, token, 'GET', '/api/matching/recommendations?kind=workshop&limit=5');
      expect(after.items).toEqual([]);

      // The university looks at one of its students' records; the student sees it in Your data, after
      // accepting the new notice at sign-in.
      const uniToken = await apiLoginToken(request, 'university@iitd.ac.in', 'University@123');
      const list = await apiCall<{ students: { id: string; email: string }[] }>(request, uniToken, 'GET', '/api/organisations/me/students');
      const kabir = list.students.find((s) => s.email === 'kabir@iitd.ac.in');
      expect(kabir).toBeDefined();
      await apiCall(request, uniToken, 'GET', `/api/organisations/me/students/${kabir?.id ?? ''}`);
      await page.goto('/logout');
      await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
      await signIn(page, 'kabir@iitd.ac.in', 'Student@123');
      const kabirBanner = page.getByRole('region', { name: 'Our privacy notice has changed' });
      await kabirBanner.getByRole('button', { name: 'Read the privacy notice' }).click();
      await page.getByRole('dialog', { name: `Privacy notice ${tag}` }).getByRole('button', { name: 'I have read it and accept' }).click();
      await expect(kabirBanner).toHaveCount(0);
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await page.getByRole('menuitem', { name: 'Your data' }).click();
      const access = page.getByRole('dialog', { name: 'My Profile' }).getByRole('region', { name: 'Who accessed your data' });
      await expect(access).toContainText('Indian Institute of Technology Delhi viewed your record');
      await expectAccessible(page);
    });
  });
}
