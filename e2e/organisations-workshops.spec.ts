// Issue 15 / decision 630: a university-only workshop is submitted by the university, approved by an
// administrator, and seen (and booked) only by that university's affiliated students.
import type { APIRequestContext } from '@playwright/test';
import { DEMO, apiCall, apiLoginToken, expect, expectAccessible, readOutbox, registerStudentViaApi, signIn, test, watchPage } from './fixtures.ts';

const letters = (n = 8) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const futureDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Set-up through the API: a university registered by `contact` and approved by the administrator. */
async function approvedUniversity(request: APIRequestContext, person: { firstName: string; lastName: string; mailbox: string }) {
  const domain = `${letters(10)}.edu`;
  const name = `University of ${letters(6)}`;
  const contact = { firstName: person.firstName, lastName: person.lastName, email: `${person.mailbox}@${domain}`, password: 'Org@12345678' };
  const reg = await request.post('/api/organisations/register', { data: { type: 'university', name, country: 'India', website: `https://www.${domain}`, contact } });
  expect(reg.status(), await reg.text()).toBe(201);
  const uniToken = ((await reg.json()) as { data: { token: string } }).data.token;
  // The contact confirms their address: that proves the domain, so its students join (issue 28, decision 731).
  const proof = decodeURIComponent(await readOutbox(contact.email, /\/confirm-email\?token=([A-Za-z0-9_%-]+)/));
  expect((await request.post('/api/confirmations/email', { data: { token: proof } })).status()).toBe(200);
  const me = await apiCall<{ organisation: { id: string } }>(request, uniToken, 'GET', '/api/organisations/me');
  const adminToken = await apiLoginToken(request, DEMO.admin.email, DEMO.admin.password);
  await apiCall(request, adminToken, 'POST', `/api/admin/organisations/${me.organisation.id}/decision`, { action: 'approve' });
  return { domain, name, contact, uniToken };
}

test('a university submits a workshop, the admin approves it, its student registers and another student never sees it', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  // Set-up through the API: an approved university with its domain and one affiliated student.
  const { domain, name, contact, uniToken } = await approvedUniversity(request, { firstName: 'Lakshmi', lastName: 'Iyer', mailbox: 'registrar' });

  const ours = { email: `meera.${letters(5)}@${domain}`, password: 'Student@123' };
  const studentReg = await request.post('/api/auth/register', {
    data: { firstName: 'Meera', lastName: `Stu${letters(6)}`, ...ours, university: name, course: 'Physics', year: 2, rollNumber: `R${Date.now()}`, phone: '+91 98765 43210', interests: [] },
  });
  expect(studentReg.status(), await studentReg.text()).toBe(201);
  const token = decodeURIComponent(await readOutbox(ours.email, /\/confirm-email\?token=([A-Za-z0-9_%-]+)/));
  expect((await request.post('/api/confirmations/email', { data: { token } })).status()).toBe(200);
  const outsider = await registerStudentViaApi(request, 'Outsider');

  // The university admin submits the workshop from its dashboard.
  const title = `Thesis Writing Clinic ${letters(6)}`;
  await signIn(page, contact.email, contact.password);
  await expect(page).toHaveURL(/\/university\/dashboard$/);
  await page.getByRole('tab', { name: 'Workshops' }).click();
  await expect(page.getByText('No workshops yet')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit a workshop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit a workshop' });
  await dialog.getByLabel(/^Title/).first().fill(title);
  await dialog.getByLabel(/^Description/).fill('Structure, sources and a first draft: for our final-year students.');
  await dialog.getByLabel(/^Category/).selectOption('Data Science');
  await dialog.getByLabel(/^Date/).fill(futureDate(30));
  await dialog.getByLabel(/^Start time/).fill('10:00');
  await dialog.getByLabel(/^End time/).fill('12:00');
  await dialog.getByLabel(/^Max participants/).fill('20');
  const instructor = dialog.getByRole('group', { name: 'Instructor' });
  await instructor.getByLabel(/^Name/).fill('Dr. Meena Rao');
  await instructor.getByLabel(/^Email/).fill(`meena@${domain}`);
  await instructor.getByLabel(/^Title/).fill('Professor of Physics');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(page.getByRole('status').getByText('Workshop submitted for approval')).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('Awaiting approval');

  // Not approved yet: even the university's own student cannot see it.
  const hidden = await request.get(`/api/workshops?search=${encodeURIComponent(title)}`, { headers: { Authorization: `Bearer ${(await apiLoginToken(request, ours.email, ours.password))}` } });
  expect(((await hidden.json()) as { data: { workshops: unknown[] } }).data.workshops).toHaveLength(0);

  // The administrator's list names the university; publishing is the approval.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await watchPage(admin);
  await signIn(admin, DEMO.admin.email, DEMO.admin.password);
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Workshops' }).click();
  await admin.getByRole('searchbox', { name: 'Search workshops' }).fill(title);
  const row = admin.getByRole('table', { name: 'Workshops' }).getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText(`Only for students of ${name}`);
  await expectAccessible(admin);
  await row.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByText('Workshop published successfully!')).toBeVisible();
  await adminContext.close();

  // The affiliated student (on a phone) finds it, sees whose it is, and registers.
  const studentContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const student = await studentContext.newPage();
  await watchPage(student);
  await signIn(student, ours.email, ours.password);
  await student.getByLabel('Search workshops').fill(title);
  await expect(student.getByRole('region', { name: 'Browse Workshops' }).getByRole('heading', { name: title })).toBeVisible();
  await student.getByRole('button', { name: `Details: ${title}` }).click();
  const details = student.getByRole('dialog', { name: title });
  await expect(details.getByText(`Only for students of ${name}`)).toBeVisible();
  await expectAccessible(student);
  await details.getByRole('button', { name: 'Register Now' }).click();
  await expect(student.getByText('Successfully registered for workshop!')).toBeVisible();
  await studentContext.close();

  // A student of no university never sees it: not in the list, the detail answers 404.
  const otherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const other = await otherContext.newPage();
  await signIn(other, outsider.email, outsider.password);
  await other.getByLabel('Search workshops').fill(title);
  await expect(other.getByText('No workshops match your search')).toBeVisible();
  await expect(other.getByText(title)).toHaveCount(0);
  await otherContext.close();
  const list = await apiCall<{ workshops: { _id: string; title: string }[] }>(request, uniToken, 'GET', '/api/organisations/me/workshops');
  const id = list.workshops.find((w) => w.title === title)?._id ?? '';
  expect((await request.get(`/api/workshops/${id}`, { headers: { Authorization: `Bearer ${outsider.token}` } })).status()).toBe(404);
  expect((await request.get(`/api/workshops/${id}`)).status()).toBe(404);

  // The university sees it published, with its student's registration, at 1280 and 360 px.
  await page.reload();
  await page.getByRole('tab', { name: 'Workshops' }).click();
  await expect(card).toContainText('Published');
  await expect(card).toContainText('Registrations: 1/20');
  await card.getByRole('button', { name: /View registrations/ }).click();
  const regs = page.getByRole('dialog', { name: `Registrations: ${title}` });
  await expect(regs).toContainText(ours.email);
  await expectAccessible(page);
  await regs.getByRole('button', { name: 'Close' }).click();
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(card).toBeVisible();
  await expectAccessible(page);
});

test('before approval the university edits or withdraws its submission, and the admin rejects one with a reason the university reads', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const { domain, contact, uniToken } = await approvedUniversity(request, { firstName: 'Ravi', lastName: 'Menon', mailbox: 'dean' });
  const form = {
    description: 'A clinic for final-year students, awaiting approval.',
    category: 'Data Science',
    difficulty: 'Beginner',
    deliveryMode: 'online',
    date: futureDate(40),
    startTime: '10:00',
    endTime: '12:00',
    timezone: 'Asia/Kolkata',
    maxParticipants: 20,
    manualInstructor: { name: 'Dr. Anil Kapoor', email: `anil@${domain}`, title: 'Professor' },
  };
  const [editMe, withdrawMe, rejectMe] = [`Edit me ${letters(6)}`, `Withdraw me ${letters(6)}`, `Reject me ${letters(6)}`];
  for (const title of [editMe, withdrawMe, rejectMe]) await apiCall(request, uniToken, 'POST', '/api/organisations/me/workshops', { ...form, title });

  await signIn(page, contact.email, contact.password);
  await page.getByRole('tab', { name: 'Workshops' }).click();
  const card = (title: string) => page.getByRole('listitem').filter({ hasText: title });
  await expect(card(editMe)).toContainText('Awaiting approval');

  // Edit: the form opens with the submission, the change is saved, and it still awaits approval.
  await card(editMe).getByRole('button', { name: `Edit ${editMe}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit your submission' });
  await expect(dialog.getByLabel(/^Title/).first()).toHaveValue(editMe);
  await dialog.getByLabel(/^Max participants/).fill('25');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Update Workshop' }).click();
  await expect(page.getByRole('status').getByText('Submission updated. It is still awaiting approval.')).toBeVisible();
  await expect(card(editMe)).toContainText('Registrations: 0/25');
  await expect(card(editMe)).toContainText('Awaiting approval');

  // Withdraw, after a confirmation.
  await card(withdrawMe).getByRole('button', { name: `Withdraw ${withdrawMe}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Withdraw submission' });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByRole('status').getByText('Submission withdrawn.')).toBeVisible();
  await expect(card(withdrawMe)).toHaveCount(0);

  // The administrator rejects the third, and must say why.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await watchPage(admin);
  await signIn(admin, DEMO.admin.email, DEMO.admin.password);
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Workshops' }).click();
  await admin.getByRole('searchbox', { name: 'Search workshops' }).fill(rejectMe);
  const row = admin.getByRole('table', { name: 'Workshops' }).getByRole('row', { name: new RegExp(rejectMe) });
  await row.getByRole('button', { name: `Reject ${rejectMe}` }).click();
  const decision = admin.getByRole('dialog', { name: 'Reject submission' });
  await decision.getByRole('button', { name: 'Reject' }).click();
  await expect(decision.getByText('Please give a reason')).toBeVisible();
  const reason = 'Please name a confirmed instructor before we publish it.';
  await decision.getByLabel('Reason (sent to the university)').fill(reason);
  await expectAccessible(admin);
  await decision.getByRole('button', { name: 'Reject' }).click();
  await expect(admin.getByText('Submission rejected. The university has been told why.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await adminContext.close();

  // The university reads why, and the rejected submission is gone from its list.
  const told = await apiCall<{ notifications: { title: string; message: string }[] }>(request, uniToken, 'GET', '/api/notifications');
  expect(told.notifications.find((n) => n.title === 'Workshop not approved')?.message).toBe(`"${rejectMe}" was not approved: ${reason}`);
  await page.reload();
  await page.getByRole('tab', { name: 'Workshops' }).click();
  await expect(card(editMe)).toBeVisible();
  await expect(card(rejectMe)).toHaveCount(0);
  // On a phone the submission's actions are still reachable.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(card(editMe).getByRole('button', { name: `Withdraw ${editMe}` })).toBeVisible();
  await expectAccessible(page);
});
