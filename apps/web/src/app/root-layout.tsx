import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '../components/ui/feedback.tsx';

export function RootLayout() {
  return (
    <>
      <a href="#main" className="sr-only-focusable fixed top-2 left-2 z-[2000] rounded bg-white px-3 py-2 text-sm font-medium shadow">
        Skip to content
      </a>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
