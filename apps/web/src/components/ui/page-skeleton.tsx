import { Skeleton } from './feedback.tsx';
import { useT } from '../../lib/i18n.tsx';

/**
 * Placeholders that keep a page's layout while its code or first reads arrive: no blank frame, and
 * nothing jumps when the content lands. One status message is announced; the shapes are hidden.
 */
function Loading() {
  const t = useT();
  return (
    <span role="status" className="sr-only">
      {t('shell.loading')}
    </span>
  );
}

/** A list of cards (a tab's or a list's first load). */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="space-y-4" data-skeleton="list">
      <Loading />
      <Skeleton className="h-10 w-full max-w-md" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} aria-hidden="true" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-16 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A dashboard: header bar, a strip of tabs, a list. The same frame for every role. */
export function DashboardSkeleton() {
  return (
    <div className="min-h-screen bg-slate-50" data-skeleton="dashboard">
      <div aria-hidden="true" className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <Skeleton className="h-8 w-40" />
          <div className="flex items-center gap-3">
            <Skeleton className="h-9 w-9 rounded-full" />
            <Skeleton className="h-9 w-9 rounded-full" />
          </div>
        </div>
      </div>
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6">
        <div aria-hidden="true" className="flex gap-3 overflow-hidden border-b border-slate-200 pb-3">
          {['w-24', 'w-28', 'w-20', 'w-24', 'w-28'].map((w, i) => (
            <Skeleton key={i} className={`h-6 shrink-0 ${w}`} />
          ))}
        </div>
        <ListSkeleton rows={6} />
      </div>
    </div>
  );
}

/** A public page: the site header and a block of content. */
export function PublicPageSkeleton() {
  return (
    <div className="min-h-screen bg-white" data-skeleton="public">
      <Loading />
      <div aria-hidden="true" className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-9 w-24" />
        </div>
      </div>
      <div aria-hidden="true" className="mx-auto max-w-5xl space-y-4 px-4 py-12 sm:px-6">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-5/6" />
        <Skeleton className="mt-8 h-64 w-full" />
      </div>
    </div>
  );
}

/** The skeleton that fits the page at `pathname` (the route fallback of app/root-layout.tsx). */
export function RouteSkeleton({ pathname }: { pathname: string }) {
  return /^\/(admin|student|professional)(\/|$)/.test(pathname) ? <DashboardSkeleton /> : <PublicPageSkeleton />;
}
