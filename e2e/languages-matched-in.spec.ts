import type { APIRequestContext } from '@playwright/test';
import { DEMO, apiCall, apiLoginToken, expect, expectAccessible, test, uniqueEmail, uniqueTag } from './fixtures.ts';
import { arabicPage, signInArabic } from './journey-helpers.ts';

/**
 * Issue 25 (decision 1261): a connection a programme made reads "Matched in <programme>" in the reader's
 * language. An Arabic-reading mentee sees the Arabic sentence with the programme's (Latin) name isolated,
 * and no stored English.
 */
async function registerIn(request: APIRequestContext, university: string) {
  const email = uniqueEmail('matched');
  const response = await request.post('/api/auth/register', {
    data: {
      email,
      password: 'Journey@123',
      firstName: 'Layla',
      lastName: 'Matched',
      university,
      course: 'Computer Science',
      year: 2,
      rollNumber: `R-${Date.now()}-matched`,
      phone: '+91 98765 43210',
      interests: ['Technology'],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: { token: string } };
  return { email, password: 'Journey@123', token: body.data.token };
}

test('an Arabic reader sees the programme match in Arabic, the programme name isolated', async ({ browser, request }) => {
  const university = uniqueTag('Uni');
  const name = uniqueTag('Spring cohort ');
  const mentee = await registerIn(request, university);
  const admin = await apiLoginToken(request, DEMO.admin.email, DEMO.admin.password);
  const { programme } = await apiCall<{ programme: { id: string } }>(request, admin, 'POST', '/api/admin/programmes', {
    name,
    startsOn: '2030-01-10',
    endsOn: '2030-06-30',
    eligibleUniversities: [university],
    mentorCapacityDefault: 2,
  });
  const id = programme.id;
  await apiCall(request, admin, 'POST', `/api/admin/programmes/${id}/invitations`, { role: 'mentee', allEligible: true });
  await apiCall(request, admin, 'POST', `/api/admin/programmes/${id}/invitations`, { role: 'mentor', allEligible: true });
  const mentor = await apiLoginToken(request, DEMO.professional.email, DEMO.professional.password);
  await apiCall(request, mentor, 'PUT', `/api/programmes/${id}/participation`, { status: 'joined', topics: ['TypeScript'], capacity: 2 });
  await apiCall(request, mentee.token, 'PUT', `/api/programmes/${id}/participation`, { status: 'joined', topics: ['TypeScript'] });
  await apiCall(request, admin, 'POST', `/api/admin/programmes/${id}/match`);
  await apiCall(request, admin, 'POST', `/api/admin/programmes/${id}/publish`);
  await apiCall(request, mentee.token, 'PUT', '/api/users/me/language', { language: 'ar' });

  const { context, page } = await arabicPage(browser, 1280);
  try {
    await signInArabic(page, mentee.email, mentee.password, /\/student\/dashboard/);
    await page.getByRole('tab', { name: 'المهنيون' }).click();
    const requests = page.getByRole('list', { name: 'طلباتي' });
    const card = requests.getByRole('listitem').filter({ hasText: 'Ananya Iyer' });
    const matched = card.getByTestId('matched-in');
    await expect(matched).toHaveText(`تم الإقران عبر برنامج ${name}`);
    await expect(matched.locator('bdi')).toHaveText(name);
    await expect(card).not.toContainText('Matched in');
    await expectAccessible(page);
  } finally {
    await context.close();
  }
});
