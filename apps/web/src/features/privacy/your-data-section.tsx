import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { envelope } from '@app/shared/api';
import { privacyRequestData, type PrivacyRequestDto } from '@app/shared/privacy';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { api, download, errorMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { MY_PRIVACY_KEY, useAccessLog, useMyPrivacy } from './api.ts';
import { copy } from './privacy.copy.ts';
import { ConsentsPanel } from './notice-consent.tsx';

const when = (iso: string) => `${formatDate(iso)} ${new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;

/** "Your data": export, deletion with its notice, and who accessed the record (issue 24). Every role has it. */
export function YourDataSection() {
  const data = useMyPrivacy();
  const client = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: MY_PRIVACY_KEY });
  const exportMutation = useMutation({
    mutationFn: () => api('/privacy/me/export', envelope(privacyRequestData), { method: 'POST' }),
    onSuccess: (r) => {
      toast.success(r.message ?? copy.exportPreparing);
      void refresh();
    },
    onError: (e) => toast.error(errorMessage(e, copy.requestFailed)),
  });
  const erase = useMutation({
    mutationFn: () => api('/privacy/me/erasure', envelope(privacyRequestData), { method: 'POST' }),
    onSuccess: (r) => {
      setConfirming(false);
      toast.success(r.message ?? copy.eraseButton);
      void refresh();
    },
    onError: (e) => {
      setConfirming(false);
      toast.error(errorMessage(e, copy.requestFailed));
    },
  });
  const cancel = useMutation({
    mutationFn: () => api('/privacy/me/erasure', envelope(privacyRequestData), { method: 'DELETE' }),
    onSuccess: (r) => {
      toast.success(r.message ?? copy.cancelErase);
      void refresh();
    },
    onError: (e) => toast.error(errorMessage(e, copy.requestFailed)),
  });

  if (data.isPending) return <Spinner label={copy.loading} />;
  if (data.isError) return <ErrorState message={errorMessage(data.error, copy.loadFailed)} onRetry={() => void data.refetch()} />;
  const { requests, erasureScheduledFor, noticeHours } = data.data;
  const latestExport = requests.find((r) => r.kind === 'export');
  const preparing = latestExport && (latestExport.status === 'pending' || latestExport.status === 'processing');

  return (
    <div className="space-y-6">
      <section aria-labelledby="your-data-export" className="space-y-2">
        <h3 id="your-data-export" className="font-semibold text-slate-900">
          {copy.exportTitle}
        </h3>
        <p className="text-sm text-slate-600">{copy.exportIntro}</p>
        {preparing ? (
          <p role="status" className="text-sm text-slate-700">
            {copy.exportPreparing}
          </p>
        ) : (
          <Button onClick={() => exportMutation.mutate()} disabled={exportMutation.isPending}>
            <Download aria-hidden="true" className="h-4 w-4" /> {copy.exportButton}
          </Button>
        )}
        {latestExport?.downloadUrl && latestExport.expiresAt && <ReadyExport request={latestExport} />}
      </section>

      <section aria-labelledby="your-data-erase" className="space-y-2">
        <h3 id="your-data-erase" className="font-semibold text-slate-900">
          {copy.eraseTitle}
        </h3>
        {erasureScheduledFor ? (
          <>
            <Alert kind="info">{copy.eraseScheduled(when(erasureScheduledFor))}</Alert>
            <Button variant="secondary" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {copy.cancelErase}
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">{copy.eraseIntro(noticeHours)}</p>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" className="h-4 w-4" /> {copy.eraseButton}
            </Button>
          </>
        )}
        <ConfirmDialog
          open={confirming}
          title={copy.eraseConfirmTitle}
          message={copy.eraseConfirmMessage(noticeHours)}
          confirmLabel={copy.eraseConfirm}
          onConfirm={() => erase.mutate()}
          onCancel={() => setConfirming(false)}
          busy={erase.isPending}
        />
      </section>

      {requests.length > 0 && (
        <section aria-labelledby="your-data-history" className="space-y-2">
          <h3 id="your-data-history" className="font-semibold text-slate-900">
            {copy.historyTitle}
          </h3>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {requests.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span>{copy.kind[r.kind]}</span>
                <span className="text-slate-600">{formatDate(r.createdAt)}</span>
                <span className="font-medium">{copy.status[r.status]}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ConsentsPanel />
      <AccessLog />
    </div>
  );
}

function ReadyExport({ request }: { request: PrivacyRequestDto }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const url = request.downloadUrl ?? '';
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
      <span className="text-sm text-emerald-900">{copy.exportReady(when(request.expiresAt ?? ''))}</span>
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          download(url.replace(/^\/api/, ''), 'mentorbridge-data.zip')
            .catch((e: unknown) => toast.error(errorMessage(e, copy.downloadFailed)))
            .finally(() => setBusy(false));
        }}
      >
        {copy.downloadButton}
      </Button>
    </div>
  );
}

function AccessLog() {
  const log = useAccessLog();
  return (
    <section aria-labelledby="your-data-access" className="space-y-2">
      <h3 id="your-data-access" className="font-semibold text-slate-900">
        {copy.accessTitle}
      </h3>
      {log.isPending ? (
        <Spinner />
      ) : log.isError ? (
        <ErrorState message={errorMessage(log.error, copy.loadFailed)} onRetry={() => void log.refetch()} />
      ) : log.data.length === 0 ? (
        <p className="text-sm text-slate-600">{copy.accessEmpty}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {log.data.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              {when(e.at)}: {e.organisation ?? copy.accessBy[e.by]} {copy.accessAction[e.action]}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
