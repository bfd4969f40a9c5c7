import { expect, storedSession, test } from './fixtures.ts';

/**
 * Spec 000 §5: the registration form reports one message at a time, in this order. The journey
 * submits, reads the message, fixes exactly that field, and submits again.
 */
test('registration shows the spec messages one at a time, in order', async ({ page }) => {
  let registerCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/register')) registerCalls += 1;
  });

  await page.goto('/signup');
  await page.getByRole('button', { name: /^Student/ }).click();
  const form = page.locator('form');
  const submit = form.getByRole('button', { name: 'Create Account' });
  const terms = form.getByRole('checkbox', { name: /I agree to the Terms of Service/ });
  const alert = form.getByRole('alert');

  // 14. Without the terms box the submit button is disabled: the form cannot be sent at all.
  await expect(submit).toBeDisabled();
  await form.getByLabel('First Name').press('Enter');
  await expect(alert).toHaveCount(0);
  await terms.check();
  await expect(submit).toBeEnabled();

  const expectMessage = async (message: string) => {
    await submit.click();
    await expect(alert).toHaveText(message);
  };

  await expectMessage('First name is required');
  await form.getByLabel('First Name').fill('Meera');
  // Typing clears the shown message.
  await expect(alert).toHaveCount(0);
  await expectMessage('Last name is required');
  await form.getByLabel('Last Name').fill('Joshi');
  await expectMessage('Email is required');
  await form.getByLabel(/^Email/).fill('meera.joshi@');
  await expectMessage('Please enter a valid email address');
  await form.getByLabel(/^Email/).fill(`meera.${Date.now()}@example.com`);
  await expectMessage('Password is required');
  await form.getByLabel(/^Password/).fill('abc');
  await expectMessage('Password must be at least 6 characters long');
  await form.getByLabel(/^Password/).fill('abcdef1');
  await expectMessage('Passwords do not match');
  await form.getByLabel('Confirm Password').fill('abcdef1');
  await expectMessage('University is required');
  await form.getByLabel('University').fill('Pune University');
  await expectMessage('Course/Major is required');
  await form.getByLabel('Course/Major').fill('Chemistry');
  await expectMessage('Year of study is required');
  await form.getByLabel('Year of Study').selectOption('1');
  await expectMessage('Roll number is required');
  await form.getByLabel('Roll Number').fill('CH24A010');
  await expectMessage('Phone number is required');
  await form.getByLabel('Phone Number').fill('12-34');
  await expectMessage('Please enter a valid phone number');

  // 14 again, with everything else valid: unticking the box disables the button, Enter does
  // nothing, and no request leaves the page.
  await form.getByLabel('Phone Number').fill('+91 98111 22233');
  await terms.uncheck();
  await expect(submit).toBeDisabled();
  await form.getByLabel('Phone Number').press('Enter');
  await expect(alert).toHaveCount(0);
  await expect(page).toHaveURL(/\/signup$/);
  expect(registerCalls).toBe(0);
  expect((await storedSession(page)).token).toBeNull();
});
