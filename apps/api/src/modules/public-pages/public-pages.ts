// Issue 27: the public pages arrive as HTML with their content and their description already in it, so a
// shared link shows a preview and a search engine (or a reader without JavaScript) gets the real page:
// title, description, canonical URL, Open Graph / Twitter tags, schema.org JSON-LD (Event, Person,
// EducationalOccupationalCredential), and the page's main content as plain semantic HTML inside #root,
// which the app replaces when it starts (decision 882). sitemap.xml and robots.txt are generated from what
// is public at the moment they are asked for, so a new or cancelled workshop is in or out at once.
// The data comes from the public API itself (app.inject), so these pages show exactly what the API shows
// to someone signed out, through the same validation, access rules and caches.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { professionalCardDto } from '@app/shared/professionals';
import type { publicProjectDto } from '@app/shared/rd-projects';
import type { certificateVerification, workshopDto } from '@app/shared/workshops';
import type { App } from '../../lib/http.ts';
import { languageFromHeader, translator } from '../../lib/i18n.ts';
import { parseAcceptLanguage } from '@app/shared/i18n/negotiate';
import { HERO_SHOT } from '@app/shared/site-constants';
import { inlineStyle, pageStyleOf, styleSource, type InlineStyle } from './inline-style.ts';

type Workshop = z.infer<typeof workshopDto>;
type Professional = z.infer<typeof professionalCardDto>;
type Project = z.infer<typeof publicProjectDto>;
type Certificate = z.infer<typeof certificateVerification>;

/**
 * The web app's fixed content pages the server renders (decision 1230). Not /privacy: it shows the published
 * privacy notice when there is one, whose title the head would not know.
 */
const CONTENT_SLUGS = ['features', 'partners', 'careers', 'blog', 'help', 'terms'] as const;
type ContentSlug = (typeof CONTENT_SLUGS)[number];

const SITE = 'MentorBridge';
/** Items a list page puts in its HTML (the app pages further). */
const LIST_SIZE = 24;
/** The most items the sitemap asks the API for, per kind (100 a page). */
const SITEMAP_PAGES = 50;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** JSON inside <script>: no "</script>" or "<!--" can end or comment it out. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function clip(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

export interface PageHead {
  title: string;
  description: string;
  /** Path on this site, e.g. /workshops/abc. */
  path: string;
  type?: 'website' | 'article' | 'profile';
  image?: string | null;
  jsonLd?: unknown[];
  noindex?: boolean;
  /** The page's largest image, fetched with the HTML instead of after the app has started (LCP): its widths and display size. */
  preloadImage?: { src: string; srcSet: string; sizes: string };
}

export interface Rendered {
  status: number;
  head: PageHead;
  /** Semantic HTML of the page's main content (escaped already). */
  body: string;
}

/**
 * A page rendered on the server from the web app's own React components (apps/web/src/entry-server.tsx,
 * decision 1070): the markup of #root, React's resource hints, and the state the browser hydrates from.
 */
export interface ServerRendered {
  html: string;
  head: string;
  state: { language: string; queries: unknown };
}

/** The web app's server entry, as built into apps/web/dist-ssr (its types, for the API). */
interface ServerEntry {
  configure(transport: (url: string, init: { method: string; headers: Record<string, string> }) => Promise<Response>): void;
  render(url: string, wanted: readonly string[]): Promise<ServerRendered | undefined>;
}

/**
 * Fill the built index.html with a page's head and content (the React markup when `app` is given); `style`,
 * the build's stylesheet written into the head instead of linked (decision 1330).
 */
export function fillTemplate(template: string, publicUrl: string, page: Rendered, app?: ServerRendered, style?: InlineStyle): string {
  const h = page.head;
  const url = `${publicUrl}${h.path}`;
  const image = h.image ? (h.image.startsWith('http') ? h.image : `${publicUrl}${h.image}`) : `${publicUrl}/icons/icon-512.png`;
  const title = h.title === SITE ? SITE : `${h.title} · ${SITE}`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:type" content="${h.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(h.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(h.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta name="twitter:card" content="${h.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(h.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(h.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    ...(h.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(h.jsonLd ?? []).map((item) => `<script type="application/ld+json">${jsonForScript(item)}</script>`),
    ...(app?.head ? [app.head] : []),
  ].join('\n    ');
  const root = app
    ? // The state is data, not a script (type="application/json": the CSP stays strict), `<` escaped.
      `<div id="root">${app.html}</div>\n    <script type="application/json" id="ssr-state">${jsonForScript(app.state)}</script>`
    : `<div id="root"><div class="prerendered mx-auto max-w-7xl px-4 py-10 sm:px-6">${page.body}</div></div>`;
  const language = app?.state.language ?? 'en';
  // A server-rendered page paints without the app: the app shell's modulepreload links (vite.config.ts
  // preloadAppShell) are taken out of the head, and main.tsx fetches the app after the page has loaded
  // (decision 1111). They travel in an inert <template> that main.tsx puts back then (decision 1320).
  // The entry's own static imports stay preloaded (decision 1240): fetched beside the entry, not after it ran.
  const shellLinks = /\s*(<link rel="modulepreload"[^>]*data-app-shell[^>]*>)/g;
  const links = app ? [...template.matchAll(shellLinks)].map((match) => match[1]) : [];
  const shell = app
    ? template
        .replace(shellLinks, '')
        .replace('</head>', links.length > 0 ? `  <template id="app-shell">${links.join('')}</template>\n  </head>` : '</head>')
    : template;
  // The page's largest image is asked for first, before the app's scripts and the stylesheet in the head
  // (decision 1330): on a slow connection it does not wait behind them. After the viewport's <meta>, not
  // before: the preload scanner chooses the srcset's copy for the width the page has when it reads the link,
  // and a phone's page is 980 px wide until that <meta> (it fetched the 960 px copy, then the <img> the 720).
  const preload = h.preloadImage
    ? `<link rel="preload" as="image" href="${escapeHtml(h.preloadImage.src)}" imagesrcset="${escapeHtml(h.preloadImage.srcSet)}" imagesizes="${escapeHtml(h.preloadImage.sizes)}" fetchpriority="high" />`
    : '';
  const filled = shell
    .replace(/<meta name="viewport"[^>]*>|<meta charset="UTF-8" \/>(?![\s\S]*<meta name="viewport")/i, (meta) => (preload ? `${meta}\n    ${preload}` : meta))
    .replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(language)}" dir="${translator(language).direction}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeHtml(h.description)}" />`)
    .replace('</head>', `    ${tags}\n  </head>`)
    .replace('<div id="root"></div>', root);
  // Last: nothing after it searches the page. The head then holds the part of the stylesheet the page's own
  // markup uses (decision 1390), worked out from the page as it is now.
  return style ? filled.replace(style.link, () => style.forPage(filled)) : filled;
}

/** A page whose head and plain HTML are its title, description and heading (the app renders the rest). */
function fixedPage(path: string, title: string, description: string, heading: string): Rendered {
  return {
    status: 200,
    head: { title, description, path },
    body: `<main id="main"><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(description)}</p></main>`,
  };
}

function formatWhen(w: Workshop): string {
  const s = w.schedule;
  return `${s.date} · ${s.startTime}–${s.endTime} (${s.timezone})`;
}

function place(w: Workshop): string {
  if (w.deliveryMode === 'online') return 'Online';
  const l = w.location;
  const where = [l?.venue, l?.address, l?.city, l?.state].filter(Boolean).join(', ');
  return w.deliveryMode === 'hybrid' ? `Hybrid${where ? ` · ${where}` : ''}` : where || 'In person';
}

function instructorOf(w: Workshop): string | null {
  if (w.instructor?.name) return w.instructor.name;
  return w.manualInstructor?.name ?? null;
}

/** schema.org Event for a workshop (Google's event rich result fields). */
export function workshopEvent(w: Workshop, publicUrl: string): Record<string, unknown> {
  const mode =
    w.deliveryMode === 'online'
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : w.deliveryMode === 'hybrid'
        ? 'https://schema.org/MixedEventAttendanceMode'
        : 'https://schema.org/OfflineEventAttendanceMode';
  const url = `${publicUrl}/workshops/${w.id}`;
  const l = w.location;
  const physical = {
    '@type': 'Place',
    name: l?.venue || l?.city || 'Venue',
    address: { '@type': 'PostalAddress', streetAddress: l?.address ?? undefined, addressLocality: l?.city ?? undefined, addressRegion: l?.state ?? undefined },
  };
  const virtual = { '@type': 'VirtualLocation', url };
  const instructor = instructorOf(w);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: w.title,
    description: clip(w.description, 500),
    startDate: w.schedule.startsAt,
    endDate: w.schedule.endsAt,
    eventStatus: w.status === 'cancelled' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: mode,
    location: w.deliveryMode === 'online' ? virtual : w.deliveryMode === 'hybrid' ? [physical, virtual] : physical,
    url,
    image: w.banner.imageUrl ? [w.banner.imageUrl.startsWith('http') ? w.banner.imageUrl : `${publicUrl}${w.banner.imageUrl}`] : undefined,
    organizer: { '@type': 'Organization', name: SITE, url: publicUrl },
    ...(instructor ? { performer: { '@type': 'Person', name: instructor } } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: 0,
      priceCurrency: 'INR',
      availability: w.isFull ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      validFrom: w.createdAt ?? undefined,
    },
    maximumAttendeeCapacity: w.capacity.maxParticipants,
    remainingAttendeeCapacity: w.spotsRemaining,
  };
}

function workshopItem(w: Workshop): string {
  const instructor = instructorOf(w);
  return `<li><article><h2><a href="/workshops/${escapeHtml(w.id)}">${escapeHtml(w.title)}</a></h2><p>${escapeHtml(formatWhen(w))} · ${escapeHtml(place(w))}</p>${
    instructor ? `<p>Instructor: ${escapeHtml(instructor)}</p>` : ''
  }<p>${escapeHtml(clip(w.description))}</p></article></li>`;
}

export function personLd(p: Professional, publicUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: p.name,
    jobTitle: p.title || undefined,
    worksFor: p.company ? { '@type': 'Organization', name: p.company } : undefined,
    knowsAbout: [p.expertise, ...p.specializations].filter(Boolean),
    url: `${publicUrl}/experts`,
  };
}

type Fetch = <T>(url: string) => Promise<{ status: number; data?: T }>;

/**
 * A list page's heading and introduction as the app renders them (same text from the English catalogue,
 * same classes): the largest text of the page paints with the HTML, and the app's identical copy that
 * replaces it is no larger, so Largest Contentful Paint does not wait for the app (issue 27's budget).
 */
function listIntro(page: 'workshops' | 'experts' | 'projects', marginBelow = false): string {
  const t = translator('en');
  return `<h1 class="text-3xl font-bold text-slate-900">${escapeHtml(t.t(`public.${page}.title`))}</h1><p class="mt-2 ${marginBelow ? 'mb-6 ' : ''}max-w-2xl text-slate-700">${escapeHtml(t.t(`public.${page}.intro`))}</p>`;
}


export function publicRenderers(fetchApi: Fetch, publicUrl: string) {
  const workshops = (query: string) => fetchApi<{ workshops: Workshop[]; pagination: { pages: number } }>(`/api/workshops?${query}`);
  return {
    // Each page's head (title, description, link-preview tags) is in the visitor's language, the one the
    // server renders the page in: a shared link and a search result read as the page does.
    async landing(language = 'en'): Promise<Rendered> {
      const list = await workshops(`limit=6&page=1`);
      const items = list.data?.workshops ?? [];
      const description = translator(language).t('public.head.site.description');
      return {
        status: 200,
        head: {
          title: SITE,
          description,
          path: '/',
          jsonLd: [{ '@context': 'https://schema.org', '@type': 'Organization', name: SITE, url: publicUrl, logo: `${publicUrl}/icons/icon-512.png` }],
          preloadImage: HERO_SHOT,
        },
        body: `<main id="main"><h1>MentorBridge — mentoring for universities</h1><p>${escapeHtml(description)}</p><img src="${HERO_SHOT.src}" srcset="${HERO_SHOT.srcSet}" sizes="${HERO_SHOT.sizes}" alt="${escapeHtml(translator('en').t('landing.shotAlt'))}" width="960" height="600" class="aspect-[8/5] w-full object-cover object-top" /><nav aria-label="Explore"><ul><li><a href="/workshops">Workshops</a></li><li><a href="/experts">Professionals</a></li><li><a href="/projects">R&amp;D projects</a></li><li><a href="/signup">Create an account</a></li></ul></nav>${
          items.length ? `<section><h2>Workshops</h2><ul>${items.map(workshopItem).join('')}</ul></section>` : ''
        }</main>`,
      };
    },

    async workshopList(language = 'en'): Promise<Rendered> {
      const t = translator(language).t;
      const list = await workshops(`limit=${LIST_SIZE}&page=1`);
      const items = list.data?.workshops ?? [];
      return {
        status: 200,
        head: {
          title: t('public.head.workshops.title'),
          description: t('public.head.workshops.description'),
          path: '/workshops',
          jsonLd: [{ '@context': 'https://schema.org', '@type': 'ItemList', itemListElement: items.map((w, i) => ({ '@type': 'ListItem', position: i + 1, url: `${publicUrl}/workshops/${w.id}`, name: w.title })) }],
        },
        body: `<main id="main">${listIntro('workshops')}<ul>${items.map(workshopItem).join('')}</ul></main>`,
      };
    },

    async workshop(id: string): Promise<Rendered | null> {
      const res = await fetchApi<{ workshop: Workshop }>(`/api/workshops/${encodeURIComponent(id)}`);
      const w = res.data?.workshop;
      if (!w) return null;
      const instructor = instructorOf(w);
      const seats = w.isFull ? 'Full' : `${w.spotsRemaining} of ${w.capacity.maxParticipants} seats left`;
      return {
        status: 200,
        head: {
          title: w.title,
          description: clip(`${formatWhen(w)} · ${place(w)}. ${w.description}`),
          path: `/workshops/${w.id}`,
          type: 'article',
          image: w.banner.imageUrl,
          jsonLd: [workshopEvent(w, publicUrl)],
        },
        body: `<main id="main"><article><h1>${escapeHtml(w.title)}</h1><p><time datetime="${escapeHtml(w.schedule.startsAt)}">${escapeHtml(formatWhen(w))}</time></p><p>${escapeHtml(place(w))} · ${escapeHtml(w.category)} · ${escapeHtml(w.difficulty)}</p>${
          instructor ? `<p>Instructor: ${escapeHtml(instructor)}</p>` : ''
        }<p>${escapeHtml(seats)}</p><p>${escapeHtml(w.description)}</p><p><a href="/signin">Sign in to register</a></p></article></main>`,
      };
    },

    async experts(language = 'en'): Promise<Rendered> {
      const t = translator(language).t;
      const res = await fetchApi<{ professionals: Professional[] }>(`/api/professionals?limit=${LIST_SIZE}&page=1`);
      const items = res.data?.professionals ?? [];
      return {
        status: 200,
        head: {
          title: t('public.head.experts.title'),
          description: t('public.head.experts.description'),
          path: '/experts',
          jsonLd: items.map((p) => personLd(p, publicUrl)),
        },
        body: `<main id="main">${listIntro('experts', true)}<ul>${items
          .map((p) => `<li><article><h2>${escapeHtml(p.name)}</h2><p>${escapeHtml([p.title, p.company].filter(Boolean).join(', '))}</p><p>${escapeHtml(p.expertise)}</p></article></li>`)
          .join('')}</ul></main>`,
      };
    },

    async projects(language = 'en'): Promise<Rendered> {
      const t = translator(language).t;
      const res = await fetchApi<{ projects: Project[] }>(`/api/rd-projects/public?limit=${LIST_SIZE}&page=1`);
      const items = res.data?.projects ?? [];
      return {
        status: 200,
        head: {
          title: t('public.head.projects.title'),
          description: t('public.head.projects.description'),
          path: '/projects',
          jsonLd: [{ '@context': 'https://schema.org', '@type': 'ItemList', itemListElement: items.map((p, i) => ({ '@type': 'ListItem', position: i + 1, name: p.title })) }],
        },
        body: `<main id="main">${listIntro('projects')}<ul>${items
          .map((p) => `<li><article><h2>${escapeHtml(p.title)}</h2><p>${escapeHtml(p.field)} · apply by ${escapeHtml(p.applicationDeadline.slice(0, 10))}</p><p>${escapeHtml(clip(p.summary))}</p></article></li>`)
          .join('')}</ul></main>`,
      };
    },

    async certificate(id: string, language = 'en'): Promise<Rendered | null> {
      const t = translator(language).t;
      const res = await fetchApi<{ certificate: Certificate }>(`/api/certificates/${encodeURIComponent(id)}`);
      const c = res.data?.certificate;
      if (!c) return null;
      const description = t('public.head.certificate.description', {
        student: c.studentName,
        title: c.workshopTitle,
        date: c.workshopDate,
        id: c.verificationId,
        issuer: c.issuer,
      });
      return {
        status: 200,
        head: {
          title: t('public.head.certificate.title', { title: c.workshopTitle }),
          description,
          path: `/certificates/${c.verificationId}`,
          // A person's certificate is shared by link (LinkedIn shows the preview), not listed by search engines.
          noindex: true,
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'EducationalOccupationalCredential',
              name: `Certificate of completion: ${c.workshopTitle}`,
              credentialCategory: 'certificate',
              identifier: c.verificationId,
              url: `${publicUrl}/certificates/${c.verificationId}`,
              dateCreated: c.issuedAt ?? c.workshopDate,
              recognizedBy: { '@type': 'Organization', name: c.issuer, url: publicUrl },
              about: { '@type': 'Course', name: c.workshopTitle },
            },
          ],
        },
        body: `<main id="main"><h1>Certificate verified</h1><p>${escapeHtml(description)}</p></main>`,
      };
    },

    /** The accessibility statement and conformance report (the web app renders docs/accessibility.md itself). */
    accessibility(language = 'en'): Rendered {
      const t = translator(language).t;
      return fixedPage('/accessibility', t('public.head.accessibility.title'), t('public.head.accessibility.description'), 'Accessibility statement');
    },

    /** The about page (its story, team and contact come from the site content, which the app renders). */
    about(language = 'en'): Rendered {
      const t = translator(language).t;
      return fixedPage('/about', t('public.about.documentTitle'), t('public.head.about.description'), t('public.about.title'));
    },

    /** A fixed content page (help, features…; decision 1230): its heading and introduction from the catalogues. */
    content(slug: ContentSlug, language = 'en'): Rendered {
      const t = translator(language).t;
      const title = t(`content.${slug}.title`);
      return fixedPage(`/${slug}`, title, t(`content.${slug}.intro`), title);
    },

    /**
     * The sign-in and registration forms (decision 1270): a signed-in visitor is sent on by the browser, which
     * knows the session. Indexable (a search for the site's sign-in or sign-up should find them); the canonical
     * address has no query, so an invitation's `?invitation=` token is never the address a crawler keeps.
     */
    signIn(language = 'en'): Rendered {
      const t = translator(language).t;
      return fixedPage('/signin', t('auth.signIn.documentTitle'), t('public.head.signin.description'), t('auth.signIn.title'));
    },

    signUp(language = 'en'): Rendered {
      const t = translator(language).t;
      const title = t('auth.signUp.documentTitle');
      return fixedPage('/signup', title, t('public.head.signup.description'), title);
    },

    /** Every public URL: the pages, and each workshop the public list shows (published or completed). */
    async sitemap(): Promise<string> {
      const urls: Array<{ loc: string; lastmod?: string }> = ['/', '/workshops', '/experts', '/projects', '/about', '/contact', '/accessibility'].map((p) => ({ loc: `${publicUrl}${p}` }));
      for (let page = 1; page <= SITEMAP_PAGES; page++) {
        const res = await workshops(`limit=100&page=${page}`);
        for (const w of res.data?.workshops ?? []) urls.push({ loc: `${publicUrl}/workshops/${w.id}`, lastmod: w.updatedAt ?? undefined });
        if (!res.data || page >= res.data.pagination.pages) break;
      }
      const body = urls
        .map((u) => `  <url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeHtml(u.lastmod)}</lastmod>` : ''}</url>`)
        .join('\n');
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
    },
  };
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /student',
    'Disallow: /professional',
    'Disallow: /university',
    'Disallow: /company',
    'Disallow: /certificates/',
    'Disallow: /sso/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * The web app's server entry (apps/web/dist-ssr/entry-server.js beside the built app), its reads answered
 * by the API itself as a signed-out visitor. Undefined when it was not built: the pages then carry the
 * plain HTML above and the browser renders them.
 */
async function serverEntry(app: App, root: string): Promise<ServerEntry | undefined> {
  const file = path.join(root, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) {
    app.log.warn({ file }, 'no server-rendering bundle: public pages are sent as plain HTML');
    return undefined;
  }
  let entry: ServerEntry;
  try {
    entry = (await import(pathToFileURL(file).href)) as ServerEntry;
  } catch (error) {
    // E.g. a private web build outside the repository, where React cannot be resolved from the bundle.
    app.log.error({ err: error, file }, 'the server-rendering bundle did not load: public pages are sent as plain HTML');
    return undefined;
  }
  entry.configure(async (url, init) => {
    const res = await app.inject({ method: init.method as 'GET', url, headers: init.headers });
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
  });
  return entry;
}

/** How long a rendered public page is served again at most, when nothing it could show has changed (decision 1360). */
export const PAGE_TTL_MS = 60_000;

/** A page rendered without the app (the server rendering failed): sent, not kept. */
class PartialPage extends Error {
  constructor(readonly page: { status: number; html: string; whole: boolean }) {
    super('partial page');
  }
}

/** Routes for the public pages; `root` is the built web app (its index.html is the template). */
export async function publicPagesRoutes(app: App, root: string) {
  const template = readFileSync(path.join(root, 'index.html'), 'utf8');
  const style = inlineStyle(root);
  const publicUrl = app.ctx.config.publicUrl;
  const fetchApi: Fetch = async <T>(url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    if (res.statusCode !== 200) return { status: res.statusCode };
    const parsed = JSON.parse(res.body) as { data?: T };
    return { status: 200, data: parsed.data };
  };
  const render = publicRenderers(fetchApi, publicUrl);
  const entry = await serverEntry(app, root);
  const page = { config: { access: 'public' as const }, schema: { hide: true } };
  /** Compressed as the static files are (brotli, else gzip): the HTML is the first thing a phone waits for. */
  const send = async (request: FastifyRequest, reply: FastifyReply, make: (language: string) => Rendered | null | Promise<Rendered | null>) => {
    const header = request.headers['accept-language'];
    const wanted = parseAcceptLanguage(header);
    // The language the app renders in for this visitor (Accept-Language; English when none is served).
    const produce = async (): Promise<{ status: number; html: string; whole: boolean }> => {
      const rendered = await make(languageFromHeader(header) ?? 'en');
      if (!rendered) return { status: 404, html: template, whole: true };
      let rendition: ServerRendered | undefined;
      if (entry) {
        try {
          rendition = await entry.render(request.url, wanted);
        } catch (error) {
          // The plain HTML still has the content; the browser renders the page itself.
          request.log.error({ err: error, url: request.url }, 'server rendering failed');
        }
      }
      return { status: rendered.status, html: fillTemplate(template, publicUrl, rendered, rendition, style), whole: Boolean(rendition) || !entry };
    };
    // A visitor's page is the same for every visitor with these languages (decision 1360): kept until any
    // watched table changes (the catalogue cache's invalidation, heard by every process) or a minute has
    // passed (what the clock alone changes: a workshop going live). Not in verify mode (the API suite's),
    // whose every hit is compared with a fresh render. A page rendered without the app (a failure) is not kept.
    const cache = app.ctx.cache;
    const page =
      cache.mode === 'on'
        ? await cache.getAny('public-page', { url: request.url, wanted }, async () => {
            const made = await produce();
            if (!made.whole) throw new PartialPage(made);
            return made;
          }, { ttlMs: PAGE_TTL_MS }).catch((error: unknown) => {
            if (error instanceof PartialPage) return error.page;
            throw error;
          })
        : await produce();
    const { html } = page;
    // The page's <style> is its own part of the stylesheet (decision 1390): the CSP allows exactly that text.
    const css = pageStyleOf(html);
    const policy = reply.raw.getHeader('content-security-policy');
    if (css !== undefined && typeof policy === 'string') reply.raw.setHeader('content-security-policy', policy.replace(/style-src [^;]*/, `style-src 'self' ${styleSource(css)}`));
    void reply
      .status(page.status)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, accept-language')
      .type('text/html; charset=utf-8');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) {
      return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
    }
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
    return reply.send(html);
  };

  app.get('/', page, async (request, reply) => send(request, reply, (l) => render.landing(l)));
  app.get('/workshops', page, async (request, reply) => send(request, reply, (l) => render.workshopList(l)));
  app.get<{ Params: { id: string } }>('/workshops/:id', page, async (request, reply) => send(request, reply, () => render.workshop(request.params.id)));
  app.get('/experts', page, async (request, reply) => send(request, reply, (l) => render.experts(l)));
  app.get('/projects', page, async (request, reply) => send(request, reply, (l) => render.projects(l)));
  app.get<{ Params: { id: string } }>('/certificates/:id', page, async (request, reply) => send(request, reply, (l) => render.certificate(request.params.id, l)));
  app.get('/accessibility', page, async (request, reply) => send(request, reply, (l) => render.accessibility(l)));
  app.get('/about', page, async (request, reply) => send(request, reply, (l) => render.about(l)));
  app.get('/signin', page, async (request, reply) => send(request, reply, (l) => render.signIn(l)));
  app.get('/signup', page, async (request, reply) => send(request, reply, (l) => render.signUp(l)));
  for (const slug of CONTENT_SLUGS) app.get(`/${slug}`, page, async (request, reply) => send(request, reply, (l) => render.content(slug, l)));
  app.get('/sitemap.xml', page, async (_request, reply) => reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(await render.sitemap()));
  app.get('/robots.txt', page, async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)));
}
