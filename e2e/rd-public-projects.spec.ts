import { expect, expectAccessible, test } from './fixtures.ts';
import { adminToken, createProject, dateIn, shownDate, uniqueTitle } from './rd-helpers.ts';

// India is the platform's home time zone (deadlines are whole days; they must not move a day east of UTC).
test.use({ timezoneId: 'Asia/Kolkata' });

test('a visitor sees active public projects on /projects, and not drafts or private ones', async ({ page, request }) => {
  const admin = await adminToken(request);
  const prefix = uniqueTitle('Public Reef');
  const deadline = dateIn(21);
  const active = await createProject(request, admin, {
    title: `${prefix} Open`,
    field: 'Biotechnology',
    applicationProcess: { applicationDeadline: deadline, selectionCriteria: [], interviewRequired: false, documentsRequired: [] },
  });
  await createProject(request, admin, { title: `${prefix} Draft`, status: 'draft' });
  await createProject(request, admin, { title: `${prefix} Private`, visibility: 'private' });

  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'R&D Projects', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search projects' }).fill(prefix);
  const cards = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole('heading', { name: active.title })).toBeVisible();
  await expect(card).toContainText('Biotechnology');
  await expect(card).toContainText('Dr. Meera Rao');
  await expect(card).toContainText('Intern (Hybrid)');
  await expect(card).toContainText(`Apply by ${shownDate(deadline)}`);
  // The supervisor's e-mail is not public.
  await expect(card).not.toContainText('meera.rao@university.edu');
  await expectAccessible(page);

  // The field filter narrows the list; a visitor is sent to sign in to apply.
  await page.getByLabel('Field').selectOption('Medicine');
  await expect(page.getByText('No open projects right now')).toBeVisible();
  await page.getByLabel('Field').selectOption('Biotechnology');
  await card.getByRole('link', { name: 'Sign in to apply' }).click();
  await expect(page).toHaveURL(/\/signin$/);
});
