import type { DehydratedState } from '@tanstack/react-query';
import { dashboardOf, matchPageRoute } from './app/pages.ts';
import { fetchEarly } from './lib/early.ts';
import { partUrl, startMessages } from './lib/catalogue-parts.ts';
import { applyLanguage, initialLanguage } from './lib/language.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './index.css';

// The entry is deliberately tiny (docs/decisions/310-first-load.md): it reads the URL, starts the
// page's code, the framework and the page's first API reads in parallel, and renders once the code
// is in. Nothing here may import React, the router, React Query or zod.

// zod 4 probes `new Function('')` when it builds an object schema unless `jitless` is set; the CSP
// (script-src 'self', no 'unsafe-eval') reports that probe as a violation on every page. zod reads
// its global configuration from `globalThis.__zod_globalConfig` when it loads, so setting it here,
// before any chunk that builds a schema can run, needs no part of zod in the entry. The browser
// journeys fail on any CSP violation (e2e/fixtures.ts), which would catch a zod that stops reading it.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

const container = document.getElementById('root');
const token = localStorage.getItem('token');
const role = localStorage.getItem('userRole');
// A visitors-only page (sign-in, sign-up) opened with a stored session is its dashboard (app/guards.tsx
// GuestOnly). The server rendered it as a visitor sees it, not knowing the session (decision 1270): that
// markup is not hydrated (it would hydrate as the form, then switch). The address becomes the dashboard's
// at once, so its code and first reads start now, as on a direct load of the dashboard, and the form is
// taken off the page (a field typed into before the app runs would be lost).
const away = matchPageRoute(window.location.pathname)?.guestOnly && token ? dashboardOf(role) : undefined;
if (away) {
  window.history.replaceState(window.history.state, '', away);
  container?.replaceChildren();
}
// A public page the server rendered from these components (decision 1070) carries its reads and the
// language it was rendered in as JSON (not a script: the CSP stays strict). It hydrates when this device
// shows the same language; otherwise the app renders in its own language and replaces the markup.
const serverState = away ? undefined : readServerState();
const route = matchPageRoute(window.location.pathname);
// A guarded page the stored session cannot see redirects instead: do not fetch it.
const shown = route && (route.role ? Boolean(token) && route.role === role : !(route.guestOnly && token && role));
const page = shown ? route : undefined;
// The page's language (docs/decisions/741-who-sees-which-language.md): <html lang dir> at once. Its
// messages come in parts, each with the chunk of code that uses it (decision 1100): the shell's and the
// page's chunks run once theirs are in.
const language = initialLanguage();
applyLanguage(language);
const server = serverState?.language === language && page ? serverState : undefined;
// The server's reads are in its state already.
if (!server) for (const read of page?.reads ?? []) fetchEarly(read, page?.role && token ? `Bearer ${token}` : undefined);
// A page the server rendered is readable without the app (decision 1111): its code, the framework and
// the catalogue (160–190 kB gzip) are fetched once the page has loaded and painted, so on a slow phone they
// do not share the connection with the stylesheet and the page's image, and the largest paint does not
// wait for them. (The server leaves the app shell's modulepreload links out of these pages.) Any other
// page has nothing to show before its code runs: it starts at once.
// A tap or an edit before then is not lost (decision 1220): it starts the app at once, and is replayed
// once React has attached to its element.
const early = serverState ? catchEarlyInput() : undefined;
// A visitor (no stored session) on a page the server rendered in this device's language has all of it to
// read and every link works: the app runs when they first reach for it (a pointer moved or pressed, a key,
// a focus, a wheel or a scroll), not while the page loads (decision 1320). Its code is fetched, not run,
// once the page has loaded and painted, so the first tap waits for running it alone. A signed-in person's
// visit (their header, their state) starts after load as before. (A workshop's own address is no exception:
// the server renders its dialog open, decision 1380.) A part that moves by itself
// (`data-starts-app`: the landing page's rotating feature) starts the app when it comes on screen (decision
// 1340): until then its motion could not be seen.
const onIntent = Boolean(early && server && !token);
if (onIntent && early) {
  void afterLoadAndPaint().then(prefetchApp);
  startWhenSeen(early.start);
}
const ready = early ? (onIntent ? early.interacted : Promise.race([afterLoadAndPaint(), early.interacted])) : Promise.resolve();

if (container) {
  void ready
    .then(() => Promise.all([import('./app/boot.tsx'), startMessages(language), page?.page.load().catch(() => undefined), wholeStylesheet()]))
    .then(([{ start }, messages]) => start(container, { language, messages }, page, server))
    .then(() => early?.replay());
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A checkbox or a radio button: its state is `checked`, and React hears of a change through `click`. */
const isCheckable = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/**
 * Until the app has hydrated a server-rendered page, its buttons and fields have no handlers: a tap would do
 * nothing (and a submit button would post the form to the server), a filter chosen or a search typed would
 * show in the field but not in the list, a box ticked would be ticked on screen but not in the form. Catches
 * the last tap or submit and every edited field, and on `replay()` gives each to React again once React's
 * props are on it: the field's value or checked state (as the person left it) is set and announced with the
 * event React listens to, then the button is clicked (or the form submitted). Links are left alone: they
 * work without the app.
 */
function catchEarlyInput() {
  let pending: HTMLElement | undefined;
  const edited = new Map<Field, string | boolean>();
  let signal: () => void = () => undefined;
  const interacted = new Promise<void>((resolve) => (signal = resolve));
  const isHydrated = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactProps'));
  // Replaying starts once `start` has called hydrateRoot; one task at a time while something waits.
  let replaying = false;
  let stepping = false;
  let tries = 0;
  let since = 0;
  const listeners = [
    ['click', (event: Event) => {
      const target = event.target instanceof Element ? event.target.closest('button, [role="button"], summary') : null;
      // A hydrated button is React's, unless an edit is still waiting to be replayed: the tap comes after it.
      if (!(target instanceof HTMLElement) || target.closest('a[href]') || (isHydrated(target) && edited.size === 0)) return;
      event.preventDefault();
      event.stopPropagation();
      caught(target);
    }],
    // A form submitted without a click on a button caught above (Enter in a field of a form whose default
    // button is not there, a script's requestSubmit): never posted to the server; submitted again.
    ['submit', (event: Event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || isHydrated(form)) return;
      event.preventDefault();
      caught((event as SubmitEvent).submitter ?? form);
    }],
    // Escape on a dialog the server showed open (a workshop's own address, decision 1380) closes it once the
    // app runs, as Escape closes the modal it then is: its close control is replayed.
    ['keydown', (event: Event) => {
      if ((event as KeyboardEvent).key !== 'Escape') return;
      const close = document.querySelector('dialog.server-open[open] [data-dialog-close]');
      if (close instanceof HTMLElement && !isHydrated(close)) caught(close);
    }],
    ...(['input', 'change'] as const).map((type) => [type, (event: Event) => {
      const field = event.target;
      const isField = field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && field.type !== 'file');
      if (!isField) return;
      // A field React has hydrated hears a new edit itself, with everything typed so far in it: an older value
      // still waiting to be replayed would overwrite it (a keystroke lost between hydration and the replay).
      // An event that changes nothing (the `change` of leaving the field) leaves the waiting value to be replayed.
      if (isHydrated(field)) {
        if (edited.has(field) && edited.get(field) !== (isCheckable(field) ? field.checked : field.value)) edited.delete(field);
        return;
      }
      // Replayed in the order they were last changed: of a radio group's buttons, the one chosen last is replayed last.
      edited.delete(field);
      edited.set(field, isCheckable(field) ? field.checked : field.value);
      caught();
    }] as const),
  ] as const;
  function caught(target?: HTMLElement) {
    if (target) pending = target;
    signal();
    if (replaying && !stepping) {
      stepping = true;
      since = performance.now();
      nextTask(step);
    }
  }
  // Kept after hydrateRoot too: while React hydrates, an edit reaching a part it has not hydrated yet makes it
  // hydrate that part at once with the field as it now is, and a change it then cannot see is lost.
  for (const [type, listener] of listeners) document.addEventListener(type, listener, true);
  // Reaching for the page starts the app: a press or a key, and (decision 1320) a mouse moved, a wheel turned,
  // the page scrolled or a focus moved in (a screen reader's cursor), which come before the tap itself.
  for (const type of ['pointerdown', 'keydown', 'pointermove', 'wheel', 'scroll', 'focusin'] as const) {
    document.addEventListener(type, () => signal(), { once: true, capture: true, passive: true });
  }
  function step() {
    for (const [field, value] of edited) {
      if (!field.isConnected) edited.delete(field);
      else if (isHydrated(field)) {
        edited.delete(field);
        replayEdit(field, value);
      }
    }
    const target = pending;
    if (target && edited.size === 0 && (!target.isConnected || isHydrated(target))) {
      pending = undefined;
      if (target instanceof HTMLFormElement) target.requestSubmit();
      else if (target.isConnected) target.click();
    }
    stepping = Boolean(pending || edited.size > 0);
    // Given up after 10 s of waiting, not after a count of tasks: while React waits for a chunk or a message
    // part, the tasks here run back to back and a few thousand went by before it hydrated the header (a tap
    // lost). The count still bounds a clock a test holds still.
    if (stepping && (tries++ < 1_000_000 && performance.now() - since < 10_000)) nextTask(step);
    else if (stepping) {
      // Given up: the listeners go, so that no later tap is held.
      stepping = false;
      for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
    }
  }
  return {
    interacted,
    /** Starts the app as if the visitor had reached for the page. */
    start: () => signal(),
    /**
     * After `start` (React listens from then on): waits for hydration, which goes on in slices, to reach what
     * was caught (one task at a time, for 10 s at most, then it is given up). The tap or submit waits
     * for the edits, so a form is sent with what was typed.
     */
    replay() {
      replaying = true;
      stepping = true;
      since = performance.now();
      step();
    },
  };
}

/**
 * Gives React a field's value typed or chosen before it hydrated the field (React keeps what the field shows
 * then). React keeps its own copy of an input's value and reports a change only when the field differs from
 * it: the copy is set to something else through the field's own (tracked) setter, then the field is set as
 * the person left it and the event React listens to follows. A select: its value, then `change`. A text
 * field: '' as the copy, the value through the element type's setter, then `input`. A checkbox or radio:
 * the opposite as the copy, then a click, which ticks it back as it was and is how React hears of it.
 */
function replayEdit(field: Field, value: string | boolean) {
  if (isCheckable(field)) {
    if (field.disabled) return;
    field.checked = !value;
    field.click();
    return;
  }
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  if (field instanceof HTMLSelectElement) {
    setValue?.call(field, value);
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  field.value = '';
  setValue?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Fetches the app without running it (decision 1320). The server put the app shell's modulepreload links in a
 * `<template id="app-shell">` (inert: nothing is fetched while the page loads, decision 1111). The installable
 * app's service worker is registered (as the app would on start) and asked to keep those files, with each
 * chunk's catalogue part in the page's language (decision 1100): it fetches them on its own thread, so the
 * page's main thread does nothing for them now, and the app's imports are answered from its cache when the
 * visitor reaches for the page. Without a service worker (not supported, or blocked) the app is fetched then.
 */
function prefetchApp() {
  const template = document.getElementById('app-shell');
  const files = template instanceof HTMLTemplateElement ? [...template.content.querySelectorAll('link')].map((link) => link.getAttribute('href') ?? '') : [];
  template?.remove();
  // With the whole stylesheet, which the app loads before it starts (decision 1390).
  const stylesheet = document.querySelector('style[data-stylesheet]')?.getAttribute('data-stylesheet');
  const urls = [...files.filter(Boolean).flatMap((href) => (href.endsWith('.t.js') ? [href, partUrl(language, href)] : [href])), ...(stylesheet ? [stylesheet] : [])];
  void registerServiceWorker().then((registered) =>
    registered ? navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'prefetch', urls })) : undefined,
  );
}

/**
 * A server-rendered page carries only the part of the stylesheet its markup uses (decision 1390), in a
 * `<style data-stylesheet="/assets/….css">`. The app may render any class next (a menu, a dialog, another
 * page): the whole stylesheet is put beside it and the app starts once it has loaded (or failed to: the page
 * still has its own part). Resolves at once on a page that links the stylesheet.
 */
function wholeStylesheet(): Promise<void> {
  const partial = document.querySelector('style[data-stylesheet]');
  const href = partial?.getAttribute('data-stylesheet');
  if (!partial || !href) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    partial.after(link);
  });
}

/** Calls `start` once an element marked `data-starts-app` is on screen (at once when one is at load). */
function startWhenSeen(start: () => void) {
  const marked = document.querySelectorAll('[data-starts-app]');
  if (marked.length === 0) return;
  if (typeof IntersectionObserver !== 'function') {
    start();
    return;
  }
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    start();
  });
  for (const element of marked) observer.observe(element);
}

/** Runs `fn` in a new task: a MessageChannel message, which a test's fake clock does not hold (unlike timers). */
function nextTask(fn: () => void) {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => fn();
  channel.port2.postMessage(null);
}

/**
 * Resolves once the page has loaded and painted its content, one task later. A MessageChannel task and the
 * paint timing rather than requestAnimationFrame or setTimeout: those are the timers a test's fake clock
 * holds (e2e/public-site.spec.ts pauses it), and the app would then never start.
 */
function afterLoadAndPaint(): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  return Promise.all([loaded, firstPaint()]).then(() => new Promise<void>((resolve) => nextTask(resolve)));
}

/**
 * Resolves once the page has painted its first content. The load event can come before that paint (a small
 * page on a fast link): fetching the app then would put it ahead of the paint, and Lighthouse's simulated
 * phone would paint after it (LCP). Read from the browser's paint timing, not from requestAnimationFrame
 * (which a fake clock holds); where paint timing is not supported, after the next frame.
 */
function firstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => resolve());
      return;
    }
    // `buffered` reports a paint that has already happened too.
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

function readServerState(): { language: string; queries: DehydratedState; formats?: unknown } | undefined {
  const element = document.getElementById('ssr-state');
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as { language: string; queries: DehydratedState; formats?: unknown };
  } catch {
    return undefined;
  }
}
