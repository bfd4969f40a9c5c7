import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { DEMO, expect, expectAccessible, registerStudentViaApi, signIn, test, watchPage } from './fixtures.ts';

/** 'YYYY-MM-DD' `days` from now in a zone. */
function dateInZone(days: number, zone: string): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: zone });
}

/** Letters only (names reject digits): a unique surname for this run's student. */
function uniqueLetters(length = 8): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

/** Move a month calendar forward until `date`'s month is shown, then pick the day. */
async function pickDate(scope: Locator, date: string, monthLabel: string) {
  for (let i = 0; i < 12; i += 1) {
    if (await scope.getByText(monthLabel, { exact: true }).isVisible()) break;
    await scope.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(scope.getByText(monthLabel, { exact: true })).toBeVisible();
  await scope.getByRole('button', { name: new RegExp(`^${date}, \\d+ slots? available$`) }).click();
}

test('a professional opens a slot, a student requests it, the session is booked, downloaded and rescheduled', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  // A one-time window on a random far-future day, at an hour the demo professional has no other rule:
  // nothing else run on the shared database touches it.
  const zone = 'Asia/Kolkata';
  const date = dateInZone(70 + Math.floor(Math.random() * 150), zone);
  const [y, m] = date.split('-').map(Number) as [number, number];
  const monthLabel = new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const note = `Journey window ${uniqueLetters(6)}`;
  // Names take letters only: a unique first name finds this run's request and session among others.
  const student = await registerStudentViaApi(request, `Nila${uniqueLetters(8)}`);
  const displayName = `${student.firstName} ${student.lastName}`;

  // 1. The professional adds the window in the Availability tab.
  await signIn(page, DEMO.professional.email, DEMO.professional.password);
  await page.getByRole('tab', { name: 'Availability' }).click();
  await expect(page).toHaveURL(/tab=availability/);
  await page.getByRole('button', { name: 'Add availability' }).click();
  const ruleDialog = page.getByRole('dialog', { name: 'Add availability' });
  // Spec defaults: a recurring Monday rule, 09:00–17:00.
  await expect(ruleDialog.getByLabel('Recurring (weekly)')).toBeChecked();
  await expect(ruleDialog.getByLabel('Day of week')).toHaveValue('1');
  await expect(ruleDialog.getByLabel('Day of week').locator('option:checked')).toHaveText('Monday');
  await expect(ruleDialog.getByLabel('Start time')).toHaveValue('09:00');
  await expect(ruleDialog.getByLabel('End time')).toHaveValue('17:00');
  await expect(ruleDialog.getByLabel('Timezone')).toHaveValue(zone);
  await expectAccessible(page);
  await ruleDialog.getByLabel('One-time').check();
  await ruleDialog.getByLabel('Date').fill(date);
  await ruleDialog.getByLabel('Start time').selectOption('06:00');
  await ruleDialog.getByLabel('End time').selectOption('07:00');
  await ruleDialog.getByLabel('Notes (optional)').fill(note);
  await ruleDialog.getByRole('button', { name: 'Create rule' }).click();
  await expect(page.getByText('Rule created successfully!')).toBeVisible();
  await expect(ruleDialog).toBeHidden();
  const ruleItem = page.getByRole('listitem').filter({ hasText: note });
  await expect(ruleItem).toContainText('06:00–07:00');
  await expect(ruleItem).toContainText('One-time');

  // 2. The student finds the slot in the professional's detail modal and requests it.
  // The student's browser is in Kolkata: the booking zone defaults to it (issue 29).
  const studentContext = await browser.newContext({ timezoneId: zone });
  const studentPage = await studentContext.newPage();
  const studentWatch = await watchPage(studentPage);
  await signIn(studentPage, student.email, student.password);
  await studentPage.getByRole('tab', { name: 'Professionals' }).click();
  await studentPage.getByLabel('Search professionals').fill('Ananya');
  await studentPage.getByRole('button', { name: 'View profile of Ananya Iyer' }).click();
  const detail = studentPage.getByRole('dialog', { name: 'Ananya Iyer' });
  await expect(detail.getByRole('heading', { name: 'Connect with Ananya Iyer' })).toBeVisible();
  await expect(detail.getByLabel('Time zone')).toHaveValue(zone);
  // The same window seen from UTC: 06:00 in Kolkata (UTC+05:30) is 00:30 UTC on the same day.
  await detail.getByLabel('Time zone').fill('UTC');
  await pickDate(detail, date, monthLabel);
  await expect(detail.getByRole('listitem').filter({ hasText: note })).toContainText('00:30 – 01:30');
  await detail.getByLabel('Time zone').fill(zone);
  await pickDate(detail, date, monthLabel);
  // The day may hold weekly windows too (the date is random): remember how many slots it offers.
  const dayLabel = await detail.getByRole('button', { name: new RegExp(`^${date}, \\d+ slots? available$`) }).getAttribute('aria-label');
  const slotsBefore = Number(/, (\d+) slots? available$/.exec(dayLabel ?? '')?.[1]);
  expect(slotsBefore).toBeGreaterThanOrEqual(1);
  const slotRow = detail.getByRole('listitem').filter({ hasText: note });
  await expect(slotRow).toContainText('06:00 – 07:00');
  await expectAccessible(studentPage);
  // Choose the slot → write the message → review → send (issue 29).
  await slotRow.getByRole('button', { name: 'Request this slot' }).click();
  await detail.getByLabel('Message (optional)').fill('Could we talk about system design interviews?');
  await detail.getByRole('button', { name: 'Review request' }).click();
  await expect(detail).toContainText('06:00–07:00 (Asia/Kolkata)');
  await detail.getByRole('button', { name: 'Send request' }).click();
  await expect(studentPage.getByText('Connection request sent!')).toBeVisible();
  await detail.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(detail).toBeHidden();

  // The held slot is no longer offered (it was the day's only slot).
  await studentPage.getByRole('button', { name: 'View profile of Ananya Iyer' }).click();
  await expect(detail.getByRole('heading', { name: 'Connect with Ananya Iyer' })).toBeVisible();
  for (let i = 0; i < 12 && !(await detail.getByText(monthLabel, { exact: true }).isVisible()); i += 1) {
    await detail.getByRole('button', { name: 'Next month' }).click();
  }
  const left = slotsBefore - 1;
  await expect(
    detail.getByRole('button', { name: left ? `${date}, ${left} slot${left === 1 ? '' : 's'} available` : `${date}, no slots` }),
  ).toBeVisible();
  await studentPage.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // 3. The professional accepts it with a schedule in the Respond dialog.
  await page.getByRole('tab', { name: /Connection Requests/ }).click();
  await expect(page).toHaveURL(/tab=requests/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: displayName }) });
  await expect(card).toContainText('Pending');
  await expect(card).toContainText('Could we talk about system design interviews?');
  await expect(card).toContainText('Requested slot:');
  await card.getByRole('button', { name: 'Respond' }).click();
  const respond = page.getByRole('dialog', { name: 'Respond to connection request' });
  await expect(respond.getByLabel('Accept')).toBeChecked();
  await expect(respond.getByLabel('Date')).toHaveValue(date);
  await expect(respond.getByLabel('Start time')).toHaveValue('06:00');
  await expect(respond.getByLabel('End time')).toHaveValue('07:00');
  await expect(respond.getByLabel('Timezone')).toHaveValue(zone);
  await expectAccessible(page);
  await respond.getByLabel('Message').fill('Happy to help. See you then!');
  await respond.getByRole('button', { name: 'Accept request' }).click();
  await expect(page.getByText('Connection request accepted! Student has been added to your connected students.')).toBeVisible();
  await expect(respond).toBeHidden();
  await expect(card).toContainText('Accepted');
  await expect(card.getByRole('button', { name: 'Respond' })).toHaveCount(0);

  // 4. Both see the session with its Join link.
  await page.getByRole('tab', { name: 'Sessions' }).click();
  const proSession = page.getByRole('listitem').filter({ has: page.getByText(displayName, { exact: true }) });
  await expect(proSession).toHaveCount(1);
  await expect(proSession).toContainText('06:00');
  await expect(proSession).toContainText(zone);
  await expect(proSession.getByRole('link', { name: 'Join Session' })).toHaveAttribute('href', /MentorBridge-[0-9a-f]{32}$/);
  const meetLink = await proSession.getByRole('link', { name: 'Join Session' }).getAttribute('href');

  await studentPage.reload();
  const panel = studentPage.getByRole('region', { name: 'My Mentoring Sessions' });
  const studentSession = panel.getByRole('listitem').filter({ hasText: 'with Ananya Iyer' });
  await expect(studentSession).toHaveCount(1);
  await expect(studentSession).toContainText('06:00');
  await expect(studentSession.getByRole('link', { name: 'Join Session' })).toHaveAttribute('href', meetLink!);

  // 5. The student downloads the calendar file.
  const [download] = await Promise.all([
    studentPage.waitForEvent('download'),
    studentSession.getByRole('button', { name: 'Add to calendar' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = readFileSync((await download.path())!, 'utf8');
  const compact = date.replace(/-/g, '');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`DTSTART;TZID=${zone}:${compact}T060000`);
  expect(ics).toContain(`DTEND;TZID=${zone}:${compact}T070000`);
  expect(ics).toContain(meetLink!);

  // 6. The professional reschedules; the student sees the new time.
  await proSession.getByRole('button', { name: 'Reschedule' }).click();
  const reschedule = page.getByRole('dialog', { name: 'Reschedule session' });
  await expect(reschedule.getByLabel('Date')).toHaveValue(date);
  await expect(reschedule.getByLabel('Start time')).toHaveValue('06:00');
  await expect(reschedule.getByLabel('End time')).toHaveValue('07:00');
  await expectAccessible(page);
  await reschedule.getByLabel('Start time').selectOption('07:30');
  await reschedule.getByLabel('End time').selectOption('08:30');
  await reschedule.getByLabel('Note to the student (optional)').fill('Moving us a little later.');
  await reschedule.getByRole('button', { name: 'Reschedule', exact: true }).click();
  await expect(page.getByText('Session rescheduled. The student has been notified.')).toBeVisible();
  await expect(reschedule).toBeHidden();
  await expect(proSession).toContainText('07:30');

  await studentPage.reload();
  await expect(studentSession).toContainText('07:30');
  await expect(studentSession).not.toContainText('06:00');
  const [again] = await Promise.all([
    studentPage.waitForEvent('download'),
    studentSession.getByRole('button', { name: 'Add to calendar' }).click(),
  ]);
  const updated = readFileSync((await again.path())!, 'utf8');
  expect(updated).toContain(`DTSTART;TZID=${zone}:${compact}T073000`);
  expect(updated).toMatch(/SEQUENCE:[1-9]/);

  await studentPage.setViewportSize({ width: 360, height: 780 });
  await expect(studentSession.getByRole('link', { name: 'Join Session' })).toBeVisible();
  expect(await studentPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // The professional removes the journey's window again; the booked session stays.
  await page.getByRole('tab', { name: 'Availability' }).click();
  await ruleItem.getByRole('button', { name: /^Delete .*06:00–07:00$/ }).click();
  await page.getByRole('dialog', { name: 'Delete rule' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Rule deleted successfully!')).toBeVisible();
  await expect(ruleItem).toHaveCount(0);

  studentWatch.assertClean();
  await studentContext.close();
});
