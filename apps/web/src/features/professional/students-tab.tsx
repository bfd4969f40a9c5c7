import { useState } from 'react';
import { CalendarPlus, Eye, MessageSquare, Search } from 'lucide-react';
import { ACTIVE_WINDOW_DAYS, type ConnectedStudent } from '@app/shared/mentoring';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { errorMessage } from '../../lib/api.ts';
import { initials, relativeTime } from '../../lib/format.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { useDebounced } from '../../lib/hooks.ts';
import { MessageThreadDialog } from '../mentoring/message-thread.tsx';
import { useConnectedStudents } from './api.ts';
import { Panel, SHADOW_CARD } from '../../components/ui/panel.tsx';

export function StudentsTab({ onSchedule }: { onSchedule: (studentId: string) => void }) {
  const t = useT();
  const format = useFormat();
  const zone = useMyTimeZone();
  const formatDate = (iso: string) => format.date(iso, { dateStyle: 'medium', timeZone: zone });
  const notSet = t('pro.students.notSet');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'all' | 'active' | 'inactive'>('all');
  const settled = useDebounced(search.trim(), 300);
  const students = useConnectedStudents(settled, status);
  const everyone = useConnectedStudents('', 'all');
  const [thread, setThread] = useState<{ id: string; name: string } | null>(null);
  const [profile, setProfile] = useState<ConnectedStudent | null>(null);

  const all = everyone.data ?? [];
  const weekAgo = Date.now() - ACTIVE_WINDOW_DAYS * 86_400_000;
  const analytics = [
    { label: t('pro.students.total'), value: all.length },
    { label: t('pro.students.active'), value: all.filter((s) => s.status === 'active').length },
    { label: t('pro.students.totalSessions'), value: all.reduce((sum, s) => sum + s.totalSessions, 0) },
    {
      label: t('pro.students.activeThisWeek'),
      value: all.filter((s) => s.lastInteraction && new Date(s.lastInteraction).getTime() >= weekAgo).length,
    },
  ];

  return (
    <div className="space-y-6">
      <Panel headingId="student-analytics" {...SHADOW_CARD} title={t('pro.students.analytics')}>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {analytics.map((a) => (
            <div key={a.label} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">{a.label}</dt>
              <dd className="text-xl font-bold text-slate-900">{everyone.isPending ? t('pro.students.pendingValue') : format.number(a.value)}</dd>
            </div>
          ))}
        </dl>
      </Panel>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-9 inset-s-3 h-4 w-4 text-slate-500" aria-hidden="true" />
          <TextField
            label={t('pro.students.search')}
            type="search"
            placeholder={t('pro.students.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="ps-9"
          />
        </div>
        <div className="sm:w-44">
          <SelectField label={t('pro.students.statusLabel')} value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="all">{t('pro.students.all')}</option>
            <option value="active">{t('pro.students.status', { status: 'active' })}</option>
            <option value="inactive">{t('pro.students.status', { status: 'inactive' })}</option>
          </SelectField>
        </div>
      </div>

      {students.isPending ? (
        <Spinner label={t('pro.students.loading')} />
      ) : students.isError ? (
        <ErrorState
          message={errorMessage(students.error, t('pro.students.loadFailed'))}
          onRetry={() => void students.refetch()}
        />
      ) : students.data.length === 0 ? (
        <EmptyState title={settled || status !== 'all' ? t('pro.students.noMatch') : t('pro.sessions.noStudentsTitle')}>
          {settled || status !== 'all'
            ? t('pro.students.noMatchBody')
            : t('pro.students.emptyBody')}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {students.data.map((s) => (
            <li key={s._id} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
                >
                  {initials(s.name) || '?'}
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold text-slate-900" dir="auto">{s.name}</h3>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ${s.status === 'active' ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'}`}
                    >
                      {t('pro.students.status', { status: s.status })}
                    </span>
                  </div>
                  <p className="text-sm text-slate-700" dir="auto">
                    {[s.university, s.department, s.year ? t('pro.requests.year', { year: s.year }) : null].filter(Boolean).join(' · ')}
                  </p>
                  <p className="text-sm break-all text-slate-600" dir="ltr">{s.email}</p>
                </div>
              </div>
              <dl className="grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-xs text-slate-500">{t('pro.students.totalSessions')}</dt>
                  <dd className="font-medium">{format.number(s.totalSessions)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">{t('pro.students.connectedSince')}</dt>
                  <dd className="font-medium">{formatDate(s.connectedAt)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">{t('pro.students.lastInteraction')}</dt>
                  <dd className="font-medium">{s.lastInteraction ? relativeTime(s.lastInteraction) : t('pro.students.never')}</dd>
                </div>
              </dl>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => setThread({ id: s._id, name: s.name })}>
                  <MessageSquare className="h-4 w-4" aria-hidden="true" /> {t('pro.sessions.message')}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => onSchedule(s._id)}>
                  <CalendarPlus className="h-4 w-4" aria-hidden="true" /> {t('pro.students.session')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setProfile(s)}>
                  <Eye className="h-4 w-4" aria-hidden="true" /> {t('pro.students.viewProfile')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <MessageThreadDialog otherId={thread?.id ?? null} otherName={thread?.name ?? ''} onClose={() => setThread(null)} />
      <Dialog open={profile !== null} onClose={() => setProfile(null)} title={profile?.name ?? ''}>
        {profile && (
          <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
            {(
              [
                [t('pro.students.email'), profile.email],
                [t('pro.students.university'), profile.university ?? notSet],
                [t('pro.students.department'), profile.department ?? notSet],
                [t('pro.students.year'), profile.year ? format.number(profile.year) : notSet],
                [t('pro.students.connectedSince'), formatDate(profile.connectedAt)],
                [t('pro.students.totalSessions'), format.number(profile.totalSessions)],
                [t('pro.students.lastInteraction'), profile.lastInteraction ? relativeTime(profile.lastInteraction) : t('pro.students.never')],
                [t('pro.students.statusLabel'), t('pro.students.status', { status: profile.status })],
              ] as const
            ).map(([k, v]) => (
              <div key={k}>
                <dt className="text-xs text-slate-500">{k}</dt>
                <dd className="break-all text-slate-900" dir="auto">{v}</dd>

              </div>
            ))}
          </dl>
        )}
      </Dialog>
    </div>
  );
}
