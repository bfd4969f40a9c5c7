import { DEMO, expect, expectAccessible, readOutbox, signIn, test, uniqueEmail } from './fixtures.ts';

test('an admin creates a professional, who signs in with the e-mailed temporary password and must change it', async ({
  page,
  browser,
}) => {
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

  // The temporary password reaches the professional by e-mail. The admin's outbox view hides it…
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const password = await readOutbox(email, /temporary password: (\S+)/);
  const outbox = await page.request.get('/api/admin/emails?limit=50', { headers: { Authorization: `Bearer ${token}` } });
  expect(outbox.status()).toBe(200);
  const view = (await outbox.json()) as { data: { emails: { to: string; text: string }[] } };
  const welcome = view.data.emails.find((e) => e.to === email);
  expect(welcome?.text).toContain('temporary password: [hidden]');
  expect(JSON.stringify(view)).not.toContain(password);

  // …and the professional signs in with it (a new browser context: nobody else's session).
  const context = await browser.newContext();
  const proPage = await context.newPage();
  try {
    await signIn(proPage, email, password);
    await expect(proPage).toHaveURL(/\/professional\/dashboard$/);
    const gate = proPage.getByRole('dialog', { name: 'Change your temporary password' });
    await expect(gate).toBeVisible();
    await expect(gate.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await proPage.keyboard.press('Escape');
    await expect(gate).toBeVisible();
    await expectAccessible(proPage);
    const newPassword = 'Chosen-Pass!2024';
    await gate.getByLabel('Current password').fill(password);
    await gate.getByLabel('New password', { exact: true }).fill(newPassword);
    await gate.getByLabel('Confirm new password').fill(newPassword);
    await gate.getByRole('button', { name: 'Change Password' }).click();
    await expect(gate).toBeHidden({ timeout: 15_000 });
    await proPage.reload();
    await expect(proPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(proPage.getByRole('dialog')).toHaveCount(0);
    const old = await proPage.request.post('/api/auth/login', { data: { email, password } });
    expect(old.status()).toBe(401);
  } finally {
    await context.close();
  }
});
