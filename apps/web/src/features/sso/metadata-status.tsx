import type { ConnectionDto } from '@app/shared/sso';
import { Button } from '../../components/ui/button.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { useRefreshMetadata } from './connection-api.ts';

/**
 * A SAML connection set up from a metadata URL: when the metadata was last read, whether that failed,
 * when it is read next, certificates on their way out, and "Refresh now" (decision 900).
 */
export function SamlMetadataStatus({ connection }: { connection: ConnectionDto }) {
  const t = useT();
  const format = useFormat();
  const refresh = useRefreshMetadata(connection.id);
  const saml = connection.saml;
  if (!saml?.metadataUrl) return null;
  const retiring = saml.certificates.filter((c) => c.retiringUntil);
  const answer = refresh.data;
  return (
    <section aria-label={t('sso.metadata.heading')} className="space-y-2 rounded-md bg-slate-50 p-3 text-sm" data-testid="sso-metadata-status">
      <dl className="grid gap-1 break-all sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="font-medium">{t('sso.metadata.url')}</dt>
        <dd>
          <code>{saml.metadataUrl}</code>
        </dd>
        <dt className="font-medium">{t('sso.metadata.lastRefresh')}</dt>
        <dd data-testid="sso-metadata-last">{saml.metadataRefreshedAt ? format.dateTime(saml.metadataRefreshedAt) : t('sso.metadata.never')}</dd>
        {saml.metadataNextRefreshAt && (
          <>
            <dt className="font-medium">{t('sso.metadata.nextRefresh')}</dt>
            <dd>{format.dateTime(saml.metadataNextRefreshAt)}</dd>
          </>
        )}
        {saml.metadataValidUntil && (
          <>
            <dt className="font-medium">{t('sso.metadata.validUntil')}</dt>
            <dd>{format.dateTime(saml.metadataValidUntil)}</dd>
          </>
        )}
      </dl>
      {saml.metadataError && (
        <div role="status" className="rounded-md border border-red-200 bg-red-50 p-2 text-red-800" data-testid="sso-metadata-error">
          <p className="font-medium">{t('sso.metadata.failed', { when: saml.metadataCheckedAt ? format.dateTime(saml.metadataCheckedAt) : '' })}</p>
          <p className="break-all">{saml.metadataError}</p>
          <p>{t('sso.metadata.failedHint')}</p>
        </div>
      )}
      {retiring.length > 0 && (
        <ul className="list-disc space-y-1 ps-5">
          {retiring.map((c) => (
            <li key={c.fingerprint}>
              {t('sso.metadata.retiring', { subject: c.subject, until: format.dateTime(c.retiringUntil ?? '') })}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="secondary" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
          {refresh.isPending ? t('sso.metadata.refreshing') : t('sso.metadata.refreshNow')}
        </Button>
        <span aria-live="polite" className="text-slate-700">
          {answer && (answer.data.connection.saml?.metadataError ? t('sso.metadata.refreshFailed') : t('sso.metadata.refreshed'))}
        </span>
      </div>
      {refresh.isError && <Alert kind="error">{errorMessage(refresh.error, t('sso.metadata.refreshFailed'))}</Alert>}
    </section>
  );
}
