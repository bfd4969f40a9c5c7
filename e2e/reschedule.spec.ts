import { DEMO, apiCall, apiLoginToken, expect, expectAccessible, readOutbox, signIn, test, uniqueTag } from './fixtures.ts';
import { createWorkshopViaApi, dateInDays } from './journey-helpers.ts';


test('an admin reschedules a workshop; the registered demo student is told live and sees the new time', async ({ page, browser, request }) => {
  test.setTimeout(180_000); // two signed-in browsers and six axe scans on a shared machine
  const title = `Reschedule Clinic ${uniqueTag()}`;
  // A date some weeks ahead, so the workshop is upcoming whatever day the journey runs.
  const date = dateInDays(21);
  const workshopId = await createWorkshopViaApi(request, {
    title,
    description: 'Moving a workshop: every registrant hears about it.',
    date,
    timezone: 'Asia/Kolkata',
    maxParticipants: 20,
    manualInstructor: { name: 'Guest Speaker', email: 'guest.speaker@example.com', title: 'Engineer' },
  });
  const studentToken = await apiLoginToken(request, DEMO.student.email, DEMO.student.password);
  await apiCall(request, studentToken, 'POST', `/api/workshops/${workshopId}/register`);

  // The student is on their dashboard, with their registered workshop listed at its first time.
  const context = await browser.newContext();
  const student = await context.newPage();
  try {
    await signIn(student, DEMO.student.email, DEMO.student.password);
    await student.getByRole('tab', { name: /Workshops/ }).click();
    const registered = student.getByRole('region', { name: 'Your Registered Workshops' });
    const row = registered.getByRole('listitem').filter({ hasText: title });
    await expect(row).toContainText(/10:00\s?AM – 12:00\s?PM \(Asia\/Kolkata\)/);
    const bell = student.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const panel = student.getByRole('region', { name: 'Notifications' });
    const markAll = panel.getByRole('button', { name: 'Mark all as read' });
    if (await markAll.isEnabled()) await markAll.click();
    await expect(bell).toHaveAccessibleName('Notifications');
    await student.keyboard.press('Escape');

    // The admin moves it to the afternoon through the edit form.
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Workshops' }).click();
    await page.getByRole('searchbox', { name: 'Search workshops' }).fill(title);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Workshop' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel(/^Start time/).fill('15:30');
    await dialog.getByLabel(/^End time/).fill('17:00');
    await dialog.getByRole('button', { name: 'Update Workshop' }).click();
    await expect(dialog).toBeHidden();
    const adminRow = page.getByRole('table', { name: 'Workshops' }).getByRole('row', { name: new RegExp(title) });
    await expect(adminRow).toBeVisible();
    await expectAccessible(page);

    // The student's bell updates without a reload; the notification carries the new time.
    await expect(bell).toHaveAccessibleName(/Notifications, \d+ unread/);
    await bell.click();
    const item = panel.getByRole('listitem').filter({ hasText: title }).first();
    await expect(item).toContainText('Workshop updated');
    // The notification is written in the recipient's own time zone, named (decision 970): the zone the
    // student's dashboard adopted from the browser, else the workshop's.
    const { user } = await apiCall<{ user: { timezone: string | null } }>(request, studentToken, 'GET', '/api/auth/profile');
    const zone = user.timezone ?? 'Asia/Kolkata';
    const clock = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(new Date(iso));
    await expect(item).toContainText(`${clock(`${date}T15:30:00+05:30`)}–${clock(`${date}T17:00:00+05:30`)} (${zone})`);
    await expectAccessible(student);
    await student.keyboard.press('Escape');
    await student.reload();
    await student.getByRole('tab', { name: /Workshops/ }).click();
    await expect(row).toContainText(/3:30\s?PM – 5:00\s?PM \(Asia\/Kolkata\)/);
    await expectAccessible(student);

    // The updated invitation reached the student's mailbox: same UID, SEQUENCE 1, METHOD:REQUEST.
    const sequence = await readOutbox(DEMO.student.email, new RegExp(`"${title}" has changed[\\s\\S]*?METHOD:REQUEST[\\s\\S]*?UID:workshop-${workshopId}@[^\\r\\n]+\\r\\nSEQUENCE:(\\d+)`));
    expect(sequence).toBe('1');

    // At 360 px both screens stay usable and accessible.
    await student.setViewportSize({ width: 360, height: 780 });
    await expect(row).toContainText(/3:30\s?PM/);
    await expectAccessible(student);
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(page.getByRole('heading', { name: 'Workshops', level: 2 })).toBeVisible();
    await expectAccessible(page);
  } finally {
    await context.close();
  }
});
