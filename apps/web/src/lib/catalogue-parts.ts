import type { Messages } from '@lingui/core';
import { loaders } from 'virtual:mentorbridge/catalogues';
import { initialLanguage } from './language.ts';

/**
 * The page's messages, loaded in parts (docs/decisions/1100-catalogue-parts.md).
 *
 * The web build (`catalogueParts()` in vite.config.ts) gives every JavaScript chunk whose code names
 * catalogue keys its own small part of compiled messages per language (`assets/i18n/<part>.<language>.js`),
 * and makes the chunk wait for that part before it runs (`await waitForPart('<part>')`, added by the
 * build): no code can ask for a message before the message is here, and a page downloads only the
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
/** Every part asked for so far (whatever the language). */
const requested = new Set<string>();
/** `language/part` → its messages merged into that language's state. */
const loading = new Map<string, Promise<void>>();

function current(): State {
  return (state ??= { language: initialLanguage(), messages: {} });
}

/** The folder of this module's chunk (the build's assets), where the parts are. */
function partUrl(language: string, part: string): string {
  return `${import.meta.url.replace(/[^/]*$/, '')}i18n/${part}.${language}.js`;
}

function load(target: State, part: string): Promise<void> {
  const key = `${target.language}/${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = (import(/* @vite-ignore */ partUrl(target.language, part)) as Promise<{ default: Messages }>).then(
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
 * Called by the build at the top level of every module that names catalogue keys: the module (and its
 * chunk, and whatever imports it) runs once the part of its chunk, in the page's language, is merged.
 */
export function waitForPart(part: string | null): Promise<void> | undefined {
  if (!SPLIT || !part) return undefined;
  requested.add(part);
  return load(current(), part);
}

/** Also start downloading these parts now (what the page will need), in the page's language. */
export function preloadParts(parts: readonly string[]) {
  if (!SPLIT) return;
  for (const part of parts) void waitForPart(part)?.catch(() => undefined);
}

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
    const missing = [...requested].filter((part) => !done.has(part));
    if (missing.length === 0) break;
    await Promise.all(missing.map((part) => load(next, part)));
    for (const part of missing) done.add(part);
  }
  state = next;
  return next.messages;
}

function wholeCatalogue(language: string): Promise<Messages> {
  const loader = loaders[language] ?? loaders.en;
  if (!loader) throw new Error('no English catalogue');
  return loader();
}
