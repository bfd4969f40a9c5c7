import { DEMO, expect, storedSession, test, uniqueEmail } from './fixtures.ts';

test('a visitor registers as a student and lands on the student dashboard', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Your Journey' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  // Step 1: every card opens its own step 2 (issue 15); Back returns to the choice.
  await page.getByRole('button', { name: /Industry Expert/ }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Industry expert application' })).toBeVisible();
  await page.getByRole('button', { name: '← Back to Role Selection' }).click();
  await page.getByRole('button', { name: /^Student/ }).click();

  // Step 2: the student profile.
  const email = uniqueEmail('register');
  await page.getByLabel('First Name').fill('Nisha');
  await page.getByLabel('Last Name').fill('Patel');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('Secret123');
  await page.getByLabel('Confirm Password').fill('Secret123');
  await page.getByLabel('University').fill('Delhi University');
  await page.getByLabel('Course/Major').fill('Physics');
  await page.getByLabel('Year of Study').selectOption('2');
  await page.getByLabel('Roll Number').fill('PH23X001');
  await page.getByLabel('Phone Number').fill('+91 98765 43210');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Registration successful! Redirecting to dashboard...')).toBeVisible();
  const shownAt = Date.now();
  await page.waitForURL('**/student/dashboard');
  // The spec waits 2 seconds before moving on (000 §9); allow for timer and rendering jitter.
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);

  const stored = await storedSession(page);
  expect(stored.token).toBeTruthy();
  expect(stored.userRole).toBe('student');
  expect(stored.studentAuth).toBe('true');
  expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ email, firstName: 'Nisha', role: 'student' });

  // The same e-mail cannot register twice; the demo student's address is already taken.
  expect(DEMO.student.email).not.toBe(email);
});

test('registering with an e-mail that already has an account shows the server message', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: /^Student/ }).click();
  await page.getByLabel('First Name').fill('Aarav');
  await page.getByLabel('Last Name').fill('Sharma');
  await page.getByLabel(/^Email/).fill(DEMO.student.email);
  await page.getByLabel(/^Password/).fill('Secret123');
  await page.getByLabel('Confirm Password').fill('Secret123');
  await page.getByLabel('University').fill('IIT Delhi');
  await page.getByLabel('Course/Major').fill('Computer Science');
  await page.getByLabel('Year of Study').selectOption('3');
  await page.getByLabel('Roll Number').fill('CS21B999');
  await page.getByLabel('Phone Number').fill('9876543210');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toContainText('An account with this email already exists');
  await expect(page).toHaveURL(/\/signup$/);
  expect((await storedSession(page)).token).toBeNull();
});
