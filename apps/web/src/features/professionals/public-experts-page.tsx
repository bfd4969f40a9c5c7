import { SiteLayout } from '../../components/layout/site-layout.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { useT } from '../../lib/i18n.tsx';
import { useSession } from '../../lib/session.ts';
import { ProfessionalsBrowser } from './professionals-browser.tsx';

/** /experts: verified, active professionals for everyone (no contact details for visitors). */
export function PublicExpertsPage() {
  const t = useT();
  useDocumentTitle(t('public.experts.documentTitle'));
  const session = useSession();
  const mode = !session ? 'public' : session.role === 'student' ? 'student' : 'other';
  return (
    <SiteLayout>
      <main id="main" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">{t('public.experts.title')}</h1>
        <p className="mt-2 mb-6 max-w-2xl text-slate-700">{t('public.experts.intro')}</p>
        {/* The expert cards carry h3 headings: this keeps the outline h1 → h2 → h3 (WCAG 1.3.1). */}
        <h2 className="sr-only">{t('public.experts.listHeading')}</h2>
        <ProfessionalsBrowser mode={mode} />
      </main>
    </SiteLayout>
  );
}
