// Issue 27: public pages fetched without JavaScript carry their real content, their description and
// schema.org JSON-LD that a JSON-LD processor (jsonld.js) expands; sitemap.xml lists exactly the public
// items and follows a workshop's publication and cancellation; robots.txt points at it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import jsonld from 'jsonld';
import { afterAll, describe, expect, it } from 'vitest';
import { buildProfessional } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { workshops } from '../../db/schema/workshops.ts';
import { insertWorkshop } from '../workshops/workshops.fixtures.ts';
import { HERO_SHOT } from '@app/shared/site-constants';
import { fillTemplate } from './public-pages.ts';

// The built index.html's shape (apps/web/index.html after vite build).
const root = mkdtempSync(path.join(os.tmpdir(), 'mb-public-'));
writeFileSync(
  path.join(root, 'index.html'),
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="MentorBridge connects university students with verified industry professionals." />
    <title>MentorBridge — mentoring for universities</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
);
// The sitemap test changes workshops straight in the database (no write path to invalidate the catalogue cache).
const t = useTestApp({ STATIC_DIR: root, PUBLIC_URL: 'https://mentorbridge.example.edu', CATALOGUE_CACHE: 'off' });
afterAll(() => rmSync(root, { recursive: true, force: true }));
const db = () => t.database.db;
const ORIGIN = 'https://mentorbridge.example.edu';

/** JSON-LD blocks of a page, parsed. */
function ldOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>);
}

/** Expand with jsonld.js; the schema.org context is given locally (no network in tests). */
async function expand(doc: Record<string, unknown>) {
  const documentLoader = async (url: string) => {
    if (!/^https?:\/\/schema\.org\/?$/.test(url)) throw new Error(`unexpected context ${url}`);
    return { contextUrl: undefined, documentUrl: url, document: { '@context': { '@vocab': 'https://schema.org/' } } };
  };
  return jsonld.expand(doc, { documentLoader });
}

function meta(html: string, attr: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
}

describe('public pages without JavaScript', () => {
  it('a workshop page has its title, date and place in the HTML, an Event in JSON-LD, and a preview card', async () => {
    const pro = await buildProfessional(t, { firstName: 'Asha', lastName: 'Verma' });
    const w = await insertWorkshop(db(), { daysFromNow: 10, professionalId: pro.id, title: 'Robotics <b>& sensors</b>', deliveryMode: 'online' });
    const res = await t.app.inject({ url: `/workshops/${w.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    // Escaped, never markup.
    expect(html).toContain('<h1>Robotics &lt;b&gt;&amp; sensors&lt;/b&gt;</h1>');
    expect(html).not.toContain('<b>& sensors</b>');
    expect(html).toContain(w.date);
    expect(html).toContain('Online');
    expect(html).toContain('Asha Verma');
    expect(html).toContain(`<title>Robotics &lt;b&gt;&amp; sensors&lt;/b&gt; · MentorBridge</title>`);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/workshops/${w.id}" />`);
    expect(meta(html, 'property', 'og:title')).toBe('Robotics &lt;b&gt;&amp; sensors&lt;/b&gt;');
    expect(meta(html, 'property', 'og:description')).toContain(w.date);
    expect(meta(html, 'name', 'twitter:card')).toBeDefined();
    // The app still starts: the script tag is kept, and the content sits inside #root for it to replace.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).toMatch(/<div id="root"><div class="prerendered[^"]*"><main id="main">/);

    const [event] = ldOf(html);
    expect(event).toMatchObject({
      '@type': 'Event',
      name: 'Robotics <b>& sensors</b>',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'VirtualLocation' },
      offers: { '@type': 'Offer', availability: 'https://schema.org/InStock' },
    });
    const expanded = await expand(event ?? {});
    const node = expanded[0] as Record<string, Array<Record<string, unknown>>>;
    expect(node['@type']).toEqual(['https://schema.org/Event']);
    expect(node['https://schema.org/name']?.[0]?.['@value']).toBe('Robotics <b>& sensors</b>');
    expect(node['https://schema.org/startDate']?.[0]?.['@value']).toBe(w.startsAt.toISOString());
    // "</script>" in a title cannot end the JSON-LD block early.
    const tricky = await insertWorkshop(db(), { daysFromNow: 11, professionalId: pro.id, title: 'A </script><script>alert(1)</script> talk' });
    const trickyHtml = (await t.app.inject({ url: `/workshops/${tricky.id}` })).body;
    expect(trickyHtml).not.toContain('<script>alert(1)</script>');
    expect(ldOf(trickyHtml)[0]?.name).toBe('A </script><script>alert(1)</script> talk');
  });

  it('a draft or unknown workshop is a 404 with the app shell (the app shows its not-found page)', async () => {
    const draft = await insertWorkshop(db(), { daysFromNow: 5, status: 'draft', title: 'Secret draft' });
    for (const url of [`/workshops/${draft.id}`, '/workshops/0123456789abcdef01234567', '/workshops/not-an-id']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('Secret draft');
    }
  });

  it('the list pages carry their items and structured data', async () => {
    const pro = await buildProfessional(t, { firstName: 'Kiran', lastName: 'Rao', title: 'Staff Engineer', company: 'Northwind' });
    await insertWorkshop(db(), { daysFromNow: 4, professionalId: pro.id, title: 'Listed workshop' });
    const list = await t.app.inject({ url: '/workshops' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Listed workshop');
    expect(ldOf(list.body)[0]).toMatchObject({ '@type': 'ItemList' });
    const experts = await t.app.inject({ url: '/experts' });
    expect(experts.body).toContain('Kiran Rao');
    const person = ldOf(experts.body).find((p) => p.name === 'Kiran Rao');
    expect(person).toMatchObject({ '@type': 'Person', jobTitle: 'Staff Engineer', worksFor: { '@type': 'Organization', name: 'Northwind' } });
    expect(await expand(person ?? {})).toHaveLength(1);
    const landing = await t.app.inject({ url: '/' });
    expect(landing.body).toContain('<h1>MentorBridge — mentoring for universities</h1>');
    expect(ldOf(landing.body)[0]).toMatchObject({ '@type': 'Organization', name: 'MentorBridge' });
    // The landing page's hero image is in its HTML and fetched with it (the page's largest paint).
    // A phone fetches the 720 px copy: the preload names the same widths and display size as the <img>.
    expect(landing.body).toContain(
      `<link rel="preload" as="image" href="/tour/workshops.webp" imagesrcset="${HERO_SHOT.srcSet}" imagesizes="${HERO_SHOT.sizes}" fetchpriority="high" />`,
    );
    // It is the head's first request, before the app's entry script (decision 1330).
    expect(landing.body.indexOf('<link rel="preload" as="image"')).toBeLessThan(landing.body.indexOf('<script type="module"'));
    // After the viewport's <meta>: before it, a phone's page is 980 px wide and the preload chose the 960 px copy.
    expect(landing.body.indexOf('<meta name="viewport"')).toBeGreaterThan(-1);
    expect(landing.body.indexOf('<meta name="viewport"')).toBeLessThan(landing.body.indexOf('<link rel="preload" as="image"'));
    expect(landing.body).toContain(`<img src="/tour/workshops.webp" srcset="${HERO_SHOT.srcSet}" sizes="${HERO_SHOT.sizes}" alt="`);
    // Every copy it names is in the web app's public files (scripts/screenshots.mjs writes them), as WebP.
    for (const copy of HERO_SHOT.srcSet.split(', ').map((c) => c.split(' ')[0] ?? '')) {
      const file = readFileSync(path.join(import.meta.dirname, '../../../../web/public', copy));
      expect(file.subarray(8, 12).toString('latin1'), copy).toBe('WEBP');
    }
    // A list page's heading and introduction are the app's own (same text, same classes).
    expect((await t.app.inject({ url: '/projects' })).body).toContain('<h1 class="text-3xl font-bold text-slate-900">R&amp;D Projects</h1><p class="mt-2 max-w-2xl text-slate-700">Research projects open to students');
    expect(experts.body).toContain('<p class="mt-2 mb-6 max-w-2xl text-slate-700">Verified industry professionals who mentor students.');
  });

  it('an unverified certificate id is a 404; the page is never indexed', async () => {
    const res = await t.app.inject({ url: '/certificates/MB-AAAA-BBBB-CCCC-DDDD' });
    expect(res.statusCode).toBe(404);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists exactly the public pages and workshops; a cancelled workshop leaves it, a published one joins', async () => {
    const published = await insertWorkshop(db(), { daysFromNow: 6, title: 'In the sitemap' });
    const draft = await insertWorkshop(db(), { daysFromNow: 6, status: 'draft', title: 'Not yet' });
    const read = async () => {
      const res = await t.app.inject({ url: '/sitemap.xml' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      return [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    };
    const public1 = await t.app.inject({ url: '/api/workshops?limit=100' });
    const visible = (JSON.parse(public1.body) as { data: { workshops: Array<{ id: string }> } }).data.workshops.map((w) => `${ORIGIN}/workshops/${w.id}`);
    const locs = await read();
    expect(locs.filter((l) => l?.includes('/workshops/')).sort()).toEqual(visible.sort());
    expect(locs).toEqual(expect.arrayContaining([`${ORIGIN}/`, `${ORIGIN}/workshops`, `${ORIGIN}/experts`, `${ORIGIN}/projects`]));
    expect(locs).toContain(`${ORIGIN}/workshops/${published.id}`);
    expect(locs).not.toContain(`${ORIGIN}/workshops/${draft.id}`);

    await db().update(workshops).set({ status: 'cancelled' }).where(eq(workshops.id, published.id));
    await db().update(workshops).set({ status: 'published' }).where(eq(workshops.id, draft.id));
    const after = await read();
    expect(after).not.toContain(`${ORIGIN}/workshops/${published.id}`);
    expect(after).toContain(`${ORIGIN}/workshops/${draft.id}`);
  });

  it('the accessibility statement is served with its own title, description and canonical address', async () => {
    const res = await t.app.inject({ url: '/accessibility' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Accessibility · MentorBridge</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${ORIGIN}/accessibility" />`);
    expect(meta(res.body, 'name', 'description')).toContain('Accessibility Conformance Report');
  });

  it('the about page and the content pages are served with their own head and content (decision 1230)', async () => {
    const about = await t.app.inject({ url: '/about' });
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('<title>About us · MentorBridge</title>');
    expect(about.body).toContain(`<link rel="canonical" href="${ORIGIN}/about" />`);
    expect(meta(about.body, 'name', 'description')).toContain('mission and values');
    const help = await t.app.inject({ url: '/help', headers: { 'accept-language': 'es' } });
    expect(help.statusCode).toBe(200);
    expect(help.body).toContain(`<link rel="canonical" href="${ORIGIN}/help" />`);
    expect(meta(help.body, 'property', 'og:title')).toBe('Centro de ayuda');
    expect(help.body).toContain('Centro de ayuda');
    // The privacy page shows the published notice: left to the app (its title is the notice's).
    const privacy = await t.app.inject({ url: '/privacy' });
    expect(privacy.body).not.toContain(`<link rel="canonical" href="${ORIGIN}/privacy" />`);
  });

  it('sign-in and sign-up are served with their own head, in the visitor\'s language, indexable (decision 1270)', async () => {
    const signIn = await t.app.inject({ url: '/signin' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.body).toContain('<title>Sign in · MentorBridge</title>');
    expect(signIn.body).toContain(`<link rel="canonical" href="${ORIGIN}/signin" />`);
    expect(meta(signIn.body, 'name', 'description')).toContain('single sign-on');
    expect(signIn.body).toContain('<h1>Welcome back</h1>');
    // Found by a search for the site's sign-in: no noindex.
    expect(signIn.body).not.toContain('name="robots"');
    // An invitation's token is in the address of the page, never in its canonical address or preview tags.
    const es = await t.app.inject({ url: '/signup?role=expert&invitation=tok3n', headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    expect(es.statusCode).toBe(200);
    expect(es.body).toContain('<title>Crea tu cuenta · MentorBridge</title>');
    expect(es.body).toContain(`<link rel="canonical" href="${ORIGIN}/signup" />`);
    expect(es.body).not.toContain('tok3n');
    expect(meta(es.body, 'property', 'og:description')).toContain('estudiante, profesional, universidad o empresa');
    const ar = await t.app.inject({ url: '/signin', headers: { 'accept-language': 'ar' } });
    expect(ar.body).toContain('<title>تسجيل الدخول · MentorBridge</title>');
    expect(meta(ar.body, 'name', 'description')).toContain('بمفتاح مرور');
    const hi = await t.app.inject({ url: '/signup', headers: { 'accept-language': 'hi-IN' } });
    expect(hi.body).toContain('<title>अपना खाता बनाएँ · MentorBridge</title>');
    expect(meta(hi.body, 'property', 'og:title')).toBe('अपना खाता बनाएँ');
  });

  it("a page's head (title, description, preview tags) is in the visitor's language", async () => {
    const ar = await t.app.inject({ url: '/workshops', headers: { 'accept-language': 'ar,en;q=0.5' } });
    expect(ar.body).toContain('<title>ورش العمل · MentorBridge</title>');
    expect(meta(ar.body, 'name', 'description')).toContain('لطلاب الجامعات');
    expect(meta(ar.body, 'property', 'og:title')).toBe('ورش العمل');
    const hi = await t.app.inject({ url: '/accessibility', headers: { 'accept-language': 'hi-IN' } });
    expect(hi.body).toContain('<title>सुलभता · MentorBridge</title>');
    expect(meta(hi.body, 'property', 'og:description')).toContain('VPAT 2.5');
    // No language the site serves: English, as before.
    const other = await t.app.inject({ url: '/', headers: { 'accept-language': 'fr-FR' } });
    expect(meta(other.body, 'name', 'description')).toMatch(/^MentorBridge connects university students/);
  });

  it('robots.txt keeps crawlers out of the API and signed-in areas and names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('a page the web app rendered on the server (decision 1070)', () => {
  const template = '<!doctype html>\n<html lang="en">\n  <head>\n    <title>x</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';
  const page = { status: 200, head: { title: 'Workshops', description: 'd', path: '/workshops' }, body: '<main id="main">plain</main>' };

  it('puts the React markup in #root, its hints in <head>, and the state as non-executable JSON with < escaped', () => {
    const state = { language: 'ar', queries: { queries: [{ state: { data: { title: '</script><script>alert(1)</script>' } } }] } };
    const html = fillTemplate(template, ORIGIN, page, { html: '<main id="main"><h1>ورش العمل</h1></main>', head: '<link rel="preload" as="image" href="/logo.svg"/>', state });
    expect(html).toContain('<div id="root"><main id="main"><h1>ورش العمل</h1></main></div>');
    expect(html).not.toContain('plain');
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html.indexOf('<link rel="preload" as="image" href="/logo.svg"/>')).toBeLessThan(html.indexOf('</head>'));
    const block = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(block).not.toContain('<');
    expect(JSON.parse(block)).toEqual(state);
    // Only the JSON-LD and the state: no script the browser would run.
    expect([...html.matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")/g)]).toHaveLength(0);
  });

  it("moves the app shell's modulepreload links into an inert template; the entry's own stay (decisions 1111, 1240, 1320)", () => {
    const withLinks = template.replace(
      '  </head>',
      '    <link rel="modulepreload" crossorigin href="/assets/boot-shared-a.js">\n    <link rel="modulepreload" crossorigin href="/assets/framework-b.js" data-app-shell>\n    <link rel="modulepreload" crossorigin href="/assets/boot-c.t.js" data-app-shell>\n  </head>',
    );
    const html = fillTemplate(withLinks, ORIGIN, page, { html: '<main id="main"></main>', head: '', state: { language: 'en', queries: { queries: [] } } });
    const head = html.slice(0, html.indexOf('</head>'));
    const inTemplate = /<template id="app-shell">(.*?)<\/template>/s.exec(head)?.[1] ?? '';
    expect([...inTemplate.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/assets/framework-b.js', '/assets/boot-c.t.js']);
    // Outside the template, only the entry's own import is a live preload.
    const live = head.replace(/<template id="app-shell">.*?<\/template>/s, '');
    expect([...live.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/assets/boot-shared-a.js']);
    // A page the server did not render keeps every link live, and no template.
    const plain = fillTemplate(withLinks, ORIGIN, page);
    expect(plain).not.toContain('app-shell"');
    expect([...plain.matchAll(/rel="modulepreload"/g)]).toHaveLength(3);
  });

  it('without a server rendering, #root holds the plain HTML and the page stays in English', () => {
    const html = fillTemplate(template, ORIGIN, page);
    expect(html).toContain('<div id="root"><div class="prerendered mx-auto max-w-7xl px-4 py-10 sm:px-6"><main id="main">plain</main></div></div>');
    expect(html).toContain('<html lang="en" dir="ltr"');
    expect(html).not.toContain('ssr-state');
  });
});
