// Issue 15: experts, universities and companies join on their own, each verified by an administrator.
import type { Browser, Locator, Page } from '@playwright/test';
import { DEMO, apiCall, expect, expectAccessible, readOutbox, registerStudentViaApi, signIn, test, watchPage } from './fixtures.ts';
import { fillOrganisationSignup } from './journey-helpers.ts';
import { PDF, dateIn, uniqueTitle } from './rd-helpers.ts';

/** Letters only (names reject digits). */
const letters = (n = 8) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** 'YYYY-MM-DD' `days` from now in a zone. */
const dateInZone = (days: number, zone: string) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: zone });

async function pickDate(scope: Locator, date: string, monthLabel: string) {
  for (let i = 0; i < 12; i += 1) {
    if (await scope.getByText(monthLabel, { exact: true }).isVisible()) break;
    await scope.getByRole('button', { name: 'Next month' }).click();
  }
  await scope.getByRole('button', { name: new RegExp(`^${date}, \\d+ slots? available$`) }).click();
}

/** Follow the confirmation link of the newest e-mail to `email`. */
async function confirmByLink(page: Page, email: string) {
  const path = await readOutbox(email, /(\/confirm-email\?token=[A-Za-z0-9_%-]+)/);
  await page.goto(path);
  await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(page.getByText(/Your e-mail address is confirmed/)).toBeVisible();
}

async function adminPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const watch = await watchPage(page);
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  return { page, context, watch };
}

/** The admin decides in a confirmation dialog. */
async function confirmDecision(page: Page, dialogName: string, button: string, toast: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByRole('status').getByText(toast)).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function registerOrganisation(page: Page, type: 'University' | 'Company', name: string, domain: string, contact: string) {
  await page.goto('/signup');
  await fillOrganisationSignup(page, type, name, domain, contact);
  await expectAccessible(page);
  await page.getByRole('button', { name: `Register ${type}` }).click();
  await page.waitForURL(`**/${type.toLowerCase()}/dashboard`);
  await expect(page.getByText(/awaiting approval by an administrator/)).toBeVisible();
}

async function approveOrganisation(browser: Browser, name: string) {
  const admin = await adminPage(browser);
  await admin.page.getByRole('link', { name: 'Organisations' }).first().click();
  const card = admin.page.getByRole('listitem').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expectAccessible(admin.page);
  await card.getByRole('button', { name: `Approve ${name}` }).click();
  await confirmDecision(admin.page, 'Approve organisation', 'Approve', 'Organisation approved');
  return admin;
}

test.describe('organisations and experts', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an expert applies, confirms, is approved, publishes availability and a student books', async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const last = `Exp${letters(7)}`;
    const name = `Tara ${last}`;
    const email = `tara.${letters(6)}@${letters(8)}.org`;

    // Step 1 and 2 of the wizard: the Industry Expert card opens the application.
    await page.goto('/signup');
    await page.getByRole('button', { name: /^Industry Expert/ }).click();
    await page.getByLabel('First Name').fill('Tara');
    await page.getByLabel('Last Name').fill(last);
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Phone/).fill('+91 98765 43210');
    await page.getByLabel(/^Password/).fill('Expert@12345');
    await page.getByLabel('Confirm Password').fill('Expert@12345');
    await page.getByLabel('Job Title').fill('Principal Engineer');
    await page.getByLabel(/^Company/).fill('Acme Robotics');
    await page.getByLabel('Expertise').selectOption('Engineering');
    await page.getByLabel('Years of Experience').fill('12');
    await page.getByLabel('Bio').fill('Builds robots and mentors young engineers.');
    await page.getByLabel('Public profile link').fill('https://www.linkedin.com/in/tara-example');
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.waitForURL('**/professional/dashboard');
    await expect(page.getByRole('heading', { name: 'Pending verification' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('professionalAuth'))).toBe('true');
    await expectAccessible(page);

    // The e-mail link confirms the address.
    await confirmByLink(page, email);

    // While pending, the expert completes the professional profile from the pending banner (decision 631).
    await page.goto('/professional/dashboard');
    await page.getByRole('button', { name: 'Complete your profile' }).click();
    const profileDialog = page.getByRole('dialog', { name: 'Edit your professional profile' });
    await expect(profileDialog.getByLabel(/^Title/)).toHaveValue('Principal Engineer');
    await profileDialog.getByLabel(/^Title/).fill('Principal Robotics Engineer');
    await profileDialog.getByLabel(/^Skills/).fill('ROS\nMotion planning');
    await profileDialog.getByLabel(/^LinkedIn/).fill('not a link');
    await profileDialog.getByRole('button', { name: 'Save profile' }).click();
    await expect(profileDialog.getByRole('alert').or(profileDialog.getByText(/LinkedIn link/))).toBeVisible();
    await profileDialog.getByLabel(/^LinkedIn/).fill('https://www.linkedin.com/in/tara-example');
    await expectAccessible(page);
    await profileDialog.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('status').getByText('Profile updated successfully!')).toBeVisible();
    await expect(profileDialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Pending verification' })).toBeVisible();

    // While pending, the expert sets availability (a one-time window on a far-future day)…
    const zone = 'Asia/Kolkata';
    const date = dateInZone(80 + Math.floor(Math.random() * 120), zone);
    const [y, m] = date.split('-').map(Number) as [number, number];
    const monthLabel = new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await page.goto('/professional/dashboard?tab=availability');
    await page.getByRole('button', { name: 'Add availability' }).click();
    const ruleDialog = page.getByRole('dialog', { name: 'Add availability' });
    await ruleDialog.getByLabel('One-time').check();
    await ruleDialog.getByLabel('Date').fill(date);
    await ruleDialog.getByLabel('Start time').selectOption('06:00');
    await ruleDialog.getByLabel('End time').selectOption('07:00');
    await ruleDialog.getByRole('button', { name: 'Create rule' }).click();
    await expect(page.getByText('Rule created successfully!')).toBeVisible();

    // …but appears nowhere to students.
    const hidden = await request.get(`/api/professionals?search=${last.toLowerCase()}`);
    expect(((await hidden.json()) as { data: { professionals: unknown[] } }).data.professionals).toHaveLength(0);

    // The administrator sees the evidence and approves.
    const admin = await adminPage(browser);
    await admin.page.getByRole('link', { name: 'Expert Verification' }).first().click();
    const card = admin.page.getByRole('listitem').filter({ hasText: name });
    await expect(card).toContainText(`E-mail ${email}: confirmed`);
    await expect(card).toContainText('https://www.linkedin.com/in/tara-example');
    await card.getByRole('button', { name: `Approve ${name}` }).click();
    await confirmDecision(admin.page, 'Approve expert', 'Approve', 'Expert verified');
    admin.watch.assertClean();
    await admin.context.close();

    // A student finds the expert and books the published slot.
    const student = await registerStudentViaApi(request, `Nila${letters(6)}`);
    const studentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const studentPage = await studentContext.newPage();
    await signIn(studentPage, student.email, student.password);
    await studentPage.getByRole('tab', { name: 'Professionals' }).click();
    await studentPage.getByLabel('Search professionals').fill(last);
    await studentPage.getByRole('button', { name: `View profile of ${name}` }).click();
    const detail = studentPage.getByRole('dialog', { name });
    await expect(detail.getByRole('heading', { name: `Connect with ${name}` })).toBeVisible();
    await detail.getByLabel('Time zone').fill(zone);
    await pickDate(detail, date, monthLabel);
    await expectAccessible(studentPage);
    await detail.getByRole('listitem').filter({ hasText: '06:00 – 07:00' }).first().getByRole('button', { name: 'Request this slot' }).click();
    await detail.getByRole('button', { name: 'Review request' }).click();
    await detail.getByRole('button', { name: 'Send request' }).click();
    await expect(studentPage.getByText('Connection request sent!')).toBeVisible();
    await studentContext.close();
  });

  test('a university registers, adds a domain, a student there is affiliated and the university sees engagement', async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const domain = `${letters(10)}.edu`;
    const name = `University of ${letters(6)}`;
    await registerOrganisation(page, 'University', name, domain, `registrar@${domain}`);
    await confirmByLink(page, `registrar@${domain}`);
    const admin = await approveOrganisation(browser, name);
    await admin.context.close();

    await page.goto('/university/dashboard');
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await page.getByLabel('New domain').fill(`students.${domain}`);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expect(page.getByRole('status').getByText(`Domain students.${domain} added`)).toBeVisible();
    await expectAccessible(page);

    // A student registers with an address at that domain and confirms it; they submit an idea.
    const studentEmail = `meera.${letters(5)}@students.${domain}`;
    const reg = await request.post('/api/auth/register', {
      data: { firstName: 'Meera', lastName: `Stu${letters(6)}`, email: studentEmail, password: 'Student@123', university: name, course: 'Physics', year: 2, rollNumber: `R${Date.now()}`, phone: '+91 98765 43210', interests: [] },
    });
    expect(reg.status(), await reg.text()).toBe(201);
    const studentToken = ((await reg.json()) as { data: { token: string } }).data.token;
    await apiCall(request, studentToken, 'POST', '/api/ideas', { title: 'Solar desalination', description: 'Cheap solar stills for villages.', category: 'Environmental Engineering', isPublic: false, tags: [] });
    const studentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const studentPage = await studentContext.newPage();
    await confirmByLink(studentPage, studentEmail);
    await studentContext.close();

    // The university admin sees the student, affiliated, with their engagement.
    await page.getByRole('tab', { name: 'Students' }).click();
    const row = page.getByRole('listitem').filter({ hasText: studentEmail });
    await expect(row).toContainText('Verified student');
    await expect(row.getByRole('definition').nth(2)).toHaveText('1'); // ideas
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Cohort' }).click();
    await expect(page.getByRole('heading', { name: 'Cohort engagement' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a company posts a project, the admin publishes it, a student applies and the company reviews', async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const domain = `${letters(10)}.in`;
    const name = `Robotics ${letters(6)}`;
    await registerOrganisation(page, 'Company', name, domain, `hr@${domain}`);
    const admin = await approveOrganisation(browser, name);

    await page.goto('/company/dashboard');
    await page.getByRole('tab', { name: 'Projects' }).click();
    await page.getByRole('button', { name: 'Post a project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New R&D Project' });
    const title = uniqueTitle('Company Project');
    await dialog.getByLabel(/^Project title/).fill(title);
    await dialog.getByLabel(/^Summary/).fill('Teach a robot arm to sort recyclables.');
    await dialog.getByLabel(/^Field/).selectOption('Mechanical Engineering');
    await dialog.getByLabel(/^Supervisor name/).fill('Dr. Anil Kumar');
    await dialog.getByLabel(/^Supervisor email/).fill(`anil@${domain}`);
    await dialog.getByLabel(/^Application deadline/).fill(dateIn(30));
    await dialog.getByLabel(/^Expected end date/).fill(dateIn(200));
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await expect(page.getByRole('status').getByText('Project submitted for review')).toBeVisible();
    const projectCard = page.getByRole('listitem').filter({ hasText: title });
    await expect(projectCard).toContainText('awaiting approval');
    await expectAccessible(page);

    // The administrator publishes it from the moderation queue.
    await admin.page.reload();
    await admin.page.getByRole('link', { name: 'Organisations' }).first().click();
    await admin.page.getByRole('button', { name: `Publish ${title}` }).click();
    await confirmDecision(admin.page, 'Publish project', 'Publish', 'Project published');
    await admin.context.close();

    // A student applies (with a resume) through the API.
    const student = await registerStudentViaApi(request, `Ravi${letters(6)}`);
    const list = await apiCall<{ projects: { _id: string; title: string }[] }>(request, student.token, 'GET', `/api/rd-projects/public?search=${encodeURIComponent(title)}`);
    const projectId = list.projects.find((p) => p.title === title)?._id ?? '';
    const project = await apiCall<{ project: { roles: { _id: string }[] } }>(request, student.token, 'GET', `/api/rd-projects/${projectId}`);
    const applied = await request.post(`/api/rd-projects/${projectId}/apply`, {
      headers: { Authorization: `Bearer ${student.token}` },
      multipart: { roleAppliedFor: project.project.roles[0]?._id ?? '', motivation: 'I built a sorting robot at college.', expectedDuration: '3-6 months', resume: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF } },
    });
    expect(applied.status(), await applied.text()).toBe(201);

    // The company reviews it with the existing review flow.
    await page.reload();
    await page.getByRole('tab', { name: 'Projects' }).click();
    await page.getByRole('button', { name: `Review applications to ${title}` }).click();
    const apps = page.getByRole('dialog', { name: 'Applications' });
    const card = apps.getByRole('listitem').filter({ hasText: `${student.firstName} ${student.lastName}` });
    await expect(card).toBeVisible();
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Review' }).click();
    const review = page.getByRole('dialog', { name: `Review application: ${student.firstName} ${student.lastName}` });
    await review.getByLabel(/^Status/).selectOption('accepted');
    await review.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByRole('status').getByText('Application accepted successfully!')).toBeVisible();
  });
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the new screens are accessible on a phone', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.goto('/signup');
    await page.getByRole('button', { name: /^Industry Expert/ }).click();
    await expect(page.getByRole('heading', { name: 'Industry expert application' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: '← Back to Role Selection' }).click();
    await page.getByRole('button', { name: /^University/ }).click();
    await expectAccessible(page);
    await page.goto('/confirm-email?token=nothing');
    await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
    await expect(page.getByText('This confirmation link is invalid or has expired')).toBeVisible();
    await expectAccessible(page);

    await signIn(page, 'university@iitd.ac.in', 'University@123');
    await expect(page).toHaveURL(/\/university\/dashboard$/);
    await expectAccessible(page);
    // The new role's session keys, guard redirect and the 404 page's dashboard link follow the spec's pattern.
    expect(await page.evaluate(() => [localStorage.getItem('universityAuth'), localStorage.getItem('userRole')])).toEqual(['true', 'university_admin']);
    await page.goto('/student/dashboard');
    await expect(page).toHaveURL(/\/university\/dashboard$/);
    await page.goto('/no/such/page');
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/university/dashboard');
    await page.goto('/university/dashboard');
    await page.getByRole('tab', { name: 'Students' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'kabir@iitd.ac.in' })).toContainText('Verified student');
    await expectAccessible(page);
    await page.goto('/logout');
    await page.waitForURL('/');

    await signIn(page, 'company@northwindlabs.in', 'Company@123');
    await expect(page).toHaveURL(/\/company\/dashboard$/);
    await page.getByRole('tab', { name: 'Projects' }).click();
    await expect(page.getByText('Edge AI for Crop Disease Detection', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Performance' }).click();
    await expect(page.getByText('Arjun Desai', { exact: true })).toBeVisible();
    await expectAccessible(page);

    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const admin = await context.newPage();
    await signIn(admin, DEMO.admin.email, DEMO.admin.password);
    await admin.getByRole('button', { name: 'Open sections menu' }).click();
    await admin.getByRole('link', { name: 'Expert Verification' }).click();
    await expect(admin.getByRole('button', { name: 'Approve Sofia Rossi' })).toBeVisible();
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Open sections menu' }).click();
    await admin.getByRole('link', { name: 'Organisations' }).click();
    await expect(admin.getByRole('button', { name: 'Approve Pune Institute of Technology' })).toBeVisible();
    await expectAccessible(admin);
    await context.close();
  });
});

