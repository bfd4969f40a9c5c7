/**
 * The server's entry (decision 1070): renders a public page from the same components, routes, catalogues
 * and query functions as the browser, so the page arrives as HTML with its content and hydrates into the
 * app. Built by `vite build --ssr` into apps/web/dist-ssr; the API imports it (modules/public-pages).
 *
 * The data comes through `configure`'s transport (the API answering itself as a signed-out visitor).
 * A render is repeated while it starts reads: the first pass records the queries the page's components
 * ask for (React Query builds them during render), they are fetched with their own query functions and
 * schemas, and the next pass renders with the answers. The reads go to the browser as a dehydrated
 * query cache, so hydration starts from exactly the data the server rendered.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import { languages, loaders } from 'virtual:mentorbridge/catalogues';
import { recordFormats } from '@app/shared/i18n/format';
import { matchLanguage } from '@app/shared/i18n/negotiate';
import { AppTree, newQueryClient } from './app/app-tree.tsx';
import { matchPageRoute } from './app/pages.ts';
import { setServerTransport } from './lib/api.ts';
import { setServerLanguage } from './lib/language.ts';

export interface ServerRender {
  /** The markup of #root. */
  html: string;
  /** Resource hints React wrote ahead of the markup (the images it preloads): they belong in <head>. */
  head: string;
  /**
   * For the browser: the language rendered, the query cache and the dates and numbers the render formatted
   * (embedded as JSON; the browser hydrates with the same text instead of building Intl formatters, decision 1310).
   */
  state: { language: string; queries: DehydratedState; formats: Record<string, string> };
}

/** How many render passes a page may take to gather its reads (a list, then a dialog's read). */
const MAX_PASSES = 4;

/** Requests of the server's renders go to `transport` (the API itself). */
export function configure(transport: (url: string, init: { method: string; headers: Record<string, string> }) => Promise<Response>) {
  setServerTransport(transport);
}

function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof option === 'function' ? option(query) : option !== false;
}

async function toText(stream: AsyncIterable<unknown>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array, { stream: true });
  return html + decoder.decode();
}

// The language and locale are module state of lib/language.ts (the browser has one page): renders take
// turns so that two visitors' languages never mix.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Render `url` (a public page's path and query) for a visitor whose browser asks for `wanted` languages
 * (Accept-Language, best first). Undefined when the page cannot be rendered whole: a read failed, so the
 * caller sends its plain HTML and the browser renders the page itself.
 */
export function render(url: string, wanted: readonly string[]): Promise<ServerRender | undefined> {
  const run = queue.then(() => renderNow(url, wanted));
  queue = run.catch(() => undefined);
  return run;
}

async function renderNow(url: string, wanted: readonly string[]): Promise<ServerRender | undefined> {
  const pathname = new URL(url, 'http://server.invalid').pathname;
  const route = matchPageRoute(pathname);
  // Visitors-only pages (sign-in, sign-up) are rendered as a visitor sees them; the browser sends a signed-in
  // person to their dashboard instead of hydrating (main.tsx, decision 1270).
  if (!route || route.role || route.signedIn) return undefined;
  const language = matchLanguage(wanted, languages.map((l) => l.code)) ?? 'en';
  const load = loaders[language] ?? loaders.en;
  if (!load) return undefined;
  const [messages] = await Promise.all([load(), route.page.load()]);
  setServerLanguage(language, wanted);
  const queryClient = newQueryClient();
  // A read that fails is not retried here: the page is then left to the browser.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  // Renders take turns (the queue above), so the record holds this page's formatting only.
  const formatted = recordFormats();
  try {
    for (let pass = 1; pass <= MAX_PASSES; pass++) {
      let failed: unknown;
      const { prelude } = await prerenderToNodeStream(
        <AppTree language={language} messages={messages} queryClient={queryClient} router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>} />,
        // A finished boundary is written in place, never "outlined" (sent after the shell with an inline script
        // that moves it, which the CSP blocks): React outlines one once the page passes this many bytes
        // (12,800 by default), as the expert application form on /signup?role=expert does, and the public lists
        // have a boundary per card (decision 1291).
        { onError: (error) => void (failed ??= error), progressiveChunkSize: Number.POSITIVE_INFINITY },
      );
      const html = await toText(prelude);
      if (failed) throw failed;
      const queries = queryClient.getQueryCache().getAll();
      if (queries.some((q) => q.state.status === 'error')) return undefined;
      const wanting = queries.filter((q) => q.state.status === 'pending' && enabled(q));
      // A boundary that suspended (a lazily loaded part, e.g. a workshop's dialog) is written as a
      // placeholder completed by an inline script, which the CSP blocks: render again, now that it has loaded.
      const suspended = html.includes('<!--$?-->');
      if (wanting.length === 0 && !suspended) {
        const hints = /^(?:<link [^>]*>)*/.exec(html)?.[0] ?? '';
        return { html: html.slice(hints.length), head: hints, state: { language, queries: dehydrate(queryClient), formats: formatted() } };
      }
      if (pass === MAX_PASSES) return undefined;
      await Promise.all(wanting.map((q) => q.fetch().catch(() => undefined)));
      if (suspended) await new Promise((resolve) => setTimeout(resolve));
    }
    return undefined;
  } finally {
    formatted();
    queryClient.clear();
  }
}
