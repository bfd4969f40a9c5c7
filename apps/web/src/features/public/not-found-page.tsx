import { Link } from 'react-router';
import { dashboardPath } from '@app/shared/roles';
import { useSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { SiteLayout } from '../../components/layout/site-layout.tsx';
import { useFormat, useT } from '../../lib/i18n.tsx';

/** 'Page not found' with Go Home, plus Go to Dashboard (signed in) or Sign In (visitor). */
export function NotFoundPage() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('public.notFound.title'));
  const session = useSession();
  const link = 'rounded-lg px-5 py-2.5 text-sm font-medium';
  return (
    <SiteLayout>
      <main id="main" className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-16 text-center">
        <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
          {format.number(404, { useGrouping: false })}
        </p>
        <h1 className="mt-4 text-2xl font-bold">{t('public.notFound.title')}</h1>
        <p className="mt-2 text-slate-700">{t('public.notFound.body')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/" className={`${link} bg-brand-700 text-white hover:bg-brand-800`}>
            {t('public.notFound.home')}
          </Link>
          {session ? (
            <Link to={dashboardPath(session.role)} className={`${link} border border-slate-300 bg-white hover:bg-slate-50`}>
              {t('public.notFound.dashboard')}
            </Link>
          ) : (
            <Link to="/signin" className={`${link} border border-slate-300 bg-white hover:bg-slate-50`}>
              {t('site.signIn')}
            </Link>
          )}
        </div>
      </main>
    </SiteLayout>
  );
}
