import { DEMO, expect, expectAccessible, readOutbox, signIn, test, uniqueEmail } from './fixtures.ts';

test('an admin creates a professional, who chooses a password through the e-mailed single-use link (never a password by e-mail)', async ({
  page,
  browser,
}) => {
  // Two browsers (the admin's, then the professional's) with axe checks in each.
  test.slow();
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Professionals' }).click();
  await expect(page.getByRole('heading', { name: 'Professionals', level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Professionals' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add Professional' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Professional' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);

  // A required field left empty is refused in the form, with the dialog still open.
  await dialog.getByRole('button', { name: 'Add Professional' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();

  const email = uniqueEmail('pro');
  const name = `Kavya Menon ${Date.now() % 1e6}`;
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Phone/).fill('+91 98765 43210');
  await dialog.getByLabel(/^Title/).fill('Staff Data Engineer');
  await dialog.getByLabel(/^Company/).fill('Fictional Analytics');
  await dialog.getByLabel(/^Expertise/).selectOption('Data Science');
  await dialog.getByLabel(/^Years of experience/).fill('7');
  await dialog.getByLabel(/^Bio/).fill('Builds data platforms and mentors students on SQL and pipelines.');
  await dialog.getByLabel('Skills', { exact: true }).fill('SQL');
  await dialog.getByRole('button', { name: 'Add skills' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove SQL' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Professional' }).click();

  await expect(page.getByText('Professional created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search professionals' }).fill(email);
  const row = page.getByRole('table', { name: 'Professionals' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('active');

  // The details modal never shows the temporary password, only that one is pending.
  await row.getByText(name).click();
  const details = page.getByRole('dialog', { name });
  await expect(details).toContainText('temporary password');
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Close' }).click();

  // The welcome e-mail carries a single-use set-password link, never a password (decision 825). The admin's
  // outbox view hides the link…
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const link = await readOutbox(email, /(\S+\/reset-password\?token=\S+)/);
  const outbox = await page.request.get('/api/admin/emails?limit=50', { headers: { Authorization: `Bearer ${token}` } });
  expect(outbox.status()).toBe(200);
  const view = (await outbox.json()) as { data: { emails: { to: string; text: string }[] } };
  const welcome = view.data.emails.find((e) => e.to === email);
  expect(welcome?.text).toContain('[hidden]');
  expect(JSON.stringify(view)).not.toContain(link.split('token=')[1] ?? link);

  // …and the professional opens it in a browser (a new context: nobody else's session), chooses a
  // password and signs in with it; the link works once.
  const context = await browser.newContext();
  const proPage = await context.newPage();
  try {
    const path = new URL(link).pathname + new URL(link).search;
    await proPage.goto(path);
    await expect(proPage.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expectAccessible(proPage);
    const newPassword = 'Chosen-Pass!2024';
    await proPage.getByLabel(/^New password/).fill(newPassword);
    await proPage.getByLabel(/^Confirm new password/).fill(newPassword);
    await proPage.getByRole('button', { name: 'Reset password' }).click();
    await expect(proPage.getByText('Your password has been reset. You can now sign in.')).toBeVisible();
    await signIn(proPage, email, newPassword);
    await expect(proPage).toHaveURL(/\/professional\/dashboard$/);
    await expect(proPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(proPage.getByRole('dialog')).toHaveCount(0);
    const again = await proPage.request.post('/api/auth/reset-password', { data: { token: decodeURIComponent(link.split('token=')[1] ?? ''), newPassword: 'Other-Pass!2024' } });
    expect(again.status()).toBe(400);
  } finally {
    await context.close();
  }
});
