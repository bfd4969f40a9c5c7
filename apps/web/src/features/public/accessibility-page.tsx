import report from '../../../../../docs/accessibility.md?raw';
import { SiteLayout } from '../../components/layout/site-layout.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { useLanguage, useT } from '../../lib/i18n.tsx';
import { Markdown } from './markdown.tsx';

/**
 * /accessibility (issue 27): the accessibility statement and Accessibility Conformance Report,
 * docs/accessibility.md itself, built into the page so the site and the repository never disagree.
 * The report is a procurement document in English (the language of WCAG and the VPAT template): the
 * frame is translated, the report is marked `lang="en"` for screen readers (WCAG 3.1.2).
 */
export function AccessibilityPage() {
  const t = useT();
  const { language } = useLanguage();
  useDocumentTitle(t('accessibility.documentTitle'));
  return (
    <SiteLayout>
      <main id="main" className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        {language !== 'en' && (
          <p className="mb-6 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-slate-800">{t('accessibility.inEnglish')}</p>
        )}
        <div lang="en" dir="ltr" className="break-words">
          <Markdown source={report} tableLabel={(caption) => t('accessibility.tableLabel', { caption })} />
        </div>
      </main>
    </SiteLayout>
  );
}
