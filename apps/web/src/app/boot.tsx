import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ToastProvider } from '../components/ui/toast.tsx';
import type { PageRoute } from './pages.ts';
import { AppRoutes } from './routes.tsx';

/** How long the first render waits for the page's first reads (app/pages.ts `prefetch`) at most. */
const PREFETCH_WAIT_MS = 2500;

/**
 * Render the app into `container` (main.tsx calls this once the page's code has loaded); `route` is
 * the page a full load of this URL shows, when the stored session may see it.
 */
export async function start(container: HTMLElement, route?: PageRoute) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: false },
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
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </ToastProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}
