import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { downloadCertificate, useMyCertificates } from './api.ts';

/** A participant's programme certificates (issued when a programme closes), each as a PDF. Nothing shown when there are none. */
export function MyProgrammeCertificates() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const q = useMyCertificates();
  if (q.isPending) return <Spinner label={t('out.cert.loading')} />;
  if (q.isError) return <ErrorState message={errorMessage(q.error, t('out.cert.loadError'))} onRetry={() => void q.refetch()} />;
  if (q.data.length === 0) return null;
  return (
    <section aria-labelledby="programme-certificates-heading" className="space-y-2">
      <h2 id="programme-certificates-heading" className="text-lg font-semibold text-slate-900">
        {t('out.cert.title')}
      </h2>
      <ul className="space-y-2" data-testid="programme-certificates">
        {q.data.map((c) => (
          <li
            key={c.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
          >
            <div>
              <p className="font-medium text-slate-900">
                <bdi>{c.programmeName}</bdi>
              </p>
              <p className="text-sm text-slate-600">
                {t(c.kind === 'service' ? 'out.cert.service' : 'out.cert.participation')} ·{' '}
                {t('out.cert.facts', {
                  meetings: c.meetings,
                  hours: format.number(c.hours),
                  date: format.date(c.issuedAt, { dateStyle: 'medium' }),
                })}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link to={`/certificates/${encodeURIComponent(c.verificationId)}`} className={buttonClass('ghost', 'sm')}>
                {t('out.cert.verify')}
              </Link>
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  void downloadCertificate(c.id).catch((e: unknown) => toast.error(errorMessage(e, t('out.downloadError'))))
                }
              >
                {t('out.cert.download')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
