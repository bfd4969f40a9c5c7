import { useMemo, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CalendarClock, Search } from 'lucide-react';
import { TIME_STEPS, todayIn, type ConnectionRequest } from '@app/shared/mentoring';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, FormButtons } from '../../components/ui/dialog.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { TimeZoneField } from '../../components/ui/time-zone-field.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api.ts';
import { initials } from '../../lib/format.ts';
import { rich, useFormat, useT } from '../../lib/i18n.tsx';
import { respondToRequest, useInvalidateMentoring } from '../mentoring/api.ts';
import { MatchedIn } from '../mentoring/matched-in.tsx';
import { slotText, wallClock } from '../mentoring/time-utils.ts';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { useRequests } from './api.ts';


const STATUS_STYLE: Record<ConnectionRequest['status'], string> = {
  pending: 'bg-amber-100 text-amber-800',
  accepted: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
  expired: 'bg-slate-200 text-slate-700',
  cancelled: 'bg-slate-200 text-slate-700',
};

export function RequestsTab() {
  const t = useT();
  const requests = useRequests();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'all' | 'pending' | 'accepted' | 'rejected'>('all');
  const [responding, setResponding] = useState<ConnectionRequest | null>(null);
  const [processing, setProcessing] = useState<string | null>(null);

  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (requests.data ?? []).filter((r) => {
      if (status !== 'all' && r.status !== status) return false;
      if (!needle) return true;
      const s = r.student;
      return [`${s.firstName} ${s.lastName}`, s.email, s.university ?? '', s.department ?? s.course ?? '', r.message ?? ''].some(
        (v) => v.toLowerCase().includes(needle),
      );
    });
  }, [requests.data, search, status]);

  const filtering = search.trim() !== '' || status !== 'all';

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-9 inset-s-3 h-4 w-4 text-slate-500" aria-hidden="true" />
          <TextField
            label={t('pro.requests.search')}
            placeholder={t('pro.requests.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="ps-9"
            type="search"
          />
        </div>
        <div className="sm:w-48">
          <SelectField label={t('pro.requests.statusFilter')} value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="all">{t('pro.requests.allStatus')}</option>
            <option value="pending">{t('pro.requests.filter', { status: 'pending' })}</option>
            <option value="accepted">{t('pro.requests.filter', { status: 'accepted' })}</option>
            <option value="rejected">{t('pro.requests.filter', { status: 'rejected' })}</option>
          </SelectField>
        </div>
      </div>

      {requests.isPending ? (
        <Spinner label={t('pro.requests.loading')} />
      ) : requests.isError ? (
        <ErrorState
          message={errorMessage(requests.error, t('pro.requests.loadFailed'))}
          onRetry={() => void requests.refetch()}
        />
      ) : filtered.length === 0 ? (
        <EmptyState title={t('pro.requests.emptyTitle')}>
          {filtering
            ? t('pro.requests.emptyFiltered')
            : t('pro.requests.emptyBody')}
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {filtered.map((r) => (
            <RequestCard key={r._id} request={r} busy={processing === r._id} onRespond={() => setResponding(r)} />
          ))}
        </ul>
      )}
      <RespondDialog request={responding} onClose={() => setResponding(null)} onBusy={setProcessing} />
    </div>
  );
}

function RequestCard({ request: r, busy, onRespond }: { request: ConnectionRequest; busy: boolean; onRespond: () => void }) {
  const t = useT();
  const format = useFormat();
  const zone = useMyTimeZone();
  const name = `${r.student.firstName} ${r.student.lastName}`.trim();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start gap-3">
        <span
          aria-hidden="true"
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
        >
          {initials(name) || '?'}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-slate-900" dir="auto">{name}</h3>
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[r.status]}`}>
              {t('pro.requests.status', { status: r.status })}
            </span>
          </div>
          <p className="text-sm break-all text-slate-700" dir="ltr">{r.student.email}</p>
          <p className="text-sm text-slate-700" dir="auto">
            {[
              r.student.university,
              r.student.department ?? r.student.course,
              r.student.year ? t('pro.requests.year', { year: r.student.year }) : null,
              r.student.cgpa !== null ? t('pro.requests.cgpa', { cgpa: format.number(r.student.cgpa) }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="mt-1 text-xs text-slate-600">{t('pro.requests.requestedOn', { date: format.date(r.requestedAt, { dateStyle: 'medium', timeZone: zone }) })}</p>
          {r.requestedSlot && (
            <p className="mt-1 flex items-start gap-1 text-sm text-slate-800">
              <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {t('pro.requests.requestedSlot', { slot: slotText(r.requestedSlot.start, r.requestedSlot.end, r.requestedSlot.timezone) })}
            </p>
          )}
          {r.matchedIn && <MatchedIn programme={r.matchedIn.name} className="mt-2 text-sm text-slate-800" />}
          {r.message && <p className="mt-2 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800" dir="auto">{r.message}</p>}
          {r.status !== 'pending' && r.respondedAt && (
            <div className="mt-2 text-sm">
              <p className="font-medium text-slate-800">{t('pro.requests.yourResponse')}</p>
              {r.responseMessage && <p className="whitespace-pre-wrap text-slate-700" dir="auto">{r.responseMessage}</p>}
              <p className="text-xs text-slate-600">{format.date(r.respondedAt, { dateStyle: 'medium', timeZone: zone })}</p>
            </div>
          )}
        </div>
        {r.status === 'pending' && (
          <div className="w-full sm:w-auto">
            <Button onClick={onRespond} disabled={busy} className="w-full sm:w-auto">
              {busy ? t('pro.common.processing') : t('pro.requests.respond')}
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

function RespondDialog({
  request,
  onClose,
  onBusy,
}: {
  request: ConnectionRequest | null;
  onClose: () => void;
  onBusy: (id: string | null) => void;
}) {
  const t = useT();
  return (
    <Dialog open={request !== null} onClose={onClose} title={t('pro.requests.respondTitle')} size="lg">
      {request && <RespondForm key={request._id} request={request} onClose={onClose} onBusy={onBusy} />}
    </Dialog>
  );
}

function RespondForm({
  request,
  onClose,
  onBusy,
}: {
  request: ConnectionRequest;
  onClose: () => void;
  onBusy: (id: string | null) => void;
}) {
  const t = useT();
  const toast = useToast();
  const invalidate = useInvalidateMentoring();
  const slot = request.requestedSlot;
  // The student's requested slot keeps its own zone; otherwise the mentor's own (decision 702). Any IANA zone.
  const myZone = useMyTimeZone();
  const slotZone = slot?.timezone ?? myZone;
  const [status, setStatus] = useState<'accepted' | 'rejected'>('accepted');
  const [message, setMessage] = useState('');
  const [timezone, setTimezone] = useState<string>(slotZone);
  const [date, setDate] = useState(slot ? wallClock(slot.start, slotZone).date : '');
  const [startTime, setStartTime] = useState(slot ? wallClock(slot.start, slotZone).time : '');
  const [endTime, setEndTime] = useState(slot ? wallClock(slot.end, slotZone).time : '');
  const [failure, setFailure] = useState<{ main: string; detail?: string } | null>(null);

  const mutation = useMutation({
    mutationFn: () => {
      const scheduled = status === 'accepted' && date && startTime && endTime;
      return respondToRequest(request._id, {
        status,
        message: message.trim() || undefined,
        ...(scheduled ? { date, startTime, endTime, timezone } : {}),
      });
    },
    onMutate: () => onBusy(request._id),
    onSettled: () => onBusy(null),
    onSuccess: () => {
      toast.success(status === 'accepted' ? t('pro.requests.accepted') : t('pro.requests.declined'));
      void invalidate();
      onClose();
    },
    onError: (error) => setFailure({ main: t('pro.requests.respondFailed'), detail: errorMessage(error, '') || undefined }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    mutation.mutate();
  };
  const partial = [date, startTime, endTime].filter(Boolean).length;

  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-700">
        {rich(t(request.message ? 'pro.requests.fromWithMessage' : 'pro.requests.from', { name: `${request.student.firstName} ${request.student.lastName}`, message: request.message ?? '' }), {
          name: (chunk) => <strong><bdi>{chunk}</bdi></strong>,
          message: (chunk) => <bdi>{chunk}</bdi>,
        })}
      </p>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('pro.requests.decision')}</legend>
        <div className="mt-2 flex gap-4">
          {(['accepted', 'rejected'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input type="radio" name="decision" value={value} checked={status === value} onChange={() => setStatus(value)} />
              {value === 'accepted' ? t('pro.requests.accept') : t('pro.requests.decline')}
            </label>
          ))}
        </div>
      </fieldset>
      <TextArea
        label={t('pro.requests.message')}
        rows={3}
        maxLength={2000}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        placeholder={status === 'accepted' ? t('pro.requests.acceptPlaceholder') : t('pro.requests.declinePlaceholder')}
      />
      {status === 'accepted' && (
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">{t('pro.requests.scheduleLegend')}</legend>
          <p className="text-xs text-slate-600">{t('pro.requests.scheduleHint')}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label={t('pro.schedule.date')} type="date" min={todayIn(timezone)} value={date} onChange={(e) => setDate(e.target.value)} />
            <TimeZoneField label={t('pro.schedule.timezone')} value={timezone} onChange={setTimezone} hint={t('pro.schedule.timezoneHint')} />
            <SelectField label={t('pro.schedule.start')} value={startTime} onChange={(e) => setStartTime(e.target.value)}>
              <option value="">--:--</option>
              {withValue(TIME_STEPS, startTime).map((t) => (
                <option key={t}>{t}</option>
              ))}
            </SelectField>
            <SelectField label={t('pro.schedule.end')} value={endTime} onChange={(e) => setEndTime(e.target.value)}>
              <option value="">--:--</option>
              {withValue(TIME_STEPS, endTime).map((t) => (
                <option key={t}>{t}</option>
              ))}
            </SelectField>
          </div>
          {partial > 0 && partial < 3 && <p className="text-xs text-amber-800">{t('pro.requests.scheduleIncomplete')}</p>}
        </fieldset>
      )}
      {failure && (
        <Alert kind="error">
          {failure.main}
          {failure.detail && failure.detail !== failure.main && <span className="mt-1 block text-xs">{failure.detail}</span>}
        </Alert>
      )}
      <div className="flex justify-end gap-2">
        <FormButtons
          onCancel={onClose}
          cancelLabel={t('pro.common.cancel')}
          submitLabel={status === 'accepted' ? t('pro.requests.acceptRequest') : t('pro.requests.declineRequest')}
          pendingLabel={t('pro.common.processing')}
          pending={mutation.isPending}
          variant={status === 'rejected' ? 'danger' : 'primary'}
        />
      </div>
    </form>
  );
}

/** The 30-minute steps plus a prefilled value that falls between them (a student's requested slot). */
function withValue(steps: readonly string[], value: string): string[] {
  return value && !steps.includes(value) ? [...steps, value].sort() : [...steps];
}
