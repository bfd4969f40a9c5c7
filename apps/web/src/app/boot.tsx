import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import type { Messages } from '@lingui/core';
import { OfflineBanner } from '../components/layout/offline-banner.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
import { I18nProvider } from '../lib/i18n.tsx';
import { registerServiceWorker } from '../lib/pwa.ts';
import type { PageRoute } from './pages.ts';
import { AppRoutes } from './routes.tsx';

/** How long the first render waits for the page's first reads (app/pages.ts `prefetch`) at most. */
const PREFETCH_WAIT_MS = 2500;

/**
 * Render the app into `container` (main.tsx calls this once the page's code has loaded); `route` is
 * the page a full load of this URL shows, when the stored session may see it.
 */
export async function start(container: HTMLElement, i18n: { language: string; messages: Messages }, route?: PageRoute) {
  const queryClient = new QueryClient({
    defaultOptions: {
      // offlineFirst: a read is tried even when the browser says it is offline, so the service worker can
      // answer with the last-seen data (issue 27); a failed read still shows the page's error state.
      queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
    },
  });
  if (route?.prefetch) {
    // A failed read is left to the page, which shows its own error state.
    const filled = route
      .prefetch()
      .then((fill) => fill(queryClient))
      .catch(() => undefined);
    await Promise.race([filled, new Promise((resolve) => setTimeout(resolve, PREFETCH_WAIT_MS))]);
  }
  const root = createRoot(container);
  // A transition lets React yield to the browser while it builds the first screen, instead of one
  // long task (what Lighthouse's Total Blocking Time counts); the server's shell stays until commit.
  startTransition(() => {
    root.render(
      <StrictMode>
        <I18nProvider language={i18n.language} messages={i18n.messages}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </ToastProvider>
        </QueryClientProvider>
        <OfflineBanner />
        </I18nProvider>
      </StrictMode>,
    );
  });
  // The installable app's service worker (issue 27), once the first screen is on its way.
  registerServiceWorker();
}
