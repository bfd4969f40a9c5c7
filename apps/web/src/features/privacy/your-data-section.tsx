import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { envelope } from '@app/shared/api';
import { privacyRequestData, type PrivacyRequestDto } from '@app/shared/privacy';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { api, download, errorMessage } from '../../lib/api.ts';
import { useFormat, useT, type MessageKey } from '../../lib/i18n.tsx';
import { MY_PRIVACY_KEY, useAccessLog, useMyPrivacy } from './api.ts';
import { ConsentsPanel } from './notice-consent.tsx';

/** One part of the person's data section: a small h3 over its content. */
export const DATA_PART = { level: 3, className: 'space-y-2', headingClassName: 'font-semibold text-slate-900' } as const;

/** The catalogue keys of request kinds and statuses (written out: the catalogue test finds keys by their text). */
export const KIND_KEYS: Record<string, MessageKey> = { export: 'privacy.kind.export', erasure: 'privacy.kind.erasure' };
export const STATUS_KEYS: Record<string, MessageKey> = {
  pending: 'privacy.status.pending',
  processing: 'privacy.status.processing',
  ready: 'privacy.status.ready',
  done: 'privacy.status.done',
  cancelled: 'privacy.status.cancelled',
  refused: 'privacy.status.refused',
  failed: 'privacy.status.failed',
};
const ACCESS_BY: Record<string, MessageKey> = { admin: 'privacy.data.accessBy.admin', university: 'privacy.data.accessBy.university' };
const ACCESS_ACTION: Record<string, MessageKey> = { exported: 'privacy.data.accessAction.exported', viewed: 'privacy.data.accessAction.viewed' };
/** A known value's message, or the value itself (a kind or status added later reads as sent). */
export function label(t: (key: MessageKey) => string, keys: Record<string, MessageKey>, value: string): string {
  const key = keys[value];
  return key ? t(key) : value;
}
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit' };

/** "Your data": export, deletion with its notice, and who accessed the record (issue 24). Every role has it. */
export function YourDataSection() {
  const t = useT();
  const format = useFormat();
  const data = useMyPrivacy();
  const client = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: MY_PRIVACY_KEY });
  const exportMutation = useMutation({
    mutationFn: () => api('/privacy/me/export', envelope(privacyRequestData), { method: 'POST' }),
    onSuccess: (r) => {
      toast.success(r.message ?? t('privacy.data.exportPreparing'));
      void refresh();
    },
    onError: (e) => toast.error(errorMessage(e, t('privacy.data.requestFailed'))),
  });
  const erase = useMutation({
    mutationFn: () => api('/privacy/me/erasure', envelope(privacyRequestData), { method: 'POST' }),
    onSuccess: (r) => {
      setConfirming(false);
      toast.success(r.message ?? t('privacy.data.eraseButton'));
      void refresh();
    },
    onError: (e) => {
      setConfirming(false);
      toast.error(errorMessage(e, t('privacy.data.requestFailed')));
    },
  });
  const cancel = useMutation({
    mutationFn: () => api('/privacy/me/erasure', envelope(privacyRequestData), { method: 'DELETE' }),
    onSuccess: (r) => {
      toast.success(r.message ?? t('privacy.data.cancelErase'));
      void refresh();
    },
    onError: (e) => toast.error(errorMessage(e, t('privacy.data.requestFailed'))),
  });

  if (data.isPending) return <Spinner label={t('privacy.data.loading')} />;
  if (data.isError) return <ErrorState message={errorMessage(data.error, t('privacy.data.loadFailed'))} onRetry={() => void data.refetch()} />;
  const { requests, erasureScheduledFor, noticeHours } = data.data;
  const latestExport = requests.find((r) => r.kind === 'export');
  const preparing = latestExport && (latestExport.status === 'pending' || latestExport.status === 'processing');

  return (
    <div className="space-y-6">
      <Panel headingId="your-data-export" {...DATA_PART} title={t('privacy.data.exportTitle')} intro={t('privacy.data.exportIntro')}>
        {preparing ? (
          <p role="status" className="text-sm text-slate-700">
            {t('privacy.data.exportPreparing')}
          </p>
        ) : (
          <Button onClick={() => exportMutation.mutate()} disabled={exportMutation.isPending}>
            <Download aria-hidden="true" className="h-4 w-4" /> {t('privacy.data.exportButton')}
          </Button>
        )}
        {latestExport?.downloadUrl && latestExport.expiresAt && <ReadyExport request={latestExport} />}
      </Panel>

      <Panel headingId="your-data-erase" {...DATA_PART} title={t('privacy.data.eraseTitle')}>
        {erasureScheduledFor ? (
          <>
            <Alert kind="info">{t('privacy.data.eraseScheduled', { when: format.dateTime(erasureScheduledFor, DATE_TIME) })}</Alert>
            <Button variant="secondary" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {t('privacy.data.cancelErase')}
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">{t('privacy.data.eraseIntro', { hours: noticeHours })}</p>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" className="h-4 w-4" /> {t('privacy.data.eraseButton')}
            </Button>
          </>
        )}
        <ConfirmDialog
          open={confirming}
          title={t('privacy.data.eraseConfirmTitle')}
          message={t('privacy.data.eraseConfirmMessage', { hours: noticeHours })}
          confirmLabel={t('privacy.data.eraseConfirm')}
          onConfirm={() => erase.mutate()}
          onCancel={() => setConfirming(false)}
          busy={erase.isPending}
        />
      </Panel>

      {requests.length > 0 && (
        <Panel headingId="your-data-history" {...DATA_PART} title={t('privacy.data.historyTitle')}>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {requests.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span>{label(t, KIND_KEYS, r.kind)}</span>
                <span className="text-slate-600">{format.date(r.createdAt, DATE)}</span>
                <span className="font-medium">{label(t, STATUS_KEYS, r.status)}</span>
              </li>
            ))}
          </ul>
        </Panel>
      )}
      <ConsentsPanel />
      <AccessLog />
    </div>
  );
}

function ReadyExport({ request }: { request: PrivacyRequestDto }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const url = request.downloadUrl ?? '';
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
      <span className="text-sm text-emerald-900">{t('privacy.data.exportReady', { until: format.dateTime(request.expiresAt ?? '', DATE_TIME) })}</span>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          download(url.replace(/^\/api/, ''), 'mentorbridge-data.zip')
            .catch((e: unknown) => toast.error(errorMessage(e, t('privacy.data.downloadFailed'))))
            .finally(() => setBusy(false));
        }}
      >
        {t('privacy.data.downloadButton')}
      </Button>
    </div>
  );
}

function AccessLog() {
  const t = useT();
  const format = useFormat();
  const log = useAccessLog();
  return (
    <Panel headingId="your-data-access" {...DATA_PART} title={t('privacy.data.accessTitle')}>
      {log.isPending ? (
        <Spinner />
      ) : log.isError ? (
        <ErrorState message={errorMessage(log.error, t('privacy.data.loadFailed'))} onRetry={() => void log.refetch()} />
      ) : log.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('privacy.data.accessEmpty')}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {log.data.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              {t('privacy.data.accessEntry', {
                when: format.dateTime(e.at, DATE_TIME),
                who: e.organisation ?? label(t, ACCESS_BY, e.by),
                action: label(t, ACCESS_ACTION, e.action),
              })}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
