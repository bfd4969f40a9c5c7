import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, KeyRound, XCircle } from 'lucide-react';
import { envelope } from '@app/shared/api';
import {
  bulkAttendanceData,
  checkInCodeData,
  lifecycleActionData,
} from '@app/shared/workshop-admin';
import type { WorkshopDto } from '@app/shared/workshops';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { api, errorMessage } from '../../lib/api.ts';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import type { WorkshopsManageApi } from './manage-workshops.ts';
import { PhaseBadge } from './workshop-bits.tsx';
import { rich, useFormat, useT } from '../../lib/i18n.tsx';

export { PhaseBadge };

type Base = '/admin/workshops' | '/workshops/my-workshops';

/** The lifecycle calls of a manager (admin or instructor), docs/decisions/401. */
export function lifecycleApi(base: Base) {
  return {
    complete: (id: string) => api(`${base}/${id}/complete`, envelope(lifecycleActionData), { method: 'POST' }),
    cancel: (id: string) => api(`${base}/${id}/cancel`, envelope(lifecycleActionData), { method: 'POST' }),
    markAll: (id: string, status: 'attended' | 'absent') =>
      api(`${base}/${id}/attendance`, envelope(bulkAttendanceData), { method: 'PUT', body: { status } }),
    checkInCode: (id: string) => api(`${base}/${id}/check-in-code`, envelope(checkInCodeData)),
  };
}

export const canComplete = (w: WorkshopDto) => w.phase === 'live' || w.phase === 'ended';
export const canCancel = (w: WorkshopDto) => w.phase === 'draft' || w.phase === 'upcoming' || w.phase === 'live' || w.phase === 'ended';

/** Complete / Cancel buttons, each behind a confirmation; `onChanged` refreshes the caller's list. */
export function LifecycleActions({ base, workshop, onChanged }: { base: Base; workshop: WorkshopDto; onChanged: () => unknown }) {
  const t = useT();
  const toast = useToast();
  const calls = lifecycleApi(base);
  const [confirm, setConfirm] = useState<'complete' | 'cancel' | null>(null);
  const action = useMutation({
    mutationFn: (kind: 'complete' | 'cancel') => (kind === 'complete' ? calls.complete(workshop._id) : calls.cancel(workshop._id)),
    onSuccess: (r) => {
      toast.success(r.message ?? t('workshops.manage.updated'));
      setConfirm(null);
      void onChanged();
    },
    onError: (error) => {
      toast.error(errorMessage(error, t('workshops.manage.requestFailed')));
      setConfirm(null);
    },
  });
  if (!canComplete(workshop) && !canCancel(workshop)) return null;
  return (
    <>
      {canComplete(workshop) && (
        <Button size="sm" variant="secondary" onClick={() => setConfirm('complete')} aria-label={t('workshops.manage.completeLabel', { title: workshop.title })}>
          <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> {t('workshops.manage.complete')}
        </Button>
      )}
      {canCancel(workshop) && (
        <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setConfirm('cancel')} aria-label={t('workshops.manage.cancelLabel', { title: workshop.title })}>
          <XCircle aria-hidden="true" className="h-4 w-4" /> {t('workshops.manage.cancel')}
        </Button>
      )}
      <ConfirmDialog
        open={confirm === 'complete'}
        title={t('workshops.manage.completeTitle')}
        message={
          // The actions may sit in a table cell that does not wrap: this text does.
          <span className="block whitespace-normal text-start">
            {rich(t('workshops.manage.completeBody', { title: workshop.title }), { title: (chunk) => <bdi>{chunk}</bdi> })}
          </span>
        }
        confirmLabel={t('workshops.manage.completeTitle')}
        busy={action.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => action.mutate('complete')}
      />
      <ConfirmDialog
        open={confirm === 'cancel'}
        title={t('workshops.manage.cancelTitle')}
        message={
          <span className="block whitespace-normal text-start">
            {rich(t('workshops.manage.cancelBody', { title: workshop.title }), { title: (chunk) => <bdi>{chunk}</bdi> })}
          </span>
        }
        confirmLabel={t('workshops.manage.cancelTitle')}
        busy={action.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => action.mutate('cancel')}
      />
    </>
  );
}

/** The code the instructor shows so students can check in while the workshop is live (decision 404). */
function CheckInCode({ base, workshop }: { base: Base; workshop: WorkshopDto }) {
  const t = useT();
  const format = useFormat();
  const zone = useMyTimeZone();
  const at = (iso: string) => format.time(iso, { timeStyle: 'short', timeZone: zone });
  const code = useQuery({ queryKey: ['check-in-code', base, workshop._id], queryFn: () => lifecycleApi(base).checkInCode(workshop._id) });
  if (code.isPending) return <Spinner label={t('workshops.manage.codeLoading')} />;
  if (code.isError) return <ErrorState message={errorMessage(code.error, t('workshops.manage.codeFailed'))} onRetry={() => void code.refetch()} />;
  const { code: value, opensAt, closesAt } = code.data.data;
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <KeyRound aria-hidden="true" className="h-4 w-4" /> {t('workshops.tab.checkInCode')}
      </p>
      <p dir="ltr" className="mt-1 text-start font-mono text-3xl font-bold tracking-widest text-slate-900" aria-label={t('workshops.manage.codeLabel', { code: value.split('').join(' ') })}>
        {value}
      </p>
      <p className="mt-1 text-xs text-slate-600">
        {t('workshops.manage.codeHint', { from: at(opensAt), until: at(closesAt), zone })}
      </p>
    </div>
  );
}

/** Registrations with attendance (per registrant and "mark all"), during or after the workshop. */
export function AttendancePanel({ base, manage, workshop, onChanged }: { base: Base; manage: WorkshopsManageApi; workshop: WorkshopDto; onChanged?: () => unknown }) {
  const t = useT();
  const format = useFormat();
  const zone = useMyTimeZone();
  const toast = useToast();
  const qc = useQueryClient();
  const key = ['workshop-registrations', base, workshop._id];
  const regs = useQuery({ queryKey: key, queryFn: () => manage.registrations(workshop._id) });
  const after = () => {
    void qc.invalidateQueries({ queryKey: key });
    void onChanged?.();
  };
  const mark = useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'attended' | 'absent' }) => manage.attendance(workshop._id, id, status),
    onSuccess: after,
    onError: (error) => toast.error(errorMessage(error, t('workshops.manage.requestFailed'))),
  });
  const markAll = useMutation({
    mutationFn: (status: 'attended' | 'absent') => lifecycleApi(base).markAll(workshop._id, status),
    onSuccess: (r, status) => {
      toast.success(t('workshops.manage.markedAll', { count: r.data.updated, status }));
      after();
    },
    onError: (error) => toast.error(errorMessage(error, t('workshops.manage.requestFailed'))),
  });
  if (regs.isPending) return <Spinner label={t('workshops.manage.regsLoading')} />;
  if (regs.isError)
    return <ErrorState message={t('workshops.manage.regsFailed', { reason: errorMessage(regs.error, t('workshops.manage.requestFailed')) })} onRetry={() => void regs.refetch()} />;
  const list = regs.data.data.registrations;
  const started = workshop.phase === 'live' || workshop.phase === 'ended' || workshop.phase === 'completed';
  const showCode = workshop.phase === 'upcoming' || workshop.phase === 'live';
  return (
    <div className="space-y-4">
      {showCode && <CheckInCode base={base} workshop={workshop} />}
      {list.length === 0 ? (
        <EmptyState title={t('workshops.manage.noRegistrations')} />
      ) : (
        <>
          {started && workshop.phase !== 'cancelled' && (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => markAll.mutate('attended')} disabled={markAll.isPending}>
                {t('workshops.manage.markAllAttended')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => markAll.mutate('absent')} disabled={markAll.isPending}>
                {t('workshops.manage.markAllAbsent')}
              </Button>
            </div>
          )}
          <ul className="divide-y divide-slate-100" aria-label={t('workshops.manage.registrations')}>
            {list.map((r) => (
              <li key={r._id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p dir="auto" className="font-medium">{r.student.fullName}</p>
                  <p className="break-all text-xs text-slate-600">
                    <bdi>{r.student.email}</bdi>
                    {r.student.university ? <> · <bdi>{r.student.university}</bdi></> : null} ·{' '}
                    {t('workshops.manage.registeredOn', { date: format.date(r.registeredAt, { dateStyle: 'medium', timeZone: zone }) })}
                    {r.checkedInAt ? <> · {t('workshops.manage.checkedInAt', { time: format.time(r.checkedInAt, { timeStyle: 'short', timeZone: zone }) })}</> : null}
                    {r.certificateId ? <> · {rich(t('workshops.manage.certificateId', { id: r.certificateId }), { id: (chunk) => <bdi>{chunk}</bdi> })}</> : null}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                      r.status === 'attended' ? 'bg-green-100 text-green-800' : r.status === 'registered' ? 'bg-blue-100 text-blue-800' : 'bg-red-100 text-red-800'
                    }`}
                  >
                    {t('workshops.manage.regStatus', { status: r.status })}
                  </span>
                  {r.status !== 'cancelled' && started && workshop.phase !== 'cancelled' && (
                    <>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={mark.isPending || r.status === 'attended'}
                        onClick={() => mark.mutate({ id: r._id, status: 'attended' })}
                        aria-label={t('workshops.manage.markAttendedLabel', { name: r.student.fullName })}
                      >
                        {t('workshops.manage.attended')}
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={mark.isPending || r.status === 'absent'}
                        onClick={() => mark.mutate({ id: r._id, status: 'absent' })}
                        aria-label={t('workshops.manage.markAbsentLabel', { name: r.student.fullName })}
                      >
                        {t('workshops.manage.absent')}
                      </Button>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {!started && <p className="text-xs text-slate-600">{t('workshops.manage.attendanceTooEarly')}</p>}
        </>
      )}
    </div>
  );
}
