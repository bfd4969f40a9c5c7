import { DEMO, expect, storedSession, test, uniqueEmail } from './fixtures.ts';

test('a visitor registers as a student and lands on the student dashboard', async ({ page }) => {
  // The page notes, on its own clock, when the registration answer arrived and when the dashboard URL
  // was entered: the 2-second wait is measured there, not by when the test happened to notice the
  // message (on a busy machine that can be a second late, which made the old measurement flaky).
  await page.addInitScript(() => {
    const marks: Record<string, number> = {};
    (window as unknown as { __marks: Record<string, number> }).__marks = marks;
    const fetch0 = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await fetch0(...args);
      if (String(args[0]).endsWith('/api/auth/register') && response.ok) marks.registered ??= performance.now();
      return response;
    };
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        if (location.pathname === '/student/dashboard') marks.dashboard ??= performance.now();
      };
    }
  });
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
  await page.waitForURL('**/student/dashboard');
  // The spec waits 2 seconds before moving on (000 §9): the timer starts when the answer arrives.
  const marks = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
  expect(marks.registered).toBeGreaterThan(0);
  expect(marks.dashboard! - marks.registered!).toBeGreaterThanOrEqual(1990);

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
