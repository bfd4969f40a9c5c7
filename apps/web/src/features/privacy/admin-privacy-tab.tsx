import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { envelope, messageOnly } from '@app/shared/api';
import {
  PRIVACY_REQUEST_KINDS,
  adminPrivacyRequestData,
  breachData,
  breachNoticeData,
  breachTablesData,
  retentionData,
  type AdminPrivacyRequestDto,
  type PrivacyRequestKind,
  type RetentionCategory,
} from '@app/shared/privacy';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, FormButtons } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { PANEL_CARD, Panel } from '../../components/ui/panel.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { api, download, errorMessage } from '../../lib/api.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { ADMIN_QUEUE_KEY, useAdminQueue, useRetention } from './api.ts';
import { AdminNoticesPanel } from './notice-consent.tsx';
import { KIND_KEYS, STATUS_KEYS, label } from './your-data-section.tsx';

/** The cards under the queue: spaced, with a smaller heading. */
const ADMIN_CARD = { className: `space-y-3 ${PANEL_CARD}`, headingClassName: 'font-semibold text-slate-900' } as const;

type Filter = 'open' | 'closed' | 'all';
const FILTER_KEYS = { open: 'privacy.admin.filter.open', closed: 'privacy.admin.filter.closed', all: 'privacy.admin.filter.all' } as const;
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
type Acting = { kind: 'refuse' | 'extend'; request: AdminPrivacyRequestDto } | null;

/** The admin's privacy section: the request queue, a request on someone's behalf, retention (issue 24). */
export function AdminPrivacyTab() {
  const t = useT();
  const format = useFormat();
  const [filter, setFilter] = useState<Filter>('open');
  const queue = useAdminQueue(filter);
  const client = useQueryClient();
  const toast = useToast();
  const [acting, setActing] = useState<Acting>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ADMIN_QUEUE_KEY });
  const process = useMutation({
    mutationFn: (id: string) => api(`/privacy/admin/requests/${id}/process`, envelope(adminPrivacyRequestData), { method: 'POST' }),
    onSuccess: (r) => {
      toast.success(r.message ?? t('privacy.admin.saved'));
      void refresh();
    },
    onError: (e) => toast.error(errorMessage(e, t('privacy.data.requestFailed'))),
  });
  const lift = useMutation({
    mutationFn: (userId: string) => api(`/privacy/admin/holds/${userId}`, messageOnly, { method: 'DELETE' }),
    onSuccess: (r) => {
      toast.success(r.message ?? t('privacy.admin.saved'));
      void refresh();
    },
    onError: (e) => toast.error(errorMessage(e, t('privacy.data.requestFailed'))),
  });

  return (
    <div className="space-y-8">
      <section aria-labelledby="privacy-queue" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="privacy-queue" className="text-lg font-semibold text-slate-900">
              {t('privacy.admin.title')}
            </h2>
            <p className="text-sm text-slate-600">{t('privacy.admin.intro')}</p>
          </div>
          <SelectField label={t('privacy.admin.filterLabel')} value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
            {(['open', 'closed', 'all'] as const).map((f) => (
              <option key={f} value={f}>
                {t(FILTER_KEYS[f])}
              </option>
            ))}
          </SelectField>
        </div>
        {queue.isPending ? (
          <Spinner />
        ) : queue.isError ? (
          <ErrorState message={errorMessage(queue.error, t('privacy.admin.loadFailed'))} onRetry={() => void queue.refetch()} />
        ) : queue.data.length === 0 ? (
          <EmptyState title={t('privacy.admin.empty')}>{t('privacy.admin.emptyHint')}</EmptyState>
        ) : (
          <ul className="space-y-3" aria-label={t('privacy.admin.title')}>
            {queue.data.map((r) => (
              <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {t('privacy.admin.kindStatus', { kind: label(t, KIND_KEYS, r.kind), status: label(t, STATUS_KEYS, r.status) })}
                    </p>
                    <p className="break-words text-sm text-slate-700">
                      {t('privacy.admin.person', { name: r.user.name, email: r.user.email })}
                    </p>
                    <p className="text-sm text-slate-600">
                      {t('privacy.admin.due', { date: format.date(r.dueAt, DATE) })}
                    </p>
                    {r.reason && (
                      <p className="text-sm text-slate-600" dir="auto">
                        {r.reason}
                      </p>
                    )}
                    {r.legalHold && <p className="text-sm font-medium text-amber-800">{t('privacy.admin.hold', { reason: r.legalHold })}</p>}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {r.status === 'pending' && (
                      <>
                        <Button size="sm" onClick={() => process.mutate(r.id)} disabled={process.isPending || (r.kind === 'erasure' && Boolean(r.legalHold))}>
                          {t('privacy.admin.process')}
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => setActing({ kind: 'refuse', request: r })}>
                          {t('privacy.admin.refuse')}
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => setActing({ kind: 'extend', request: r })}>
                          {t('privacy.admin.extend')}
                        </Button>
                      </>
                    )}
                    {r.downloadUrl && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => void download((r.downloadUrl ?? '').replace(/^\/api/, ''), 'mentorbridge-data.zip').catch((e: unknown) => toast.error(errorMessage(e, t('privacy.data.downloadFailed'))))}
                      >
                        {t('privacy.admin.download')}
                      </Button>
                    )}
                    {r.legalHold && (
                      <Button size="sm" variant="ghost" onClick={() => lift.mutate(r.user.id)} disabled={lift.isPending}>
                        {t('privacy.admin.liftHold')}
                      </Button>
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ActDialog acting={acting} onClose={() => setActing(null)} onDone={() => void refresh()} />
      <NewRequest onDone={() => void refresh()} />
      <AdminNoticesPanel />
      <Retention />
      <Breach />
    </div>
  );
}

function ActDialog({ acting, onClose, onDone }: { acting: Acting; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [hold, setHold] = useState(false);
  const [days, setDays] = useState('14');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      if (!acting) throw new Error('nothing to do');
      const path = `/privacy/admin/requests/${acting.request.id}/${acting.kind}`;
      const body = acting.kind === 'refuse' ? { reason, legalHold: hold } : { reason, days: Number(days) };
      return api(path, envelope(adminPrivacyRequestData), { method: 'POST', body });
    },
    onSuccess: (r) => {
      toast.success(r.message ?? t('privacy.admin.saved'));
      setReason('');
      setHold(false);
      setError(null);
      onDone();
      onClose();
    },
    onError: (e) => setError(errorMessage(e, t('privacy.data.requestFailed'))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <Dialog open={acting !== null} onClose={onClose} title={acting?.kind === 'extend' ? t('privacy.admin.extendTitle') : t('privacy.admin.refuseTitle')}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        {error && <Alert kind="error">{error}</Alert>}
        {acting?.kind === 'extend' && <TextField label={t('privacy.admin.days')} type="number" min={1} max={60} value={days} onChange={(e) => setDays(e.target.value)} required />}
        <TextArea label={t('privacy.admin.reason')} value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={1000} />
        {acting?.kind === 'refuse' && (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" checked={hold} onChange={(e) => setHold(e.target.checked)} className="mt-1" />
            <span>{t('privacy.admin.legalHold')}</span>
          </label>
        )}
        <div className="flex justify-end gap-2">
          <FormButtons onCancel={onClose} cancelLabel={t('privacy.admin.cancel')} submitLabel={t('privacy.admin.save')} pendingLabel={t('privacy.admin.save')} pending={save.isPending} />
        </div>
      </form>
    </Dialog>
  );
}

function NewRequest({ onDone }: { onDone: () => void }) {
  const t = useT();
  const toast = useToast();
  const [userId, setUserId] = useState('');
  const [kind, setKind] = useState<PrivacyRequestKind>('export');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => api('/privacy/admin/requests', envelope(adminPrivacyRequestData), { method: 'POST', body: { userId: userId.trim(), kind } }),
    onSuccess: () => {
      toast.success(t('privacy.admin.created'));
      setUserId('');
      setError(null);
      onDone();
    },
    onError: (e) => setError(errorMessage(e, t('privacy.data.requestFailed'))),
  });
  return (
    <Panel headingId="privacy-new" {...ADMIN_CARD} title={t('privacy.admin.newTitle')} intro={t('privacy.admin.newIntro')}>
      <form
        className="flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <TextField label={t('privacy.admin.userId')} value={userId} onChange={(e) => setUserId(e.target.value)} required />
        <SelectField label={t('privacy.admin.kindLabel')} value={kind} onChange={(e) => setKind(e.target.value as PrivacyRequestKind)}>
          {PRIVACY_REQUEST_KINDS.map((k) => (
            <option key={k} value={k}>
              {label(t, KIND_KEYS, k)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={create.isPending}>
          {t('privacy.admin.create')}
        </Button>
      </form>
      {error && <Alert kind="error">{error}</Alert>}
    </Panel>
  );
}

function Retention() {
  const t = useT();
  const format = useFormat();
  const data = useRetention();
  const client = useQueryClient();
  const toast = useToast();
  const [edits, setEdits] = useState<Partial<Record<RetentionCategory, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (category: RetentionCategory) =>
      api('/privacy/admin/retention', envelope(retentionData), { method: 'PUT', body: { category, days: Number(edits[category]) } }),
    onSuccess: (r) => {
      client.setQueryData(['privacy', 'admin', 'retention'], r.data);
      setError(null);
      toast.success(t('privacy.admin.saved'));
    },
    onError: (e) => setError(errorMessage(e, t('privacy.data.requestFailed'))),
  });
  return (
    <Panel headingId="privacy-retention" {...ADMIN_CARD} title={t('privacy.admin.retentionTitle')} intro={t('privacy.admin.retentionIntro')}>
      {error && <Alert kind="error">{error}</Alert>}
      {data.isPending ? (
        <Spinner />
      ) : data.isError ? (
        <ErrorState message={errorMessage(data.error, t('privacy.admin.loadFailed'))} onRetry={() => void data.refetch()} />
      ) : (
        <>
          <ul className="space-y-3">
            {data.data.settings.map((s) => (
              <li key={s.category}>
                <form
                  className="flex flex-wrap items-end gap-3"
                  noValidate
                  onSubmit={(e) => {
                    e.preventDefault();
                    save.mutate(s.category);
                  }}
                >
                  <TextField
                    label={t('privacy.admin.retentionDays', { label: s.label, min: format.number(s.minDays), max: format.number(s.maxDays) })}
                    type="number"
                    min={s.minDays}
                    max={s.maxDays}
                    value={edits[s.category] ?? String(s.days)}
                    onChange={(e) => setEdits({ ...edits, [s.category]: e.target.value })}
                  />
                  <Button type="submit" size="sm" variant="secondary" disabled={save.isPending}>
                    {t('privacy.admin.save')}
                  </Button>
                </form>
              </li>
            ))}
          </ul>
          <h3 className="text-sm font-semibold text-slate-900">{t('privacy.admin.lastRuns')}</h3>
          {data.data.runs.length === 0 ? (
            <p className="text-sm text-slate-600">{t('privacy.admin.noRuns')}</p>
          ) : (
            <ul className="space-y-1 text-sm text-slate-700">
              {data.data.runs.slice(0, 5).map((r) => (
                <li key={r.id} className="break-words">
                  {t('privacy.admin.run', {
                    date: format.date(r.startedAt, DATE),
                    counts: format.list(Object.entries(r.counts).map(([k, v]) => `${k} ${format.number(v)}`), { type: 'unit' }),
                  })}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Panel>
  );
}

/** The value of a datetime-local field as an ISO instant (the browser's zone), or '' while incomplete. */
function instant(local: string): string {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : '';
}

function Breach() {
  const t = useT();
  const toast = useToast();
  const [table, setTable] = useState('users');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tables = useQuery({
    queryKey: ['privacy', 'admin', 'breach-tables'],
    queryFn: ({ signal }) => api('/privacy/admin/breach/tables', envelope(breachTablesData), { signal }).then((r) => r.data.tables),
  });
  const find = useMutation({
    mutationFn: () => api('/privacy/admin/breach', envelope(breachData), { query: { table, from: instant(from), to: instant(to) } }),
    onSuccess: () => setError(null),
    onError: (e) => setError(errorMessage(e, t('privacy.data.requestFailed'))),
  });
  const send = useMutation({
    mutationFn: () => api('/privacy/admin/breach/notice', envelope(breachNoticeData), { method: 'POST', body: { table, from: instant(from), to: instant(to), subject, message } }),
    onSuccess: (r) => {
      setError(null);
      toast.success(r.message ?? t('privacy.admin.saved'));
    },
    onError: (e) => setError(errorMessage(e, t('privacy.data.requestFailed'))),
  });
  const people = find.data?.data.people;
  return (
    <Panel headingId="privacy-breach" {...ADMIN_CARD} title={t('privacy.admin.breachTitle')} intro={t('privacy.admin.breachIntro')}>
      {error && <Alert kind="error">{error}</Alert>}
      <form
        className="grid gap-3 sm:grid-cols-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          find.mutate();
        }}
      >
        <SelectField label={t('privacy.admin.breachTable')} value={table} onChange={(e) => setTable(e.target.value)}>
          {(tables.data ?? ['users']).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <TextField label={t('privacy.admin.breachFrom')} type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} required />
        <TextField label={t('privacy.admin.breachTo')} type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} required />
        <div className="sm:col-span-3">
          <Button type="submit" variant="secondary" disabled={find.isPending}>
            {t('privacy.admin.breachFind')}
          </Button>
        </div>
      </form>
      {people && (
        <div className="space-y-3">
          <p role="status" className="text-sm font-medium text-slate-900">
            {people.length === 0 ? t('privacy.admin.breachNone') : t('privacy.admin.breachPeople', { count: people.length })}
          </p>
          {people.length > 0 && (
            <>
              <ul className="max-h-48 overflow-auto text-sm text-slate-700">
                {people.slice(0, 200).map((p) => (
                  <li key={p.id} className="break-words">
                    <bdi>{t('privacy.admin.breachPerson', { name: p.name, email: p.email })}</bdi>
                  </li>
                ))}
              </ul>
              <form
                className="space-y-3"
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  send.mutate();
                }}
              >
                <TextField label={t('privacy.admin.breachSubject')} value={subject} onChange={(e) => setSubject(e.target.value)} required maxLength={200} />
                <TextArea label={t('privacy.admin.breachMessage')} value={message} onChange={(e) => setMessage(e.target.value)} required maxLength={10000} rows={5} />
                <Button type="submit" variant="danger" disabled={send.isPending}>
                  {t('privacy.admin.breachSend')}
                </Button>
              </form>
            </>
          )}
        </div>
      )}
    </Panel>
  );
}
