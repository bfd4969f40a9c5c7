import type { ReactNode } from 'react';
import { SiteLayout } from '../../components/layout/site-layout.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { useDocumentTitle } from '../../lib/hooks.ts';
import { NoticeText, useCurrentNotice } from './notice-consent.tsx';

/**
 * /privacy (issue 24): the privacy notice the operator published (the same version registration accepts
 * and sign-in asks about); the built-in policy text only until a first version is published.
 */
export function PrivacyPage({ fallback }: { fallback: ReactNode }) {
  const t = useT();
  const format = useFormat();
  const notice = useCurrentNotice();
  useDocumentTitle(notice.data?.title ?? t('privacy.page.fallbackTitle'));
  if (notice.isPending) {
    return (
      <SiteLayout>
        <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
          <Spinner label={t('privacy.notice.read')} />
        </main>
      </SiteLayout>
    );
  }
  if (!notice.data) return <>{fallback}</>;
  return (
    <SiteLayout>
      <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">
          <bdi>{notice.data.title}</bdi>
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {t('privacy.notice.version', { version: notice.data.version, date: format.date(notice.data.publishedAt, { dateStyle: 'medium' }) })}
        </p>
        <div className="mt-6">
          <NoticeText notice={notice.data} />
        </div>
      </main>
    </SiteLayout>
  );
}
