import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO, apiCall, apiLoginToken, expect } from './fixtures.ts';

/**
 * Set-up steps several journeys share (issue 29): workshops created through the admin API, a request
 * or a free slot at the demo professional, the sign-up forms filled in, and the Arabic journeys' browser
 * and sign-in. Each journey still asserts what it is about; these only prepare it.
 */

/** Random lower-case letters, to make names and notes of one run unique. */
export const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A date 90 to 290 days ahead (YYYY-MM-DD): far enough that no other journey's slot shares it. */
export function farDate(): string {
  return new Date(Date.now() + (90 + Math.floor(Math.random() * 200)) * 86_400_000).toISOString().slice(0, 10);
}

/** YYYY-MM-DD `days` from now (UTC). */
export const dateInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export interface WorkshopFields {
  title: string;
  description: string;
  date: string;
  timezone: string;
  maxParticipants: number;
  manualInstructor: { name: string; email: string; title: string };
  startTime?: string;
  endTime?: string;
  meetingLink?: string;
  tags?: string[];
  learningOutcomes?: string[];
}

/** POST /api/admin/workshops as the demo admin: a published online Technology workshop for beginners. Returns its id. */
export async function createWorkshopViaApi(request: APIRequestContext, fields: WorkshopFields): Promise<string> {
  const admin = await apiLoginToken(request, DEMO.admin.email, DEMO.admin.password);
  const data = await apiCall<{ workshop: { _id?: string; id?: string } }>(request, admin, 'POST', '/api/admin/workshops', {
    category: 'Technology',
    difficulty: 'Beginner',
    deliveryMode: 'online',
    startTime: '10:00',
    endTime: '12:00',
    status: 'published',
    ...fields,
  });
  const id = data.workshop._id ?? data.workshop.id;
  expect(id, 'the created workshop id').toBeTruthy();
  return id!;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A published online workshop (created three days ahead, `studentToken` registered while it is upcoming)
 * that is then moved to today: started ten minutes ago, running to the end of the UTC day. Returns its id.
 */
export async function liveWorkshop(
  request: APIRequestContext,
  fields: Omit<WorkshopFields, 'date' | 'timezone' | 'maxParticipants'>,
  studentToken?: string,
): Promise<string> {
  const id = await createWorkshopViaApi(request, { date: dateInDays(3), timezone: 'UTC', maxParticipants: 10, ...fields });
  if (studentToken) await apiCall(request, studentToken, 'POST', `/api/workshops/${id}/register`);
  const start = new Date(Date.now() - 10 * 60_000);
  const admin = await apiLoginToken(request, DEMO.admin.email, DEMO.admin.password);
  await apiCall(request, admin, 'PUT', `/api/admin/workshops/${id}`, {
    date: start.toISOString().slice(0, 10),
    startTime: `${pad(start.getUTCHours())}:${pad(start.getUTCMinutes())}`,
    endTime: '23:59',
  });
  return id;
}

/** The demo professional's (Ananya Iyer's) id, as the admin's professional search finds her. */
export async function demoProfessionalId(request: APIRequestContext): Promise<string> {
  const admin = await apiLoginToken(request, DEMO.admin.email, DEMO.admin.password);
  const found = await apiCall<{ professionals: { _id?: string; id?: string; name: string }[] }>(
    request,
    admin,
    'GET',
    '/api/professionals?search=Ananya&limit=10',
  );
  const mentor = found.professionals.find((p) => p.name === 'Ananya Iyer');
  expect(mentor, 'the demo professional').toBeDefined();
  return mentor!._id ?? mentor!.id ?? '';
}

/** The student (by token) sends the demo professional a connection request. */
export async function requestDemoProfessional(
  request: APIRequestContext,
  studentToken: string,
  body: { message: string; slot?: { date: string; startTime: string; endTime: string; timezone: string } },
): Promise<void> {
  await apiCall(request, studentToken, 'POST', `/api/professionals/${await demoProfessionalId(request)}/connect`, body);
}

/** The demo professional offers a one-off slot, 12:00–14:00 UTC on `date`, with `notes`. */
export async function offerDemoSlot(request: APIRequestContext, date: string, notes: string): Promise<void> {
  const mentorToken = await apiLoginToken(request, DEMO.professional.email, DEMO.professional.password);
  await apiCall(request, mentorToken, 'POST', '/api/professionals/availability', {
    isRecurring: false,
    date,
    startTime: '12:00',
    endTime: '14:00',
    timezone: 'UTC',
    notes,
    enabled: true,
  });
}

/** On /signup: choose Student and fill in the whole form with these details (interests as given), terms accepted. */
export async function fillStudentSignup(page: Page, who: StudentDetails) {
  await page.getByRole('button', { name: /^Student/ }).click();
  await fillStudentForm(page, who);
}

interface StudentDetails {
  firstName: string;
  lastName: string;
  email: string;
  interests: string[];
}

/** The student form of /signup (Student chosen, or /signup?role=student): every field, the interests, the terms ticked. */
export async function fillStudentForm(page: Page, who: StudentDetails) {
  await page.getByLabel('First Name').fill(who.firstName);
  await page.getByLabel('Last Name').fill(who.lastName);
  await page.getByLabel(/^Email/).fill(who.email);
  await page.getByLabel(/^Password/).fill('Secret123');
  await page.getByLabel('Confirm Password').fill('Secret123');
  await page.getByLabel('University').fill('Anna University');
  await page.getByLabel('Course/Major').fill('Computer Science');
  await page.getByLabel('Year of Study').selectOption('1');
  await page.getByLabel('Roll Number').fill(`CS${Date.now()}`);
  await page.getByLabel('Phone Number').fill('+91 98765 43210');
  for (const interest of who.interests) await page.getByText(interest, { exact: true }).click();
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
}

/** On /signup: choose University or Company and fill in the organisation's form (contact Lakshmi Iyer), terms accepted. */
export async function fillOrganisationSignup(page: Page, type: 'University' | 'Company', name: string, domain: string, contact: string) {
  await page.getByRole('button', { name: new RegExp(`^${type}`) }).click();
  await page.getByLabel(`${type} name`).fill(name);
  await page.getByLabel('Official website').fill(`https://www.${domain}`);
  await page.getByLabel(/^Country/).fill('India');
  await page.getByLabel('First Name').fill('Lakshmi');
  await page.getByLabel('Last Name').fill('Iyer');
  await page.getByLabel('Work e-mail').fill(contact);
  await page.getByLabel(/^Password/).fill('Org@12345678');
  await page.getByLabel('Confirm Password').fill('Org@12345678');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
}

/** Nothing is wider than the window: the page does not scroll sideways. */
export async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** A browser context in Arabic (Asia/Dubai), `width` px wide, and its page. Close the context in `finally`. */
export async function arabicPage(browser: Browser, width: number) {
  const context = await browser.newContext({ locale: 'ar', viewport: { width, height: 900 }, timezoneId: 'Asia/Dubai' });
  return { context, page: await context.newPage() };
}

/** Sign in through the Arabic form, wait for the `dashboard` URL and check the page is right to left. */
export async function signInArabic(page: Page, email: string, password: string, dashboard: RegExp) {
  await page.goto('/signin');
  const form = page.locator('form');
  await form.getByLabel(/^البريد الإلكتروني/).fill(email);
  await form.getByLabel(/^كلمة المرور/).fill(password);
  await form.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await page.waitForURL(dashboard);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}
