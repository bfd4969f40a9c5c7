import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { seedFormats } from '@app/shared/i18n/format';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import type { Messages } from '@lingui/core';
import { registerServiceWorker } from '../lib/pwa.ts';
import { AppTree, newQueryClient } from './app-tree.tsx';
import type { PageRoute } from './pages.ts';

/** How long the first render waits for the page's first reads (app/pages.ts `prefetch`) at most. */
const PREFETCH_WAIT_MS = 2500;

/**
 * Render the app into `container` (main.tsx calls this once the page's code has loaded); `route` is
 * the page a full load of this URL shows, when the stored session may see it. `server` is the state a
 * server-rendered public page carries (decision 1070): its reads are put in the query cache as they
 * were when the server rendered, and React hydrates the server's markup instead of replacing it.
 */
export async function start(
  container: HTMLElement,
  i18n: { language: string; messages: Messages },
  route?: PageRoute,
  server?: { queries: DehydratedState; formats?: unknown },
) {
  const queryClient = newQueryClient();
  if (server) {
    hydrate(queryClient, server.queries);
    // The server's formatted dates and numbers: hydration builds no Intl formatter for them (decision 1310).
    seedFormats(server.formats);
  } else if (route?.prefetch) {
    // A failed read is left to the page, which shows its own error state.
    const filled = route
      .prefetch()
      .then((fill) => fill(queryClient))
      .catch(() => undefined);
    await Promise.race([filled, new Promise((resolve) => setTimeout(resolve, PREFETCH_WAIT_MS))]);
  }
  const app = <AppTree language={i18n.language} messages={i18n.messages} queryClient={queryClient} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />;
  if (server) {
    // The server's markup stays on screen and becomes interactive: nothing is painted twice. Inside a
    // transition React hydrates in slices and yields to the browser between them, instead of one long
    // task that holds a tap (Total Blocking Time, issue 27; decision 1111).
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    const root = createRoot(container);
    // A transition lets React yield to the browser while it builds the first screen, instead of one
    // long task (what Lighthouse's Total Blocking Time counts); the server's shell stays until commit.
    startTransition(() => root.render(app));
  }
  // The installable app's service worker (issue 27), once the first screen is on its way.
  void registerServiceWorker();
}
