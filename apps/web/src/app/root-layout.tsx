import { Component, Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouteSkeleton } from '../components/ui/page-skeleton.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';
import { useT } from '../lib/i18n.tsx';
import { RouteFocus } from './route-focus.tsx';

/** A page whose code failed to load (offline, or replaced by a new release): offer a reload. */
class PageLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return <PageLoadFailed />;
  }
}

function PageLoadFailed() {
  const t = useT();
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{t('shell.loadFailed.title')}</h1>
      <p className="mt-2 text-slate-700">{t('shell.loadFailed.body')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 text-sm font-medium text-white hover:bg-brand-800"
      >
        {t('shell.loadFailed.reload')}
      </button>
    </main>
  );
}

export function RootLayout() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <>
      <a href="#main" className="sr-only-focusable fixed top-2 inset-s-2 z-[2000] rounded bg-white px-3 py-2 text-sm font-medium shadow">
        {t('shell.skipToContent')}
      </a>
      <PageLoadBoundary>
        <Suspense fallback={<RouteSkeleton pathname={pathname} />}>
          <Outlet />
        </Suspense>
      </PageLoadBoundary>
      <ScrollRestoration />
      <RouteFocus />
    </>
  );
}
