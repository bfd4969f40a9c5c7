import type { APIRequestContext } from '@playwright/test';
import { DEMO, apiCall, apiLoginToken, expect, expectAccessible, registerStudentViaApi, signIn, test, uniqueEmail, uniqueTag } from './fixtures.ts';
import { fillStudentSignup } from './journey-helpers.ts';

// Issue 14: explained recommendations for a new student, and a cohort programme run by an administrator.

test('a new student registers with interests and sees relevant, explained recommendations', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/signup');
  await fillStudentSignup(page, { firstName: 'Ira', lastName: 'Menon', email: uniqueEmail('match'), interests: ['Technology', 'Research'] });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/student/dashboard');

  // The first screen: mentors, workshops and projects picked for the interests, each with reasons.
  const welcome = page.getByTestId('welcome-recommendations');
  await expect(welcome).toBeVisible();
  const workshops = page.getByTestId('recommended-workshop');
  const firstWorkshop = workshops.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).first();
  await expect(firstWorkshop).toBeVisible();
  await expect(firstWorkshop.getByRole('list', { name: /^Why / })).toContainText(/Shares Technology|Related to your interest in (Technology|Research)/);
  const mentors = page.getByTestId('recommended-professional');
  await expect(mentors.getByRole('list', { name: /^Why / }).first()).toContainText(/Related to your interest in (Technology|Research)|Shares/);
  await expect(mentors.getByRole('list', { name: /^Why / }).first()).toContainText(/Free slots (this week|in the next two weeks)/);
  const projects = page.getByTestId('recommended-rd-project');
  await expect(projects.getByRole('list', { name: /^Why / }).first()).toContainText(/open position/);
  await expectAccessible(page);

  // "Not interested" hides a workshop, and it stays hidden on the workshops tab.
  const title = (await firstWorkshop.getByRole('heading', { level: 3 }).textContent()) ?? '';
  expect(title).not.toBe('');
  await firstWorkshop.getByRole('button', { name: `Not interested in ${title}` }).click();
  await expect(workshops.getByRole('heading', { level: 3, name: title, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Hide suggestions' }).click();
  await expect(welcome).toHaveCount(0);
  await page.reload();
  const tabPanel = page.getByTestId('recommended-workshop');
  await expect(tabPanel.getByRole('heading', { level: 2, name: 'Recommended for you' })).toBeVisible();
  await expect(tabPanel.getByRole('button', { name: /^View / }).first()).toBeVisible();
  await expect(tabPanel.getByRole('heading', { level: 3, name: title, exact: true })).toHaveCount(0);

  // Professionals tab: recommended mentors; View opens the profile.
  await page.getByRole('tab', { name: 'Professionals' }).click();
  const proPanel = page.getByTestId('recommended-professional');
  await expect(proPanel.getByRole('heading', { level: 2, name: 'Recommended for you' })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(proPanel.getByRole('button', { name: /^View / }).first()).toBeVisible();
  await expectAccessible(page);
});

async function registerIn(request: APIRequestContext, university: string, firstName: string) {
  const email = uniqueEmail('cohort');
  const response = await request.post('/api/auth/register', {
    data: {
      email,
      password: 'Journey@123',
      firstName,
      lastName: 'Cohort',
      university,
      course: 'Computer Science',
      year: 2,
      rollNumber: `R-${Date.now()}-${firstName}`,
      phone: '+91 98765 43210',
      interests: ['Technology'],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: { token: string } };
  return { email, password: 'Journey@123', token: body.data.token };
}

test('an administrator runs a programme from creation to published pairs', async ({ page, request, browser }) => {
  const university = uniqueTag('Uni');
  const name = uniqueTag('Cohort');
  const mentees = [await registerIn(request, university, 'Kiran'), await registerIn(request, university, 'Tara')];

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Programmes' }).click();
  await page.getByRole('button', { name: 'New programme' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New mentoring programme' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Starts on').fill('2030-01-10');
  await dialog.getByLabel('Ends on').fill('2030-06-30');
  await dialog.getByLabel('Eligible universities').fill(university);
  await dialog.getByLabel(/^Mentor capacity/).fill('2');
  await dialog.getByRole('button', { name: 'Create programme' }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

  await page.getByRole('button', { name: 'Invite eligible students' }).click();
  await expect(page.getByText('Invitations sent: 2 new, 0 already invited')).toBeVisible();
  await page.getByRole('button', { name: 'Invite verified mentors' }).click();
  // The students' toast may still be on screen: the mentors' one is the other "Invitations sent".
  await expect(page.getByText(/Invitations sent: \d+ new/).filter({ hasNotText: 'Invitations sent: 2 new, 0 already invited' })).toBeVisible();

  // Participants answer (the mentor through the API; one mentee on the programmes page).
  const adminToken = await apiLoginToken(request, DEMO.admin.email, DEMO.admin.password);
  const list = await apiCall<{ programmes: { id: string; name: string }[] }>(request, adminToken, 'GET', '/api/admin/programmes');
  const id = list.programmes.find((p) => p.name === name)?.id ?? '';
  expect(id).not.toBe('');
  const mentorToken = await apiLoginToken(request, DEMO.professional.email, DEMO.professional.password);
  await apiCall(request, mentorToken, 'PUT', `/api/programmes/${id}/participation`, { status: 'joined', topics: ['TypeScript', 'System Design'], capacity: 2 });
  await apiCall(request, mentees[1]?.token ?? '', 'PUT', `/api/programmes/${id}/participation`, { status: 'joined', topics: ['System Design'] });

  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const menteePage = await context.newPage();
  await signIn(menteePage, mentees[0]?.email ?? '', 'Journey@123');
  await menteePage.goto('/programmes');
  const card = menteePage.getByRole('region', { name });
  await card.getByLabel('Topics').fill('TypeScript');
  await card.getByLabel('1st choice').selectOption({ label: 'Ananya Iyer (TypeScript, System Design)' });
  await card.getByRole('button', { name: 'Join programme' }).click();
  await expect(menteePage.getByText('Your answer is saved')).toBeVisible();
  await expectAccessible(menteePage);

  // Matching: both mentees with the mentor, with scores and reasons.
  await page.getByRole('button', { name: 'Run matching' }).click();
  await expect(page.getByText('Matching done')).toBeVisible();
  const pairs = page.getByRole('region', { name: 'Proposed pairs' });
  await expect(pairs.getByText(/Kiran Cohort with Ananya/)).toBeVisible();
  await expect(pairs.getByText(/Tara Cohort with Ananya/)).toBeVisible();
  await expect(pairs.getByText('Shares TypeScript')).toBeVisible();
  await expect(pairs.getByText(/The mentee ranked Ananya .* #1/)).toBeVisible();
  await pairs.getByRole('button', { name: /^Pin Kiran Cohort/ }).click();
  await expect(pairs.getByText(/Score [\d.]+ · pinned/)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Publish pairs' }).click();
  await page.getByRole('dialog', { name: 'Publish pairs?' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^Published$|· Published ·/).first()).toBeVisible();
  await expect(page.getByTestId('programme-dashboard')).toHaveText(/0 of 2 pairs have met/);
  await expect(page.getByText('Not met yet').first()).toBeVisible();
  await page.setViewportSize({ width: 360, height: 780 });
  await expectAccessible(page);

  // The mentee sees the published match.
  await menteePage.reload();
  await expect(menteePage.getByTestId('programme-partners')).toContainText('Ananya');
  await context.close();
});

test('a professional sees students who might benefit and invites one', async ({ page, request }) => {
  // Studying her own topic (a shared topic outranks the related ones every other journey's student has): the
  // card shows the ten best suggestions, and the journeys register many students beside this one.
  const student = await registerStudentViaApi(request, 'Zubin', { course: 'Software Development' });
  // The demo mentor already has requests and mentees: give her room (an invitation at capacity is refused).
  const mentorToken = await apiLoginToken(request, DEMO.professional.email, DEMO.professional.password);
  await apiCall(request, mentorToken, 'PUT', '/api/matching/capacity', { maxMentees: 50 });
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, DEMO.professional.email, DEMO.professional.password);
  await page.getByRole('tab', { name: 'Connected Students' }).click();
  const card = page.getByRole('region', { name: 'Students who might benefit' });
  const invite = card.getByRole('button', { name: `Invite ${student.firstName} J. to connect` });
  await expect(invite).toBeVisible();
  await expect(card).toContainText('Has not contacted a mentor yet');
  await expectAccessible(page);
  await invite.click();
  await expect(page.getByText(`Invitation sent: ${student.firstName} J.`)).toBeVisible();
  await expect(invite).toHaveCount(0);
  // The student is told, with a link to the professional's profile.
  const notes = await apiCall<{ notifications: { title: string }[] }>(request, student.token, 'GET', '/api/notifications');
  expect(notes.notifications.map((n) => n.title)).toContain('Ananya Iyer invites you to connect');
});

// Issue 14 × 15 (decision 622): a university admin organises a programme for their own students.
test('a university admin creates a programme for their students, runs matching and publishes', async ({ page, request }) => {
  const name = uniqueTag('Campus cohort');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'university@iitd.ac.in', 'University@123');
  await expect(page).toHaveURL(/\/university\/dashboard$/);
  await page.getByRole('tab', { name: 'Programmes' }).click();
  await expect(page.getByText(/Only students affiliated with your university can take part/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'New programme' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New mentoring programme' });
  // Their own students only: no choice of universities.
  await expect(dialog.getByLabel('Eligible universities')).toHaveCount(0);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Starts on').fill('2030-01-10');
  await dialog.getByLabel('Ends on').fill('2030-06-30');
  await dialog.getByLabel(/^Mentor capacity/).fill('2');
  await dialog.getByRole('button', { name: 'Create programme' }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

  // The demo university has three affiliated students (Aarav, Kabir, Diya); students elsewhere are not invited.
  await page.getByRole('button', { name: 'Invite eligible students' }).click();
  await expect(page.getByText('Invitations sent: 3 new, 0 already invited')).toBeVisible();
  await page.getByRole('button', { name: 'Invite verified mentors' }).click();
  await expect(page.getByText(/Invitations sent: \d+ new/).filter({ hasNotText: 'Invitations sent: 3 new, 0 already invited' })).toBeVisible();

  const uniToken = await apiLoginToken(request, 'university@iitd.ac.in', 'University@123');
  const list = await apiCall<{ programmes: { id: string; name: string }[] }>(request, uniToken, 'GET', '/api/organisations/me/programmes');
  const id = list.programmes.find((p) => p.name === name)?.id ?? '';
  expect(id).not.toBe('');
  const mentorToken = await apiLoginToken(request, DEMO.professional.email, DEMO.professional.password);
  await apiCall(request, mentorToken, 'PUT', `/api/programmes/${id}/participation`, { status: 'joined', topics: ['TypeScript', 'System Design'], capacity: 2 });
  for (const email of ['kabir@iitd.ac.in', 'diya@iitd.ac.in']) {
    const token = await apiLoginToken(request, email, 'Student@123');
    await apiCall(request, token, 'PUT', `/api/programmes/${id}/participation`, { status: 'joined', topics: ['TypeScript'] });
  }

  await page.getByRole('button', { name: 'Run matching' }).click();
  await expect(page.getByText('Matching done')).toBeVisible();
  const pairs = page.getByRole('region', { name: 'Proposed pairs' });
  await expect(pairs.getByText(/Kabir Malhotra with Ananya/)).toBeVisible();
  await expect(pairs.getByText(/Diya Menon with Ananya/)).toBeVisible();
  await expect(pairs.getByText('Shares TypeScript').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Publish pairs' }).click();
  await page.getByRole('dialog', { name: 'Publish pairs?' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('programme-dashboard')).toHaveText(/0 of 2 pairs have met/);
  await page.setViewportSize({ width: 360, height: 780 });
  await expectAccessible(page);

  // The platform admin sees the university's programme among all programmes.
  const adminToken = await apiLoginToken(request, DEMO.admin.email, DEMO.admin.password);
  const all = await apiCall<{ programmes: { id: string }[] }>(request, adminToken, 'GET', '/api/admin/programmes');
  expect(all.programmes.map((p) => p.id)).toContain(id);
});
