import type { Locator, Page } from '@playwright/test';
import { DEMO, apiCall, apiLoginToken, expect, expectAccessible, registerStudentViaApi, signIn, test } from './fixtures.ts';

/**
 * Issue 29, the student's booking loop: book with a message (choose → message → review → send) and see
 * the pending request; withdraw one; reschedule a session into another free slot and cancel it; the
 * mentor sees both. At 1280 px in London and at 360 px in New York: the booking zone is the browser's.
 */

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A far-future calendar date (UTC), random so that runs on a shared database do not meet. */
function farDate(): string {
  return new Date(Date.now() + (90 + Math.floor(Math.random() * 200)) * 86_400_000).toISOString().slice(0, 10);
}

async function pickDate(scope: Locator, date: string) {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const monthLabel = new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  for (let i = 0; i < 12 && !(await scope.getByText(monthLabel, { exact: true }).isVisible()); i += 1) {
    await scope.getByRole('button', { name: 'Next month' }).click();
  }
  await scope.getByRole('button', { name: new RegExp(`^${date}, \\d+ slots? available$`) }).click();
}

/** Wall-clock 'HH:mm' of a UTC date + hour in a zone. */
function localTime(date: string, utcHour: number, zone: string): string {
  return new Date(`${date}T${String(utcHour).padStart(2, '0')}:00:00Z`).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone });
}

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const run of [
  { name: '1280 px, Europe/London', width: 1280, height: 900, zone: 'Europe/London' },
  { name: '360 px, America/New_York', width: 360, height: 780, zone: 'America/New_York' },
]) {
  test(`the student books, withdraws, reschedules and cancels; the mentor sees it (${run.name})`, async ({ browser, request, page }) => {
    test.setTimeout(240_000);
    const date = farDate();
    const note = `Loop ${letters(8)}`;
    // The demo mentor opens 12:00–15:00 UTC on that day: three one-hour slots.
    const mentorToken = await apiLoginToken(request, DEMO.professional.email, DEMO.professional.password);
    const rule = await apiCall<{ rule: { _id: string } }>(request, mentorToken, 'POST', '/api/professionals/availability', {
      isRecurring: false,
      date,
      startTime: '12:00',
      endTime: '15:00',
      timezone: 'UTC',
      notes: note,
      enabled: true,
    });
    const student = await registerStudentViaApi(request, `Loop${letters(8)}`);
    const studentName = `${student.firstName} ${student.lastName}`;
    const context = await browser.newContext({ viewport: { width: run.width, height: run.height }, timezoneId: run.zone });
    const studentPage = await context.newPage();
    try {
      await signIn(studentPage, student.email, student.password);
      await studentPage.getByRole('tab', { name: 'Professionals' }).click();
      // Each rate in the professional's own currency: the New York mentor in dollars, not rupees.
      await studentPage.getByLabel('Search professionals').fill('Grace');
      await expect(studentPage.getByRole('article').filter({ has: studentPage.getByRole('button', { name: 'View profile of Grace Miller' }) })).toContainText('$120/hour');
      await studentPage.getByLabel('Search professionals').fill('Ananya');
      await studentPage.getByRole('button', { name: 'View profile of Ananya Iyer' }).click();
      const detail = studentPage.getByRole('dialog', { name: 'Ananya Iyer' });
      const connect = detail.getByRole('heading', { name: 'Connect with Ananya Iyer' });
      await expect(connect).toBeVisible();
      // The browser's zone, not a fixed default.
      await expect(detail.getByLabel('Time zone')).toHaveValue(run.zone);
      if (run.width < 768) {
        // On a phone the booking comes before the biography.
        const about = detail.getByRole('heading', { name: 'About' });
        if (await about.count()) {
          expect((await connect.boundingBox())!.y).toBeLessThan((await about.boundingBox())!.y);
        }
      }

      // 1. Choose the slot → write the message → review (back once: nothing lost) → send.
      await pickDate(detail, date);
      const first = localTime(date, 12, run.zone);
      const slotRow = detail.getByRole('listitem').filter({ hasText: note }).filter({ hasText: first }).first();
      await expectAccessible(studentPage);
      await slotRow.getByRole('button', { name: 'Request this slot' }).click();
      const message = `Could we review my ${letters(5)} project plan?`;
      await detail.getByLabel('Message (optional)').fill(message);
      await detail.getByRole('button', { name: 'Review request' }).click();
      await expect(detail).toContainText(message);
      await expect(detail).toContainText(`(${run.zone})`);
      await detail.getByRole('button', { name: 'Back' }).click();
      await expect(detail.getByLabel('Message (optional)')).toHaveValue(message);
      await detail.getByRole('button', { name: 'Review request' }).click();
      await expectAccessible(studentPage);
      await detail.getByRole('button', { name: 'Send request' }).click();
      await expect(studentPage.getByText('Connection request sent!')).toBeVisible();
      await expect(detail.getByRole('heading', { name: 'Request sent' })).toBeFocused();
      await detail.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expect(detail).toBeHidden();

      // 2. The pending request is visible: on the mentor's card and in the sessions area, with the message.
      await expect(studentPage.getByRole('article').filter({ has: studentPage.getByRole('button', { name: 'View profile of Ananya Iyer' }) })).toContainText('Request pending');
      const requests = studentPage.getByRole('list', { name: 'My requests' });
      const mine = requests.getByRole('listitem').filter({ hasText: message });
      await expect(mine).toContainText('Requested');
      await expect(mine).toContainText(first);
      await expectAccessible(studentPage);
      if (run.width < 768) await noSideScroll(studentPage);

      // 3. Withdraw it; the mentor sees it withdrawn.
      await mine.getByRole('button', { name: 'Withdraw request to Ananya Iyer' }).click();
      await studentPage.getByRole('dialog', { name: 'Withdraw this request?' }).getByRole('button', { name: 'Withdraw' }).click();
      await expect(studentPage.getByText('Request withdrawn. The professional has been told.')).toBeVisible();
      await expect(mine).toContainText('Withdrawn');
      await expect(mine.getByRole('button', { name: /Withdraw/ })).toHaveCount(0);
      await expect(studentPage.getByRole('article').filter({ has: studentPage.getByRole('button', { name: 'View profile of Ananya Iyer' }) })).not.toContainText('Request pending');

      // 4. A session (the mentor accepts a new request for the 12:00 slot), then the student moves it to 14:00.
      const sent = await apiCall<{ request: { _id: string } }>(request, student.token, 'POST', `/api/professionals/${(await apiCall<{ user: { id: string } }>(request, mentorToken, 'GET', '/api/auth/profile')).user.id}/connect`, {
        message: 'Second try',
        slot: { date, startTime: '12:00', endTime: '13:00', timezone: 'UTC' },
      });
      await apiCall(request, mentorToken, 'POST', `/api/professionals/connection-requests/${sent.request._id}/respond`, { status: 'accepted', topic: note });
      await studentPage.reload();
      const card = studentPage.getByRole('region', { name: 'My Mentoring Sessions' }).getByRole('listitem').filter({ hasText: note });
      await expect(card).toContainText(`${first} (${run.zone})`);
      await card.getByRole('button', { name: 'Reschedule' }).click();
      const move = studentPage.getByRole('dialog', { name: 'Reschedule session' });
      await expect(move.getByLabel('Time zone')).toHaveValue(run.zone);
      await pickDate(move, date);
      const later = localTime(date, 14, run.zone);
      // The booked 12:00 hour is not offered; 13:00 and 14:00 are.
      await expect(move.getByRole('button', { name: `Choose this time: ${first} – ${localTime(date, 13, run.zone)}` })).toHaveCount(0);
      await move.getByRole('button', { name: new RegExp(`^Choose this time: ${later} – `) }).click();
      await move.getByLabel('Reason for the change').fill('My exam moved to that morning');
      await expectAccessible(studentPage);
      await move.getByRole('button', { name: 'Confirm new time' }).click();
      await expect(studentPage.getByText('Session rescheduled. The professional has been notified.')).toBeVisible();
      await expect(move).toBeHidden();
      await expect(card).toContainText(`${later} (${run.zone})`);
      await expect(card).toContainText('Rescheduled by you: “My exam moved to that morning”');
      if (run.width < 768) await noSideScroll(studentPage);

      // 5. The mentor sees the move.
      await signIn(page, DEMO.professional.email, DEMO.professional.password);
      await page.goto('/professional/dashboard?tab=sessions');
      const theirs = page.getByRole('listitem').filter({ hasText: studentName }).filter({ hasText: note });
      await expect(theirs).toContainText(`Rescheduled by ${studentName}: “My exam moved to that morning”`);

      // 6. The student cancels with a reason; both sides see the cancellation.
      await card.getByRole('button', { name: 'Cancel' }).click();
      const cancel = studentPage.getByRole('dialog', { name: 'Cancel this session?' });
      await expect(cancel).toContainText('Free cancellation up to 12 hours before the start.');
      await cancel.getByRole('button', { name: 'Cancel session' }).click();
      await expect(cancel.getByText('Please give a reason')).toBeVisible();
      await cancel.getByLabel('Reason for cancelling').fill('I found a mentor at my university');
      await expectAccessible(studentPage);
      await cancel.getByRole('button', { name: 'Cancel session' }).click();
      await expect(studentPage.getByText('Session cancelled. The professional has been notified.')).toBeVisible();
      await expect(card).toContainText('cancelled');
      await expect(card).toContainText('You cancelled: “I found a mentor at my university”');
      await expect(card.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

      await page.reload();
      await expect(theirs).toContainText(`${studentName} cancelled: “I found a mentor at my university”`);
      await expectAccessible(page);
    } finally {
      await apiCall(request, mentorToken, 'DELETE', `/api/professionals/availability/${rule.rule._id}`);
      await context.close();
    }
  });
}
