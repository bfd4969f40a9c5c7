import { Link } from 'react-router';
import { dashboardPath } from '@app/shared/roles';
import { useSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { SiteLayout } from '../../components/layout/site-layout.tsx';

/** 'Page not found' with Go Home, plus Go to Dashboard (signed in) or Sign In (visitor). */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  const session = useSession();
  const link = 'rounded-lg px-5 py-2.5 text-sm font-medium';
  return (
    <SiteLayout>
      <main id="main" className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-16 text-center">
        <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold">Page not found</h1>
        <p className="mt-2 text-slate-700">The page you are looking for does not exist or has moved.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/" className={`${link} bg-brand-700 text-white hover:bg-brand-800`}>
            Go Home
          </Link>
          {session ? (
            <Link to={dashboardPath(session.role)} className={`${link} border border-slate-300 bg-white hover:bg-slate-50`}>
              Go to Dashboard
            </Link>
          ) : (
            <Link to="/signin" className={`${link} border border-slate-300 bg-white hover:bg-slate-50`}>
              Sign In
            </Link>
          )}
        </div>
      </main>
    </SiteLayout>
  );
}
