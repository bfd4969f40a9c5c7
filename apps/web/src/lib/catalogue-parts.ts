import type { Messages } from '@lingui/core';
import { loaders } from 'virtual:mentorbridge/catalogues';
import { initialLanguage } from './language.ts';

/**
 * The page's messages, loaded in parts (docs/decisions/1100-catalogue-parts.md).
 *
 * The web build (`catalogueParts()` in vite.config.ts) gives every JavaScript chunk whose code names
 * catalogue keys its own small part of compiled messages per language (`assets/i18n/<chunk>.<language>.js`),
 * and makes the chunk wait for that part before it runs (`await waitForPart(import.meta.url, …)`, added
 * by the build): no code can ask for a message before the message is here, and a page downloads only the
 * messages of the code it runs. The messages of the page's language are one object that grows as parts
 * arrive (the translator reads it live); switching language loads every part asked for so far in the
 * new language first, then the app re-renders with the new object.
 *
 * The dev server and the server's render (entry-server.tsx) load whole catalogues instead.
 *
 * This module must stay free of catalogue keys, and so must what it imports: the build refuses to make
 * it wait for itself.
 */
const SPLIT = !import.meta.env.DEV && !import.meta.env.SSR;

interface State {
  language: string;
  messages: Messages;
}

let state: State | undefined;
/** The chunks whose parts were asked for so far (whatever the language). */
const requested = new Set<string>();
/** `language chunk` → its part's messages merged into that language's state. */
const loading = new Map<string, Promise<void>>();

function current(): State {
  return (state ??= { language: initialLanguage(), messages: {} });
}

/** A chunk's part sits beside it: `assets/x-H.t.js` → `assets/i18n/x-H.t.<language>.js`. */
export function partUrl(language: string, chunk: string): string {
  return chunk.replace(/([^/]*)\.js$/, `i18n/$1.${language}.js`);
}

function load(target: State, chunk: string): Promise<void> {
  const key = `${target.language} ${chunk}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = (import(/* @vite-ignore */ partUrl(target.language, chunk)) as Promise<{ default: Messages }>).then(
      (module) => {
        Object.assign(target.messages, module.default);
      },
      (error: unknown) => {
        // A failed download may be retried by the next import of the chunk.
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/**
 * Called by the build at the top level of every module that names catalogue keys, with its chunk's
 * address (`import.meta.url`) and its messages' hash (which only makes the chunk's file name follow
 * them): the module (and its chunk, and whatever imports it) runs once the chunk's part, in the page's
 * language, is merged.
 */
export function waitForPart(chunk: string, _messages?: string): Promise<void> | undefined {
  if (!SPLIT) return undefined;
  requested.add(chunk);
  return load(current(), chunk);
}

/**
 * Parts start downloading with their chunks, not after them: the chunks a page is about to run are
 * announced as `<link rel="modulepreload">` (index.html for the app shell, Vite's preload helper for every
 * lazily loaded chunk and its imports), and a chunk with messages is named `….t.js` by the build.
 */
function preloadAnnounced() {
  const seen = new Set<string>();
  const check = (node: Node) => {
    if (!(node instanceof HTMLLinkElement) || node.rel !== 'modulepreload' || !node.href.endsWith('.t.js') || seen.has(node.href)) return;
    seen.add(node.href);
    void waitForPart(node.href)?.catch(() => undefined);
  };
  document.querySelectorAll('link[rel="modulepreload"]').forEach(check);
  new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(check);
  }).observe(document.head, { childList: true });
}
if (SPLIT && typeof document !== 'undefined') preloadAnnounced();

/**
 * The messages of `language` for the first render (main.tsx). Built: the object the parts are merged
 * into (each chunk waits for its own before it runs). Dev: the whole catalogue.
 */
export async function startMessages(language: string): Promise<Messages> {
  if (!SPLIT) return wholeCatalogue(language);
  if (state && state.language !== language) return switchMessages(language);
  return current().messages;
}

/** The messages of `language` with every part asked for so far (the language menu). */
export async function switchMessages(language: string): Promise<Messages> {
  if (!SPLIT) return wholeCatalogue(language);
  if (state?.language === language) return state.messages;
  const next: State = { language, messages: {} };
  // Parts asked for while these load (a page opening meanwhile) are loaded too, until none is missing.
  const done = new Set<string>();
  for (;;) {
    const missing = [...requested].filter((chunk) => !done.has(chunk));
    if (missing.length === 0) break;
    await Promise.all(missing.map((chunk) => load(next, chunk)));
    for (const chunk of missing) done.add(chunk);
  }
  state = next;
  return next.messages;
}

function wholeCatalogue(language: string): Promise<Messages> {
  const loader = loaders[language] ?? loaders.en;
  if (!loader) throw new Error('no English catalogue');
  return loader();
}
