import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { BadgeCheck, Copy, Download, ExternalLink, SearchX } from 'lucide-react';
import { SiteLayout } from '../../components/layout/site-layout.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { ApiError, api, errorMessage, schemasFrom } from '../../lib/api.ts';
import { useDocumentTitle, useHydrated } from '../../lib/hooks.ts';
import { linkedInAddCertificationUrl } from './linkedin.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';

// The answer's schema (and zod) loads with the request, not with the page (decision 950).
const answer = schemasFrom(() => import('./schemas.ts'));

/** A name or title inside a sentence, isolated (first-strong isolate … pop) so its direction never moves the words around it. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * /certificates/:id — the certificate page "View certificate" opens (and the verification page printed
 * on every certificate): a preview, the PDF, "Add to LinkedIn" with the certification's fields filled,
 * and a link to share. Anyone holding the id can open it (decision 711).
 */
export function CertificatePage() {
  const t = useT();
  const format = useFormat();
  const longDate = (iso: string) => format.date(`${iso.slice(0, 10)}T12:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
  const { id = '' } = useParams();
  useDocumentTitle(t('workshops.cert.title'));
  const [copied, setCopied] = useState<string | null>(null);
  const cert = useQuery({
    queryKey: ['certificate', id],
    queryFn: () => api(`/certificates/${encodeURIComponent(id)}`, answer('certificateAnswer')),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const workshopMissing = cert.isError && cert.error instanceof ApiError && cert.error.status === 404;
  // Programme certificates (issue 26) print the same page's address: look there when no workshop has the id.
  const programme = useQuery({
    queryKey: ['programme-certificate', id],
    enabled: workshopMissing,
    queryFn: () =>
      api(`/programme-certificates/${encodeURIComponent(id)}`, () =>
        Promise.all([import('@app/shared/api'), import('@app/shared/outcomes')]).then(([a, m]) => a.envelope(m.certificateVerifyData)),
      ),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const notFound = workshopMissing && programme.isError && programme.error instanceof ApiError && programme.error.status === 404;
  const pc = programme.data?.data.certificate;
  const c = cert.data?.data.certificate;
  // The server renders this page too (decision 1070) and does not know the address the visitor used: the
  // share link takes the origin once the page has hydrated.
  const origin = useHydrated() ? window.location.origin : '';
  const pageUrl = `${origin}/certificates/${encodeURIComponent(id)}`;
  const onCopy = () => {
    const done = () => setCopied(t('workshops.cert.copied'));
    if (!navigator.clipboard) return setCopied(t('workshops.cert.copyFailed'));
    navigator.clipboard.writeText(pageUrl).then(done, () => setCopied(t('workshops.cert.copyFailed')));
  };
  return (
    <SiteLayout>
      <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">{t('workshops.cert.heading')}</h1>
        <p className="mt-2 break-all text-sm text-slate-700">{t('workshops.cert.verificationId')} <bdi className="font-mono">{id}</bdi></p>
        <div className="mt-6 space-y-6">
          {cert.isPending || (workshopMissing && programme.isPending) ? (
            <Skeleton className="h-56" />
          ) : pc ? (
            <ValidCertificate name={pc.name} forLabel={t('workshops.cert.programmeFor', { kind: pc.kind })} forWhat={pc.programmeName}>
              <Fact label={t('workshops.cert.issuedBy')}>MentorBridge</Fact>
              <Fact label={t('workshops.cert.issuedOn')}>{longDate(pc.issuedAt)}</Fact>
            </ValidCertificate>
          ) : workshopMissing && programme.isError && !notFound ? (
            <ErrorState message={errorMessage(programme.error, t('workshops.cert.loadFailed'))} onRetry={() => void programme.refetch()} />
          ) : notFound ? (
            <section aria-labelledby="result" className="rounded-2xl border border-red-200 bg-red-50 p-6">
              <h2 id="result" className="flex items-center gap-2 text-xl font-semibold text-red-800">
                <SearchX aria-hidden="true" className="h-6 w-6" /> {t('workshops.cert.notFound')}
              </h2>
              <p className="mt-2 text-slate-800">{t('workshops.cert.notFoundBody')}</p>
            </section>
          ) : cert.isError || !c ? (
            <ErrorState message={errorMessage(cert.error, t('workshops.cert.loadFailed'))} onRetry={() => void cert.refetch()} />
          ) : (
            <>
              <figure aria-labelledby="certificate-preview" className="rounded-xl border-4 border-brand-700 bg-white p-1 shadow-sm">
                <figcaption id="certificate-preview" className="sr-only">{t('workshops.cert.preview')}</figcaption>
                <div className="rounded-lg border border-brand-200 px-4 py-8 text-center sm:px-10">
                  <p className="text-lg font-bold text-brand-700">MentorBridge</p>
                  <p className="mt-4 text-xl font-bold tracking-wide text-slate-900 uppercase sm:text-2xl">{t('certificate.heading')}</p>
                  <p className="mt-4 text-sm text-slate-700 italic">{t('certificate.certifies')}</p>
                  <p className="mt-2 text-2xl font-bold break-words text-slate-900 sm:text-3xl"><bdi>{c.studentName}</bdi></p>
                  <p className="mt-3 text-sm text-slate-700 italic">{t('certificate.attended')}</p>
                  <p className="mt-2 text-lg font-semibold break-words text-slate-900 sm:text-xl"><bdi>{c.workshopTitle}</bdi></p>
                  <p className="mt-3 text-sm text-slate-800">{t('certificate.heldOn', { date: longDate(c.workshopDate) })}</p>
                  {c.instructorName && <p className="text-sm text-slate-800">{t('certificate.ledBy', { name: isolate(c.instructorName) })}</p>}
                  <p className="mt-6 font-mono text-xs break-all text-slate-700">{t('certificate.verificationId', { id: isolate(c.verificationId) })}</p>
                </div>
              </figure>

              <div className="flex flex-wrap gap-2" role="group" aria-label={t('workshops.cert.actions')}>
                <a href={`/api/certificates/${encodeURIComponent(c.verificationId)}/pdf`} download className={buttonClass('primary', 'md')}>
                  <Download aria-hidden="true" className="h-4 w-4" /> {t('workshops.cert.download')}
                </a>
                <a
                  href={linkedInAddCertificationUrl({ name: c.workshopTitle, issuedAt: c.issuedAt ?? c.workshopDate, certUrl: pageUrl, certId: c.verificationId })}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass('secondary', 'md')}
                >
                  {t('workshops.cert.linkedIn')} <ExternalLink aria-hidden="true" className="h-4 w-4" /><span className="sr-only"> {t('workshops.cert.newTab')}</span>
                </a>
                <button type="button" onClick={onCopy} className={buttonClass('secondary', 'md')}>
                  <Copy aria-hidden="true" className="h-4 w-4" /> {t('workshops.cert.copyLink')}
                </button>
              </div>
              <p role="status" className="min-h-5 text-sm text-slate-800">{copied}</p>

              <ValidCertificate name={c.studentName} forLabel={t('workshops.cert.forWorkshop')} forWhat={c.workshopTitle}>
                <Fact label={t('workshops.cert.heldOn')}>{longDate(c.workshopDate)}</Fact>
                {c.instructorName && <Fact label={t('workshops.detail.instructor')}><bdi>{c.instructorName}</bdi></Fact>}
                <Fact label={t('workshops.cert.issuedBy')}><bdi>{c.issuer}</bdi></Fact>
                {c.issuedAt && <Fact label={t('workshops.cert.issuedOn')}>{longDate(c.issuedAt)}</Fact>}
              </ValidCertificate>
            </>
          )}
        </div>
        <p className="mt-8 text-sm text-slate-700">
          <Link to="/workshops" className="text-brand-700 underline">{t('workshops.cert.browse')}</Link>
        </p>
      </main>
    </SiteLayout>
  );
}

/** One fact of a verified certificate (a term and its value). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/** "Valid certificate": to whom, for what, then the certificate's own facts. */
function ValidCertificate({ name, forLabel, forWhat, children }: { name: string; forLabel: string; forWhat: string; children: ReactNode }) {
  const t = useT();
  return (
    <section aria-labelledby="result" className="rounded-2xl border border-green-200 bg-white p-6 shadow-sm">
      <h2 id="result" className="flex items-center gap-2 text-xl font-semibold text-green-800">
        <BadgeCheck aria-hidden="true" className="h-6 w-6" /> {t('workshops.cert.valid')}
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="text-sm text-slate-600">{t('workshops.cert.awardedTo')}</dt>
          <dd className="text-lg font-semibold text-slate-900"><bdi>{name}</bdi></dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm text-slate-600">{forLabel}</dt>
          <dd className="text-slate-900"><bdi>{forWhat}</bdi></dd>
        </div>
        {children}
      </dl>
    </section>
  );
}
