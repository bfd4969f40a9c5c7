import { StrictMode, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Messages } from '@lingui/core';
import { OfflineBanner } from '../components/layout/offline-banner.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
import { I18nProvider } from '../lib/i18n.tsx';
import { AppRoutes } from './routes.tsx';

/** The query client of one page load (the browser) or one server render (entry-server.tsx). */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // offlineFirst: a read is tried even when the browser says it is offline, so the service worker can
      // answer with the last-seen data (issue 27); a failed read still shows the page's error state.
      queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
    },
  });
}

/**
 * The whole app under its router. The browser (boot.tsx, BrowserRouter) and the server (entry-server.tsx,
 * StaticRouter) render this same tree, so a public page the server rendered hydrates without a mismatch
 * (decision 1070).
 */
export function AppTree({ language, messages, queryClient, router }: {
  language: string;
  messages: Messages;
  queryClient: QueryClient;
  router: (routes: ReactNode) => ReactNode;
}) {
  return (
    <StrictMode>
      <I18nProvider language={language} messages={messages}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>{router(<AppRoutes />)}</ToastProvider>
        </QueryClientProvider>
        <OfflineBanner />
      </I18nProvider>
    </StrictMode>
  );
}
