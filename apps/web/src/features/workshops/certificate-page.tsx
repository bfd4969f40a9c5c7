import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { BadgeCheck, SearchX } from 'lucide-react';
import { envelope } from '@app/shared/api';
import { certificateData } from '@app/shared/workshops';
import { SiteLayout } from '../../components/layout/site-layout.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { ApiError, api, errorMessage } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/hooks.ts';

const longDate = (iso: string) => new Date(`${iso.slice(0, 10)}T12:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'long', timeZone: 'UTC' });

/**
 * /certificates/:id — the public verification page printed on every certificate: whether the id is a
 * valid certificate, and for whom, which workshop, when and by whom it was issued.
 */
export function CertificatePage() {
  const { id = '' } = useParams();
  useDocumentTitle('Certificate verification');
  const cert = useQuery({
    queryKey: ['certificate', id],
    queryFn: () => api(`/certificates/${encodeURIComponent(id)}`, envelope(certificateData)),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const notFound = cert.isError && cert.error instanceof ApiError && cert.error.status === 404;
  return (
    <SiteLayout>
      <main id="main" className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">Certificate verification</h1>
        <p className="mt-2 break-all text-sm text-slate-600">Verification ID: <span className="font-mono">{id}</span></p>
        <div className="mt-6">
          {cert.isPending ? (
            <Skeleton className="h-56" />
          ) : notFound ? (
            <section aria-labelledby="result" className="rounded-2xl border border-red-200 bg-red-50 p-6">
              <h2 id="result" className="flex items-center gap-2 text-xl font-semibold text-red-800">
                <SearchX aria-hidden="true" className="h-6 w-6" /> Certificate not found
              </h2>
              <p className="mt-2 text-slate-800">
                No valid MentorBridge certificate has this verification ID. Check the ID printed at the bottom of the certificate, letter by letter.
              </p>
            </section>
          ) : cert.isError ? (
            <ErrorState message={errorMessage(cert.error, 'Could not check this certificate')} onRetry={() => void cert.refetch()} />
          ) : (
            <section aria-labelledby="result" className="rounded-2xl border border-green-200 bg-white p-6 shadow-sm">
              <h2 id="result" className="flex items-center gap-2 text-xl font-semibold text-green-800">
                <BadgeCheck aria-hidden="true" className="h-6 w-6" /> Valid certificate
              </h2>
              <dl className="mt-4 grid gap-4 sm:grid-cols-2">
                <div className="sm:col-span-2">
                  <dt className="text-sm text-slate-600">Awarded to</dt>
                  <dd className="text-2xl font-semibold text-slate-900">{cert.data.data.certificate.studentName}</dd>
                </div>
                <div className="sm:col-span-2">
                  <dt className="text-sm text-slate-600">For attending the workshop</dt>
                  <dd className="text-lg font-medium text-slate-900">{cert.data.data.certificate.workshopTitle}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">Held on</dt>
                  <dd className="text-slate-900">{longDate(cert.data.data.certificate.workshopDate)}</dd>
                </div>
                {cert.data.data.certificate.instructorName && (
                  <div>
                    <dt className="text-sm text-slate-600">Instructor</dt>
                    <dd className="text-slate-900">{cert.data.data.certificate.instructorName}</dd>
                  </div>
                )}
                <div>
                  <dt className="text-sm text-slate-600">Issued by</dt>
                  <dd className="text-slate-900">{cert.data.data.certificate.issuer}</dd>
                </div>
                {cert.data.data.certificate.issuedAt && (
                  <div>
                    <dt className="text-sm text-slate-600">Issued on</dt>
                    <dd className="text-slate-900">{longDate(cert.data.data.certificate.issuedAt)}</dd>
                  </div>
                )}
              </dl>
            </section>
          )}
        </div>
        <p className="mt-8 text-sm text-slate-700">
          <Link to="/workshops" className="text-brand-700 underline">Browse MentorBridge workshops</Link>
        </p>
      </main>
    </SiteLayout>
  );
}
