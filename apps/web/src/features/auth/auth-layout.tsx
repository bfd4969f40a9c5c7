import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';
import { LanguageMenu } from '../../components/ui/language-menu.tsx';
import { useT } from '../../lib/i18n.tsx';

/** The two-column frame of the sign-in, sign-up and password pages. */
export function AuthLayout({ title, subtitle, children, wide = false }: { title: string; subtitle?: ReactNode; children: ReactNode; wide?: boolean }) {
  const t = useT();
  return (
    <div className="min-h-screen bg-gradient-to-br from-brand-50 via-white to-slate-100">
      <header className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 font-semibold text-slate-900">
          <Logo />
          <span>MentorBridge</span>
        </Link>
        <div className="flex items-center gap-3">
          <LanguageMenu />
          <Link to="/" className="text-sm font-medium text-brand-700 hover:underline">
            {t('common.backHome')}
          </Link>
        </div>
      </header>
      <main id="main" className="px-4 pb-16">
        <div className={`mx-auto mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle && <div className="mt-1 text-sm text-slate-600">{subtitle}</div>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
      <footer className="px-4 pb-8 text-center text-sm">
        <Link to="/accessibility" className="rounded font-medium text-brand-700 underline hover:text-brand-800">
          {t('footer.accessibility')}
        </Link>
      </footer>
    </div>
  );
}
