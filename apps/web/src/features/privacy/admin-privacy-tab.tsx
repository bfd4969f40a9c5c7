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
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { Alert, SelectField, TextArea, TextField } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { api, download, errorMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { ADMIN_QUEUE_KEY, useAdminQueue, useRetention } from './api.ts';
import { AdminNoticesPanel } from './notice-consent.tsx';
import { copy } from './privacy.copy.ts';

type Filter = 'open' | 'closed' | 'all';
type Acting = { kind: 'refuse' | 'extend'; request: AdminPrivacyRequestDto } | null;

/** The admin's privacy section: the request queue, a request on someone's behalf, retention (issue 24). */
export function AdminPrivacyTab() {
  const [filter, setFilter] = useState<Filter>('open');
  const queue = useAdminQueue(filter);
  const client = useQueryClient();
  const toast = useToast();
  const [acting, setActing] = useState<Acting>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ADMIN_QUEUE_KEY });
  const process = useMutation({
    mutationFn: (id: string) => api(`/privacy/admin/requests/${id}/process`, envelope(adminPrivacyRequestData), { method: 'POST' }),
    onSuccess: (r) => {
      toast.success(r.message ?? copy.saved);
      void refresh();
    },
    onError: (e) => toast.error(errorMessage(e, copy.requestFailed)),
  });
  const lift = useMutation({
    mutationFn: (userId: string) => api(`/privacy/admin/holds/${userId}`, messageOnly, { method: 'DELETE' }),
    onSuccess: (r) => {
      toast.success(r.message ?? copy.saved);
      void refresh();
    },
    onError: (e) => toast.error(errorMessage(e, copy.requestFailed)),
  });

  return (
    <div className="space-y-8">
      <section aria-labelledby="privacy-queue" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="privacy-queue" className="text-lg font-semibold text-slate-900">
              {copy.adminTitle}
            </h2>
            <p className="text-sm text-slate-600">{copy.adminIntro}</p>
          </div>
          <SelectField label={copy.filterLabel} value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
            {(['open', 'closed', 'all'] as const).map((f) => (
              <option key={f} value={f}>
                {copy.filters[f]}
              </option>
            ))}
          </SelectField>
        </div>
        {queue.isPending ? (
          <Spinner />
        ) : queue.isError ? (
          <ErrorState message={errorMessage(queue.error, copy.loadFailed)} onRetry={() => void queue.refetch()} />
        ) : queue.data.length === 0 ? (
          <EmptyState title={copy.empty}>{copy.emptyHint}</EmptyState>
        ) : (
          <ul className="space-y-3" aria-label={copy.adminTitle}>
            {queue.data.map((r) => (
              <li key={r.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {copy.kind[r.kind]} · {copy.status[r.status]}
                    </p>
                    <p className="break-words text-sm text-slate-700">
                      {copy.person}: {r.user.name} ({r.user.email})
                    </p>
                    <p className="text-sm text-slate-600">
                      {copy.due}: {formatDate(r.dueAt)}
                    </p>
                    {r.reason && <p className="text-sm text-slate-600">{r.reason}</p>}
                    {r.legalHold && <p className="text-sm font-medium text-amber-800">{copy.hold(r.legalHold)}</p>}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {r.status === 'pending' && (
                      <>
                        <Button size="sm" onClick={() => process.mutate(r.id)} disabled={process.isPending || (r.kind === 'erasure' && Boolean(r.legalHold))}>
                          {copy.process}
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => setActing({ kind: 'refuse', request: r })}>
                          {copy.refuse}
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => setActing({ kind: 'extend', request: r })}>
                          {copy.extend}
                        </Button>
                      </>
                    )}
                    {r.downloadUrl && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => void download((r.downloadUrl ?? '').replace(/^\/api/, ''), 'mentorbridge-data.zip').catch((e: unknown) => toast.error(errorMessage(e, copy.downloadFailed)))}
                      >
                        {copy.download}
                      </Button>
                    )}
                    {r.legalHold && (
                      <Button size="sm" variant="ghost" onClick={() => lift.mutate(r.user.id)} disabled={lift.isPending}>
                        {copy.liftHold}
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
      toast.success(r.message ?? copy.saved);
      setReason('');
      setHold(false);
      setError(null);
      onDone();
      onClose();
    },
    onError: (e) => setError(errorMessage(e, copy.requestFailed)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <Dialog open={acting !== null} onClose={onClose} title={acting?.kind === 'extend' ? copy.extendTitle : copy.refuseTitle}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        {error && <Alert kind="error">{error}</Alert>}
        {acting?.kind === 'extend' && <TextField label={copy.days} type="number" min={1} max={60} value={days} onChange={(e) => setDays(e.target.value)} required />}
        <TextArea label={copy.reason} value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={1000} />
        {acting?.kind === 'refuse' && (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" checked={hold} onChange={(e) => setHold(e.target.checked)} className="mt-1" />
            <span>{copy.legalHold}</span>
          </label>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {copy.cancel}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {copy.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function NewRequest({ onDone }: { onDone: () => void }) {
  const toast = useToast();
  const [userId, setUserId] = useState('');
  const [kind, setKind] = useState<PrivacyRequestKind>('export');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => api('/privacy/admin/requests', envelope(adminPrivacyRequestData), { method: 'POST', body: { userId: userId.trim(), kind } }),
    onSuccess: () => {
      toast.success(copy.created);
      setUserId('');
      setError(null);
      onDone();
    },
    onError: (e) => setError(errorMessage(e, copy.requestFailed)),
  });
  return (
    <section aria-labelledby="privacy-new" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="privacy-new" className="font-semibold text-slate-900">
        {copy.newTitle}
      </h2>
      <p className="text-sm text-slate-600">{copy.newIntro}</p>
      <form
        className="flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <TextField label={copy.userId} value={userId} onChange={(e) => setUserId(e.target.value)} required />
        <SelectField label={copy.kindLabel} value={kind} onChange={(e) => setKind(e.target.value as PrivacyRequestKind)}>
          {PRIVACY_REQUEST_KINDS.map((k) => (
            <option key={k} value={k}>
              {copy.kind[k]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={create.isPending}>
          {copy.create}
        </Button>
      </form>
      {error && <Alert kind="error">{error}</Alert>}
    </section>
  );
}

function Retention() {
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
      toast.success(copy.saved);
    },
    onError: (e) => setError(errorMessage(e, copy.requestFailed)),
  });
  return (
    <section aria-labelledby="privacy-retention" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="privacy-retention" className="font-semibold text-slate-900">
        {copy.retentionTitle}
      </h2>
      <p className="text-sm text-slate-600">{copy.retentionIntro}</p>
      {error && <Alert kind="error">{error}</Alert>}
      {data.isPending ? (
        <Spinner />
      ) : data.isError ? (
        <ErrorState message={errorMessage(data.error, copy.loadFailed)} onRetry={() => void data.refetch()} />
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
                    label={`${s.label}: ${copy.retentionDays(s.minDays, s.maxDays)}`}
                    type="number"
                    min={s.minDays}
                    max={s.maxDays}
                    value={edits[s.category] ?? String(s.days)}
                    onChange={(e) => setEdits({ ...edits, [s.category]: e.target.value })}
                  />
                  <Button type="submit" size="sm" variant="secondary" disabled={save.isPending}>
                    {copy.save}
                  </Button>
                </form>
              </li>
            ))}
          </ul>
          <h3 className="text-sm font-semibold text-slate-900">{copy.lastRuns}</h3>
          {data.data.runs.length === 0 ? (
            <p className="text-sm text-slate-600">{copy.noRuns}</p>
          ) : (
            <ul className="space-y-1 text-sm text-slate-700">
              {data.data.runs.slice(0, 5).map((r) => (
                <li key={r.id} className="break-words">
                  {formatDate(r.startedAt)}: {Object.entries(r.counts).map(([k, v]) => `${k} ${v}`).join(', ')}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/** The value of a datetime-local field as an ISO instant (the browser's zone), or '' while incomplete. */
function instant(local: string): string {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : '';
}

function Breach() {
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
    onError: (e) => setError(errorMessage(e, copy.requestFailed)),
  });
  const send = useMutation({
    mutationFn: () => api('/privacy/admin/breach/notice', envelope(breachNoticeData), { method: 'POST', body: { table, from: instant(from), to: instant(to), subject, message } }),
    onSuccess: (r) => {
      setError(null);
      toast.success(r.message ?? copy.saved);
    },
    onError: (e) => setError(errorMessage(e, copy.requestFailed)),
  });
  const people = find.data?.data.people;
  return (
    <section aria-labelledby="privacy-breach" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="privacy-breach" className="font-semibold text-slate-900">
        {copy.breachTitle}
      </h2>
      <p className="text-sm text-slate-600">{copy.breachIntro}</p>
      {error && <Alert kind="error">{error}</Alert>}
      <form
        className="grid gap-3 sm:grid-cols-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          find.mutate();
        }}
      >
        <SelectField label={copy.breachTable} value={table} onChange={(e) => setTable(e.target.value)}>
          {(tables.data ?? ['users']).map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <TextField label={copy.breachFrom} type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} required />
        <TextField label={copy.breachTo} type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} required />
        <div className="sm:col-span-3">
          <Button type="submit" variant="secondary" disabled={find.isPending}>
            {copy.breachFind}
          </Button>
        </div>
      </form>
      {people && (
        <div className="space-y-3">
          <p role="status" className="text-sm font-medium text-slate-900">
            {people.length === 0 ? copy.breachNone : copy.breachPeople(people.length)}
          </p>
          {people.length > 0 && (
            <>
              <ul className="max-h-48 overflow-auto text-sm text-slate-700">
                {people.slice(0, 200).map((p) => (
                  <li key={p.id} className="break-words">
                    {p.name} ({p.email})
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
                <TextField label={copy.breachSubject} value={subject} onChange={(e) => setSubject(e.target.value)} required maxLength={200} />
                <TextArea label={copy.breachMessage} value={message} onChange={(e) => setMessage(e.target.value)} required maxLength={10000} rows={5} />
                <Button type="submit" variant="danger" disabled={send.isPending}>
                  {copy.breachSend}
                </Button>
              </form>
            </>
          )}
        </div>
      )}
    </section>
  );
}
