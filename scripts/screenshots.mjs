/* global document, window -- callbacks run in the browser page */
// `npm run screenshots`: every main screen, per role, at 1280 and 360 px, from a freshly started
// server with the demo data, into docs/screenshots/ (PNG). It also refreshes the product tour's
// images (apps/web/public/tour/*.webp, optimised) from the same shots, so the landing page always
// shows the product as it is.
//
// Builds first when the build is missing or stale (as `npm run test:e2e` does). Chromium is the
// system's (/usr/bin/chromium, or CHROMIUM_PATH); the server runs on SCREENSHOTS_PORT (3290).
//   npm run screenshots                 all screens, both widths
//   npm run screenshots -- --only=admin only the screens whose name contains "admin"
//   npm run screenshots -- --languages=ar,hi   only the translated set (below), in those languages
//
// Besides the English set (docs/screenshots/*.png), the main screens are shot in Arabic (right to
// left) and Hindi into docs/screenshots/<language>/ (issue 25): what a translator or reviewer looks at
// to see a message in its place. The language is the device's choice (localStorage, as the language
// menu stores it) with a matching browser locale and time zone.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { staleParts } from './build-state.mjs';

const ROOT = process.cwd();
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3290);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = path.join(ROOT, 'docs/screenshots');
const TOUR_OUT = path.join(ROOT, 'apps/web/public/tour');
const DATA_DIR = path.join(ROOT, '.tmp/screenshots-data');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const languagesArg = process.argv.find((a) => a.startsWith('--languages='))?.slice('--languages='.length);
/** 'en' is the full English set; any other language gets LANGUAGE_SCREENS into docs/screenshots/<language>/. */
const LANGUAGES = languagesArg ? languagesArg.split(',').filter(Boolean) : ['en', 'ar', 'hi'];
/** The browser locale and time zone each language's shots are taken in. */
const LOCALES = {
  en: { locale: 'en-GB', timezoneId: 'Asia/Kolkata' },
  ar: { locale: 'ar', timezoneId: 'Asia/Dubai' },
  hi: { locale: 'hi-IN', timezoneId: 'Asia/Kolkata' },
  es: { locale: 'es', timezoneId: 'America/Mexico_City' },
};

const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '360', viewport: { width: 360, height: 740 } },
];

const ACCOUNTS = {
  student: { email: 'student@example.com', password: 'Student@123' },
  professional: { email: 'mentor@example.com', password: 'Mentor@12345' },
  admin: { email: 'admin@example.com', password: 'Admin@12345' },
  university: { email: 'university@iitd.ac.in', password: 'University@123' },
  // Priya holds a certificate of the demo's closed programme (the certificate page).
  priya: { email: 'priya@example.com', password: 'Student@123' },
};

/** [file name, role or null, path]. */
const SCREENS = [
  ['public-landing', null, '/'],
  ['public-about', null, '/about'],
  ['public-workshops', null, '/workshops'],
  ['public-experts', null, '/experts'],
  ['public-projects', null, '/projects'],
  ['public-contact', null, '/contact'],
  ['public-signin', null, '/signin'],
  ['public-signup', null, '/signup'],
  ['student-workshops', 'student', '/student/dashboard?tab=workshops'],
  ['student-professionals', 'student', '/student/dashboard?tab=professionals'],
  ['student-ideas', 'student', '/student/dashboard?tab=ideas'],
  ['student-my-ideas', 'student', '/student/dashboard?tab=my-ideas'],
  ['student-rd-projects', 'student', '/student/dashboard?tab=rd-projects'],
  ['professional-overview', 'professional', '/professional/dashboard'],
  ['professional-requests', 'professional', '/professional/dashboard?tab=requests'],
  ['professional-workshops', 'professional', '/professional/dashboard?tab=workshops'],
  ['professional-sessions', 'professional', '/professional/dashboard?tab=sessions'],
  ['professional-students', 'professional', '/professional/dashboard?tab=students'],
  ['professional-availability', 'professional', '/professional/dashboard?tab=availability'],
  ['professional-settings', 'professional', '/professional/dashboard?tab=settings'],
  // The admin console switches sections inside the page: the 4th entry is the section to open.
  ['admin-dashboard', 'admin', '/admin/dashboard'],
  ['admin-students', 'admin', '/admin/dashboard', 'Students'],
  ['admin-professionals', 'admin', '/admin/dashboard', 'Professionals'],
  ['admin-workshops', 'admin', '/admin/dashboard', 'Workshops'],
  ['admin-ideas', 'admin', '/admin/dashboard', 'Student Ideas'],
  ['admin-rd', 'admin', '/admin/dashboard', 'R&D Projects'],
  ['admin-analytics', 'admin', '/admin/dashboard', 'Analytics'],
  ['admin-settings', 'admin', '/admin/dashboard', 'Settings'],
];

/**
 * The main screens in every other language (issue 25), [file name, role or null, path]: `{workshop}`,
 * `{professional}` and `{certificate}` are looked up from the demo data once the server is up. Kept to
 * ten per language and width so the set stays small (docs/screenshots/<language>/).
 */
const LANGUAGE_SCREENS = [
  ['landing', null, '/'],
  ['signin', null, '/signin'],
  ['workshop-detail', null, '/workshops/{workshop}'],
  ['student-workshops', 'student', '/student/dashboard?tab=workshops'],
  // A professional's profile with the booking steps, over the Professionals tab.
  ['student-booking', 'student', '/student/dashboard?tab=professionals&professional={professional}'],
  ['professional-overview', 'professional', '/professional/dashboard'],
  ['admin-dashboard', 'admin', '/admin/dashboard'],
  ['admin-students', 'admin', '/admin/dashboard?section=students'],
  ['organisation-dashboard', 'university', '/university/dashboard'],
  ['certificate', null, '/certificates/{certificate}'],
];

/** The tour step the landing page's hero shows, and the narrower widths it is also written in (landing-page.tsx). */
const HERO = 'workshops';
const HERO_WIDTHS = [480, 720];

/** The product tour (landing page → Watch Demo): which shot, at 1280 px, becomes which step. */
const TOUR = [
  ['student-professionals', 'experts'],
  ['student-workshops', 'workshops'],
  ['student-ideas', 'ideas'],
  ['student-rd-projects', 'projects'],
  ['professional-overview', 'mentor'],
];

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function waitForHealth(deadline) {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${BASE}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer on ${BASE}`);
}

async function getData(url, token) {
  const res = await fetch(`${BASE}/api${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return (await res.json()).data;
}

/** The ids LANGUAGE_SCREENS' paths need, from the demo data. */
async function lookUps(sessions) {
  const { workshops } = await getData('/workshops?limit=1');
  const { professionals } = await getData('/professionals?search=Ananya&limit=1');
  const { certificates } = await getData('/me/programme-certificates', sessions.priya.token);
  const found = { workshop: workshops[0]?.id, professional: professionals[0]?.id, certificate: certificates[0]?.verificationId };
  for (const [name, value] of Object.entries(found)) if (!value) throw new Error(`the demo data has no ${name} to show`);
  return found;
}

async function login(account) {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`login ${account.email}: ${res.status}`);
  return (await res.json()).data;
}

/** Wait until the screen has settled: no skeleton, no busy region, no request in flight, fonts in. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => document.querySelectorAll('[data-skeleton], [aria-busy="true"], .animate-pulse, .animate-spin').length === 0,
    undefined,
    { timeout: 15_000 },
  ).catch(() => undefined);
  // Toasts (3 s) are let go first: they would cover the screen's own content in the shot.
  await page.waitForFunction(() => document.querySelectorAll('[data-toast]').length === 0, undefined, { timeout: 8_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

async function main() {
  const stale = staleParts(ROOT);
  if (stale.length > 0) {
    console.log(`Build is missing or stale (${stale.join(', ')}): running npm run build…`);
    run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build']);
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      DATA_DIR,
      SEED_DEMO: 'true',
      JOBS_ENABLED: 'true',
      LOGIN_MAX_PER_IP: '10000',
      REGISTER_MAX_PER_IP: '10000',
      LOG_LEVEL: 'warn',
    },
  });
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  try {
    // Seeding the demo data takes a while on a busy machine.
    await waitForHealth(Date.now() + 300_000);
    const sessions = {};
    for (const [role, account] of Object.entries(ACCOUNTS)) sessions[role] = await login(account);

    mkdirSync(OUT, { recursive: true });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--font-render-hinting=none'],
    });
    const written = [];
    const require = createRequire(path.join(ROOT, 'apps/api/package.json'));
    const sharp = require('sharp');
    const ids = LANGUAGES.some((l) => l !== 'en') ? await lookUps(sessions) : {};
    try {
      for (const language of LANGUAGES) {
        const english = language === 'en';
        const list = english ? SCREENS : LANGUAGE_SCREENS;
        const outDir = english ? OUT : path.join(OUT, language);
        mkdirSync(outDir, { recursive: true });
        for (const width of WIDTHS) {
          for (const role of [null, 'student', 'professional', 'admin', 'university']) {
            const screens = list.filter(([name, r]) => r === role && (!only || name.includes(only)));
            if (screens.length === 0) continue;
            const context = await browser.newContext({ viewport: width.viewport, reducedMotion: 'reduce', ...(LOCALES[language] ?? { locale: language, timezoneId: 'UTC' }) });
            await context.addInitScript((lang) => {
              // The device's language choice (the language menu's key); English keeps the browser's.
              if (lang !== 'en') window.localStorage.setItem('language', lang);
            }, language);
            if (role) {
              const auth = sessions[role];
              await context.addInitScript((data) => {
                if (window.localStorage.getItem('token')) return;
                window.localStorage.setItem('token', data.token);
                window.localStorage.setItem('user', JSON.stringify(data.user));
                window.localStorage.setItem('userRole', data.user.role);
              }, auth);
            }
            const page = await context.newPage();
            for (const [name, , url, section] of screens) {
              await page.goto(`${BASE}${url.replace(/\{(\w+)\}/g, (_, key) => encodeURIComponent(ids[key]))}`);
              await settle(page);
              if (section) {
                const menu = page.getByRole('button', { name: /Open sections menu/ });
                if (await menu.isVisible()) await menu.click();
                await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: section, exact: true }).click();
                await settle(page);
              }
              if (!english) {
                const dir = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
                if (dir[0] !== language) throw new Error(`${name}: the page is in ${dir[0]}, not ${language}`);
              }
              const file = path.join(outDir, `${name}-${width.name}.png`);
              const shot = await page.screenshot({ animations: 'disabled' });
              // The translated set is committed too: a 256-colour palette keeps each file near a third of the size.
              if (english) writeFileSync(file, shot);
              else await sharp(shot).png({ palette: true, compressionLevel: 9 }).toFile(file);
              written.push(file);
              console.log(`  ${path.relative(ROOT, file)}`);
            }
            await context.close();
          }
        }
      }
    } finally {
      await browser.close();
    }

    // The tour's images: the 1280 px shots, resized and re-encoded (WebP, ~30–60 kB each).
    mkdirSync(TOUR_OUT, { recursive: true });
    for (const [shot, name] of TOUR) {
      const source = path.join(OUT, `${shot}-1280.png`);
      if (!written.includes(source)) continue;
      const target = path.join(TOUR_OUT, `${name}.webp`);
      await sharp(source).resize({ width: 960 }).webp({ quality: 72 }).toFile(target);
      // The landing page's hero shows this one: narrower copies for its srcset, so a phone (about 660 device
      // pixels wide) fetches 14 kB instead of 23 kB before its largest paint (decision 1290).
      if (name === HERO) {
        for (const width of HERO_WIDTHS) {
          await sharp(source).resize({ width }).webp({ quality: 72 }).toFile(path.join(TOUR_OUT, `${name}-${width}.webp`));
        }
      }
      console.log(`  ${path.relative(ROOT, target)}`);
    }
    writeFileSync(
      path.join(OUT, 'README.md'),
      `# Screenshots\n\nEvery main screen per role at 1280 and 360 px, from a fresh demo database.\nRegenerate with \`npm run screenshots\` (it builds if needed and starts its own server).\n\n${SCREENS.map(([name, role, url, section]) => `- \`${name}\` — ${role ?? 'visitor'}: \`${url}\`${section ? ` → ${section}` : ''}`).join('\n')}\n\n` +
        `## In Arabic and Hindi\n\nThe main screens in \`ar/\` (right to left) and \`hi/\`, at 1280 and 360 px (\`npm run screenshots -- --languages=ar,hi\`):\n\n` +
        `${LANGUAGE_SCREENS.map(([name, role, url]) => `- \`${name}\` — ${role ?? 'visitor'}: \`${url}\``).join('\n')}\n\n` +
        `The printed certificates themselves, rendered from the PDF: \`certificate-ar.png\`, \`certificate-hi.png\` ` +
        `(written by \`apps/api/src/modules/workshops/certificate-scripts.test.ts\`, see docs/translating.md).\n`,
    );
  } finally {
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
