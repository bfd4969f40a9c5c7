import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pageStyles, type PageStyles } from './page-style.ts';

/** The built app's stylesheet, to be written into a server-rendered page's head (decisions 1330, 1390). */
export interface InlineStyle {
  /** The `<link rel="stylesheet">` of the built index.html that the `<style>` replaces. */
  link: string;
  /** The stylesheet's address (`/assets/index-….css`): the app loads it whole before it starts. */
  href: string;
  /** `<style>…</style>`, the file's text unchanged (the hash is of exactly that text). */
  tag: string;
  /** The CSP source that allows the whole stylesheet as one `<style>` element: `'sha256-…'`. */
  source: string;
  /**
   * The `<style>` for a page whose markup is `html`: the part of the stylesheet it uses (decision 1390), the
   * whole when that part could not be worked out. Marked `data-stylesheet` with the file's address.
   */
  forPage(html: string): string;
}

/** Over this the stylesheet stays a file: every public page would carry it again (gzip ~12 kB at 65 kB today). */
const MAX_INLINE_BYTES = 160_000;
const known = new Map<string, InlineStyle | undefined>();

/** The CSP source of a `<style>` element's text. */
export function styleSource(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

/** The text of the page's one `<style data-stylesheet>` (the part of the stylesheet it carries), if any. */
export function pageStyleOf(html: string): string | undefined {
  return /<style data-stylesheet="[^"]*">([\s\S]*?)<\/style>/.exec(html)?.[1];
}

/**
 * The built web app's one stylesheet as an inline `<style>` for the pages the server renders, with the CSP
 * hash that allows it: a phone paints the page from the HTML alone, one request and round trip sooner than
 * with the stylesheet as a file (Lighthouse's simulated LCP, issue 27). Read once per web build. None (the
 * link stays) when the build has no stylesheet or several, when it is over the size above, or when its text
 * could end the element early.
 */
export function inlineStyle(root: string): InlineStyle | undefined {
  if (known.has(root)) return known.get(root);
  let found: InlineStyle | undefined;
  try {
    const html = readFileSync(path.join(root, 'index.html'), 'utf8');
    const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/g)];
    if (links.length === 1) {
      const [link, href] = links[0] as unknown as [string, string];
      const css = readFileSync(path.join(root, href), 'utf8');
      if (Buffer.byteLength(css) <= MAX_INLINE_BYTES && !/<\/style/i.test(css)) {
        let styles: PageStyles | undefined;
        try {
          styles = pageStyles(css);
        } catch {
          styles = undefined;
        }
        const element = (text: string) => `<style data-stylesheet="${href}">${text}</style>`;
        found = {
          link,
          href,
          tag: `<style>${css}</style>`,
          source: styleSource(css),
          forPage(page) {
            try {
              return element(styles ? styles.forPage(page) : css);
            } catch {
              return element(css);
            }
          },
        };
      }
    }
  } catch {
    found = undefined;
  }
  known.set(root, found);
  return found;
}
