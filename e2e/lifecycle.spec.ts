import { DEMO, expect, expectAccessible, registerStudentViaApi, signIn, test, uniqueTag } from './fixtures.ts';
import { liveWorkshop } from './journey-helpers.ts';

/**
 * Issue 12, the workshop lifecycle end to end: a workshop a student registered for is under way; the
 * admin marks attendance ("mark all") and completes it; the student downloads the certificate and opens
 * its public verification page. Axe-clean at 1280 and 360 px.
 */
test('admin completes a live workshop; the attended student downloads the certificate and verifies it', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const title = `Lifecycle Lab ${uniqueTag('')}`;
  const student = await registerStudentViaApi(request, 'Zoë');
  // Registered while upcoming, then moved to today and started: from ten minutes ago until the end of the day (UTC).
  await liveWorkshop(
    request,
    {
      title,
      description: 'A workshop that runs from registration to certificate.',
      manualInstructor: { name: 'Maria Gómez', email: 'maria.gomez@example.com', title: 'Engineer' },
    },
    student.token,
  );

  // The admin: the workshop shows as under way; mark everyone attended, then complete it.
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Workshops' }).click();
  await page.getByRole('searchbox', { name: 'Search workshops' }).fill(title);
  const row = page.getByRole('table', { name: 'Workshops' }).getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText(/Live now|Ended/);
  await expectAccessible(page);
  await row.getByText(title).click();
  const details = page.getByRole('dialog', { name: title });
  await details.getByRole('tab', { name: 'Registrations' }).click();
  await expect(details.getByText(`${student.firstName} ${student.lastName}`)).toBeVisible();
  await expect(details.getByText('Check-in code')).toBeVisible();
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Mark all attended' }).click();
  await expect(page.getByText('1 registration marked attended')).toBeVisible();
  await expect(details.getByText('attended', { exact: true })).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: `Complete ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Complete workshop' });
  await expect(confirm).toContainText('receives their certificate');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Complete workshop' }).click();
  await expect(page.getByText('Workshop completed. Certificates were issued to every attended student.')).toBeVisible();
  await expect(row).toContainText('Completed');
  await expect(row.getByRole('button', { name: `Complete ${title}` })).toHaveCount(0);

  // The student: the certificate is there to download, and its verification page says it is valid.
  const context = await browser.newContext({ acceptDownloads: true, permissions: ['clipboard-read', 'clipboard-write'] });
  const me = await context.newPage();
  try {
    await signIn(me, student.email, student.password);
    const registered = me.getByRole('listitem').filter({ hasText: title });
    await expect(registered).toContainText('Completed');
    await expectAccessible(me);
    // "View Certificate" opens the certificate page (not a silent download).
    await registered.getByRole('link', { name: 'View Certificate' }).click();
    await me.waitForURL(/\/certificates\/MB-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await expect(me.getByRole('heading', { level: 1, name: 'Certificate of attendance' })).toBeFocused();
    await expect(me.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
    await expect(me.getByRole('figure', { name: 'Certificate preview' })).toContainText(title);
    const certId = me.url().split('/').at(-1) ?? '';
    const download = me.waitForEvent('download');
    await me.getByRole('link', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^certificate-lifecycle-lab.*\.pdf$/);
    const linkedIn = new URL((await me.getByRole('link', { name: /Add to LinkedIn/ }).getAttribute('href')) ?? '');
    expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(linkedIn.searchParams)).toMatchObject({
      startTask: 'CERTIFICATION_NAME',
      name: title,
      organizationName: 'MentorBridge',
      issueYear: String(new Date().getUTCFullYear()),
      issueMonth: String(new Date().getUTCMonth() + 1),
      certUrl: me.url(),
      certId,
    });
    await me.getByRole('button', { name: 'Copy link' }).click();
    await expect(me.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await me.evaluate(() => navigator.clipboard.readText())).toBe(me.url());
    const verified = me.getByRole('region', { name: 'Valid certificate' });
    await expect(verified.getByText(`${student.firstName} ${student.lastName}`)).toBeVisible();
    await expect(verified.getByText(title)).toBeVisible();
    await expect(verified.getByText('Maria Gómez')).toBeVisible();
    await expectAccessible(me);
    await me.setViewportSize({ width: 360, height: 800 });
    await expectAccessible(me);
    const verifyUrl = me.url();

    // Anyone can open it, signed in or not; an unknown id says so.
    const visitorContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const visitor = await visitorContext.newPage();
    try {
      await visitor.goto(verifyUrl);
      await expect(visitor.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
      await visitor.goto('/certificates/MB-AAAA-AAAA-AAAA-AAAA');
      await expect(visitor.getByRole('heading', { name: 'Certificate not found' })).toBeVisible();
      await expectAccessible(visitor);
    } finally {
      await visitorContext.close();
    }

    await me.goto('/student/dashboard?tab=workshops');
    await expect(me.getByRole('listitem').filter({ hasText: title })).toContainText('Completed');
    await expectAccessible(me);
  } finally {
    await context.close();
  }
  await page.setViewportSize({ width: 360, height: 800 });
  await expectAccessible(page);
});
