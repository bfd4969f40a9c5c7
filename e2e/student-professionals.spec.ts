import { EXPERTISE_OPTIONS } from '@app/shared/professionals';
import { DEMO, apiCall, apiLoginToken, expect, expectAccessible, registerStudentViaApi, signIn, test, uniqueEmail, uniqueTag } from './fixtures.ts';

test('a student filters and pages professionals, meets every empty state and requests a connection', async ({ page, request }) => {
  // Ten verified professionals that share a unique company name: two pages of nine when searched.
  const tag = uniqueTag('Pro');
  const company = `${tag} Advisory`;
  const admin = await apiLoginToken(request, DEMO.admin.email, DEMO.admin.password);
  const names: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const name = `Mentor${String.fromCharCode(65 + i)} ${tag}`;
    names.push(name);
    await apiCall(request, admin, 'POST', '/api/admin/professionals', {
      name,
      email: uniqueEmail('pro'),
      phone: '+91 98765 43210',
      title: 'Advisor',
      company,
      expertise: i < 3 ? 'Healthcare' : 'Finance',
      experience: 5 + i,
      bio: `Journey professional number ${i + 1}.`,
      specializations: ['Mentoring'],
      isVerified: true,
    });
  }
  // An expertise nobody has at the moment, for the 'none in this category' state.
  let emptyExpertise: string | undefined;
  for (const expertise of EXPERTISE_OPTIONS) {
    const data = await apiCall<{ pagination: { total: number } }>(request, admin, 'GET', `/api/professionals?limit=1&expertise=${encodeURIComponent(expertise)}`);
    if (data.pagination.total === 0) {
      emptyExpertise = expertise;
      break;
    }
  }
  expect(emptyExpertise, 'an expertise without professionals').toBeDefined();

  const student = await registerStudentViaApi(request, 'Pavan');
  await signIn(page, student.email, student.password);
  await page.getByRole('tab', { name: 'Professionals' }).click();
  await expect(page).toHaveURL(/tab=professionals/);
  const cards = page.locator('article').filter({ has: page.getByRole('button', { name: /^View profile of/ }) });
  await expect(cards.first()).toBeVisible();
  await expectAccessible(page);

  // Search (case-insensitive) and paginate.
  const search = page.getByLabel('Search professionals');
  await search.fill(tag.toUpperCase());
  await expect(cards).toHaveCount(9);
  const pages = page.getByRole('navigation', { name: 'Professional pages' });
  await expect(pages).toBeVisible();
  await pages.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name: names[9] })).toBeVisible();
  // Nobody has rated this professional yet: "New", never an invented average (issue 16).
  await expect(cards.getByText('New', { exact: true })).toBeVisible();
  await expect(cards).not.toContainText('4.5');
  await expectAccessible(page);

  // Expertise filter within the search.
  const expertise = page.getByLabel('Expertise');
  await expertise.selectOption('Healthcare');
  await expect(cards).toHaveCount(3);
  await expect(pages).toHaveCount(0);
  for (const name of names.slice(0, 3)) await expect(cards.getByRole('heading', { name })).toBeVisible();

  // Search and category with no match → Reset Filters clears both.
  await search.fill(`${tag} nobody`);
  await expect(page.getByText('No professionals found matching your search')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(search).toHaveValue('');
  await expect(expertise).toHaveValue('all');
  await expect(cards.first()).toBeVisible();

  // Search only → Clear Search.
  await search.fill(`${tag} nobody`);
  await expect(page.getByText('No professionals found matching your search')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(search).toHaveValue('');
  await expect(cards.first()).toBeVisible();

  // Category only → Show All Categories.
  await expertise.selectOption(emptyExpertise!);
  await expect(page.getByText('No professionals in this category yet')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Show All Categories' }).click();
  await expect(expertise).toHaveValue('all');
  await expect(cards.first()).toBeVisible();

  // The detail modal and a connection request with a message.
  const target = names[4]!;
  await search.fill(target);
  await expect(cards).toHaveCount(1);
  await page.getByRole('button', { name: `View profile of ${target}` }).click();
  const dialog = page.getByRole('dialog', { name: target });
  await expect(dialog.getByText('Advisor at ' + company)).toBeVisible();
  await expect(dialog.getByRole('heading', { name: `Connect with ${target}` })).toBeVisible();
  // The booking time zone is the browser's (issue 29): this journey's browser runs in UTC.
  await expect(dialog.getByLabel('Time zone')).toHaveValue(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
  await expectAccessible(page);
  // Choose (no time) → message → review → send: the message is what is sent.
  await dialog.getByRole('button', { name: 'Send a request without a time' }).click();
  await dialog.getByLabel('Message (optional)').fill('Hello! I would like guidance on personal finance projects.');
  await dialog.getByRole('button', { name: 'Review request' }).click();
  await expect(dialog.getByText('Hello! I would like guidance on personal finance projects.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Connection request sent!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();

  // A second request to the same professional is refused with the server's message.
  await page.getByRole('button', { name: `View profile of ${target}` }).click();
  await expect(dialog.getByRole('heading', { name: `Connect with ${target}` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send a request without a time' }).click();
  await dialog.getByRole('button', { name: 'Review request' }).click();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('You already have a pending connection request with this professional')).toBeVisible();
});
