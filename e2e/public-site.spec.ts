import { expect, expectAccessible, expectHydrated, test } from './fixtures.ts';

test.describe('landing page', () => {
  test('hero, stats, steps and leadership come from the site content', async ({ page, request }) => {
    const content = (await (await request.get('/api/content/site')).json()) as {
      data: {
        hero: { title: string };
        stats: { value: string; label: string }[];
        team: { name: string; role: string; link: string; specialties: string[] }[];
      };
    };
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.data.hero.title);
    for (const stat of content.data.stats) {
      await expect(page.getByRole('main').getByText(stat.label, { exact: true }).first()).toBeVisible();
    }
    for (const step of ['Sign Up & Profile', 'Explore & Connect', 'Learn & Grow']) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible();
    }
    const team = page.locator('#team');
    expect(content.data.team).toHaveLength(4);
    for (const member of content.data.team) {
      await expect(team.getByRole('heading', { name: member.name })).toBeVisible();
      await expect(team.getByText(member.role, { exact: true })).toBeVisible();
      // A profile link only when the content gives one (never a placeholder front page).
      const profile = team.getByRole('link', { name: `Professional profile of ${member.name} (opens in a new tab)` });
      if (member.link) await expect(profile).toHaveAttribute('href', member.link);
      else await expect(profile).toHaveCount(0);
      for (const specialty of member.specialties) await expect(team.getByText(specialty, { exact: true })).toBeVisible();
    }
  });

  test('shows an error with a retry when the content cannot be loaded', async ({ page }) => {
    let fail = true;
    await page.route('**/api/content/site', (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"success":false,"message":"Something went wrong"}',
          })
        : route.continue(),
    );
    // The server renders the landing page with the content it read itself (decision 1070): the browser
    // reads it, and can fail to, when it comes to the page from another one.
    await page.goto('/workshops');
    // Once hydrated (React has attached to the server's link), the click is the app's navigation, not a new
    // page load the server would render with its content. A visitor's page runs the app once they reach for
    // it (decision 1320): the pointer moves.
    await page.mouse.move(1, 1);
    await page.waitForFunction(() => {
      const link = document.querySelector('a[href="/"]');
      return link !== null && Object.keys(link).some((key) => key.startsWith('__reactFiber'));
    });
    await page.getByRole('link', { name: 'MentorBridge home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alert')).toContainText('Something went wrong', { timeout: 20_000 });
    // Fixed copy and the calls to action still work without the content.
    await expect(page.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/signup');
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.locator('#team').getByRole('listitem').first()).toBeVisible();
  });

  test('calls to action go where the spec says', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/signup');
    await page.getByRole('link', { name: 'Schedule Demo' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  });

  test('Watch Demo opens a product tour of real screenshots, operable by keyboard, that can be closed', async ({ page }) => {
    await page.goto('/');
    // The hero shows the product itself (a real screenshot), loaded.
    const hero = page.getByRole('img', { name: /student dashboard/ }).first();
    await expect(hero).toBeVisible();
    // Loaded (waited for, never assumed: on a busy machine the picture may still be arriving).
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await page.getByRole('button', { name: 'Watch Demo' }).click();
    const tour = page.getByRole('dialog', { name: 'Product tour' });
    await expect(tour).toBeVisible();
    await expect(tour).toContainText('Step 1 of 5');
    await expect(tour.getByRole('button', { name: 'Back' })).toBeDisabled();
    const shot = tour.getByRole('img');
    const loaded = () => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    await expect.poll(loaded).toBe(true);
    await expect(shot).toHaveAttribute('alt', /Professionals tab/);
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour).toContainText('Step 2 of 5');
    await expect(shot).toHaveAttribute('alt', /Workshops tab/);
    await expect.poll(loaded).toBe(true);
    // Arrow keys move between steps; the step buttons jump.
    await tour.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tour).toContainText('Step 3 of 5');
    await page.keyboard.press('ArrowLeft');
    await expect(tour).toContainText('Step 2 of 5');
    await tour.getByRole('button', { name: /^Step 5:/ }).click();
    await expect(tour).toContainText('Step 5 of 5');
    await expect.poll(loaded).toBe(true);
    await expect(tour.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/signup');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(tour).toBeHidden();
    // Focus returns to the button that opened it.
    await expect(page.getByRole('button', { name: 'Watch Demo' })).toBeFocused();
    await page.getByRole('button', { name: 'Watch Demo' }).click();
    await expect(tour).toContainText('Step 1 of 5');
    await tour.getByRole('button', { name: 'Close' }).click();
    await expect(tour).toBeHidden();
  });

  test('the highlighted feature card rotates every 4 seconds and stops while a card has focus', async ({ page }) => {
    // A paused fake clock: timers fire only when the test moves time on.
    await page.clock.install({ time: new Date('2025-01-01T00:00:00Z') });
    await page.clock.pauseAt(new Date('2025-01-01T00:00:01Z'));
    await page.goto('/');
    const cards = page.getByTestId('feature-card');
    await expect(cards).toHaveCount(4);
    // The rotation is the app's: the server's page does not move until it has hydrated (decision 1111).
    await expectHydrated(cards.getByRole('link'));
    await expect(cards.nth(0)).toHaveAttribute('data-active', 'true');
    await expect(cards.nth(0)).toContainText('Meet the Expert');
    await expect(cards.nth(1)).toContainText('Idea Dropbox');
    await expect(cards.nth(2)).toContainText('R&D Collaboration');
    await expect(cards.nth(3)).toContainText('Workshops');
    await page.clock.runFor(3900);
    await expect(cards.nth(0)).toHaveAttribute('data-active', 'true');
    await page.clock.runFor(200);
    await expect(cards.nth(1)).toHaveAttribute('data-active', 'true');
    await page.clock.runFor(4000);
    await expect(cards.nth(2)).toHaveAttribute('data-active', 'true');
    await page.clock.runFor(8000);
    await expect(cards.nth(0)).toHaveAttribute('data-active', 'true');

    // Keyboard focus highlights that card and pauses the rotation.
    await cards.nth(3).getByRole('link').focus();
    await expect(cards.nth(3)).toHaveAttribute('data-active', 'true');
    await page.clock.runFor(12_000);
    await expect(cards.nth(3)).toHaveAttribute('data-active', 'true');
  });

  test('with reduced motion the feature cards do not rotate', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install({ time: new Date('2025-01-01T00:00:00Z') });
    await page.clock.pauseAt(new Date('2025-01-01T00:00:01Z'));
    await page.goto('/');
    const cards = page.getByTestId('feature-card');
    // Once the app runs (it would rotate them): before, nothing moves whatever the setting.
    await expectHydrated(cards.getByRole('link'));
    await expect(cards.nth(0)).toHaveAttribute('data-active', 'true');
    await page.clock.runFor(10_000);
    await expect(cards.nth(0)).toHaveAttribute('data-active', 'true');
  });
});

test.describe('header and footer', () => {
  test('the header turns solid after 50 px of scrolling and has the section anchors', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expectHydrated(header.getByRole('link').first());
    await expect(header).toHaveAttribute('data-solid', 'false');
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute('data-solid', 'false');
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect(header).toHaveAttribute('data-solid', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-solid', 'false');

    const nav = header.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Features', '#features'],
      ['How It Works', '#how-it-works'],
      ['Team', '#team'],
      ['About', '/about'],
      ['Workshops', '/workshops'],
      ['Experts', '/experts'],
      ['Projects', '/projects'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await nav.getByRole('link', { name: 'Team', exact: true }).click();
    await expect(page.locator('#team')).toBeInViewport();
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  });

  test('the mobile menu repeats the links and is keyboard operable', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Features', 'How It Works', 'Team', 'About', 'Workshops', 'Experts', 'Projects']) {
      await expect(mobile.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await expect(mobile).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await mobile.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the footer links to every public page, and each one renders', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    const expected = ['/about', '/features', '/partners', '/careers', '/blog', '/help', '/privacy', '/terms', '/contact', '/accessibility'];
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of expected) expect(hrefs).toContain(href);
    for (const href of expected) {
      await page.goto(href);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    }
  });
});

test.describe('about page', () => {
  test('shows story, impact, vision, mission, timeline, values, leadership and contact', async ({ page }) => {
    await page.goto('/about');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Our story' })).toBeVisible();
    for (const label of ['Countries', 'Success Rate']) await expect(main.getByText(label, { exact: true })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Our vision' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Our mission' })).toBeVisible();
    for (const year of ['2023', '2024', '2025']) await expect(main.getByText(year, { exact: true })).toBeVisible();
    for (const value of ['Excellence', 'Passion', 'Community', 'Integrity', 'Innovation', 'Impact']) {
      await expect(main.getByRole('heading', { name: value, exact: true })).toBeVisible();
    }
    await expect(
      main
        .locator('#leadership-title ~ div')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading') }),
    ).toHaveCount(4);
    await expect(main.getByText('Koramangala, Bengaluru 560034, India')).toBeVisible();
    await expect(main.getByRole('link', { name: /^hello@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(main.getByRole('link', { name: /careers/i })).toHaveAttribute('href', '/careers');
    await expect(main.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  });
});

test.describe('content pages', () => {
  test('the help page FAQ opens and closes with the keyboard', async ({ page }) => {
    await page.goto('/help');
    const question = page.getByRole('button', { name: 'How does booking a mentoring session work?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    const panel = page.locator(`[id="${await question.getAttribute('aria-controls')}"]`);
    await expect(panel).toBeHidden();
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('connection request');
    await page.keyboard.press('Space');
    await expect(panel).toBeHidden();
    for (const name of [
      'How are ideas reviewed?',
      'I forgot my password. How do I reset it?',
      'How do I contact the MentorBridge team?',
    ]) {
      await expect(page.getByRole('button', { name })).toBeVisible();
    }
  });

  test('an unknown single-segment slug is a 404, not a content page', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/constructor');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('contact page', () => {
  test('shows the field errors next to the fields, then a success message', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Please enter your name');
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Please enter your email');
    await expect(form.getByLabel('Subject')).toHaveAccessibleDescription('Please enter a subject');
    await expect(form.getByLabel('Message')).toHaveAccessibleDescription('Please enter a message');
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Name')).toBeFocused();

    await form.getByLabel('Name').fill('Kavya Rao');
    await form.getByLabel('Email').fill('kavya@');
    await form.getByLabel('Subject').fill('Demo for our university');
    await form.getByLabel('Message').fill('We would like a demo for our engineering faculty.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(form.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Email').fill(`kavya.${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you! Your message has been sent.' })).toBeVisible();
  });
});
