import { useState } from 'react';
import { CalendarPlus, Eye, MessageSquare, Search } from 'lucide-react';
import { ACTIVE_WINDOW_DAYS, type ConnectedStudent } from '@app/shared/mentoring';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { EmptyState, ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDate, initials, relativeTime } from '../../lib/format.ts';
import { useDebounced } from '../../lib/hooks.ts';
import { MessageThreadDialog } from '../mentoring/message-thread.tsx';
import { useConnectedStudents } from './api.ts';

export function StudentsTab({ onSchedule }: { onSchedule: (studentId: string) => void }) {
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
    { label: 'Total students', value: all.length },
    { label: 'Active students', value: all.filter((s) => s.status === 'active').length },
    { label: 'Total sessions', value: all.reduce((sum, s) => sum + s.totalSessions, 0) },
    {
      label: 'Active this week',
      value: all.filter((s) => s.lastInteraction && new Date(s.lastInteraction).getTime() >= weekAgo).length,
    },
  ];

  return (
    <div className="space-y-6">
      <section aria-labelledby="student-analytics" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="student-analytics" className="font-semibold text-slate-900">
          Student Analytics
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {analytics.map((a) => (
            <div key={a.label} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">{a.label}</dt>
              <dd className="text-xl font-bold text-slate-900">{everyone.isPending ? '…' : a.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-9 inset-s-3 h-4 w-4 text-slate-500" aria-hidden="true" />
          <TextField
            label="Search students"
            type="search"
            placeholder="Name, email, university…"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="ps-9"
          />
        </div>
        <div className="sm:w-44">
          <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </SelectField>
        </div>
      </div>

      {students.isPending ? (
        <Spinner label="Loading connected students…" />
      ) : students.isError ? (
        <ErrorState
          message={errorMessage(students.error, 'Failed to load connected students')}
          onRetry={() => void students.refetch()}
        />
      ) : students.data.length === 0 ? (
        <EmptyState title={settled || status !== 'all' ? 'No students match your search' : 'No connected students yet'}>
          {settled || status !== 'all'
            ? 'Try another name or filter.'
            : 'Students appear here once you accept their connection requests.'}
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
                    <h3 className="font-semibold text-slate-900">{s.name}</h3>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium capitalize ${s.status === 'active' ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'}`}
                    >
                      {s.status}
                    </span>
                  </div>
                  <p className="text-sm text-slate-700">
                    {[s.university, s.department, s.year ? `Year ${s.year}` : null].filter(Boolean).join(' · ')}
                  </p>
                  <p className="text-sm break-all text-slate-600">{s.email}</p>
                </div>
              </div>
              <dl className="grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-xs text-slate-500">Total sessions</dt>
                  <dd className="font-medium">{s.totalSessions}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Connected since</dt>
                  <dd className="font-medium">{formatDate(s.connectedAt)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Last interaction</dt>
                  <dd className="font-medium">{s.lastInteraction ? relativeTime(s.lastInteraction) : 'Never'}</dd>
                </div>
              </dl>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => setThread({ id: s._id, name: s.name })}>
                  <MessageSquare className="h-4 w-4" aria-hidden="true" /> Message
                </Button>
                <Button size="sm" variant="secondary" onClick={() => onSchedule(s._id)}>
                  <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Session
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setProfile(s)}>
                  <Eye className="h-4 w-4" aria-hidden="true" /> View Profile
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
                ['Email', profile.email],
                ['University', profile.university ?? 'Not set'],
                ['Department', profile.department ?? 'Not set'],
                ['Year', profile.year ? String(profile.year) : 'Not set'],
                ['Connected since', formatDate(profile.connectedAt)],
                ['Total sessions', String(profile.totalSessions)],
                ['Last interaction', profile.lastInteraction ? relativeTime(profile.lastInteraction) : 'Never'],
                ['Status', profile.status === 'active' ? 'Active' : 'Inactive'],
              ] as const
            ).map(([k, v]) => (
              <div key={k}>
                <dt className="text-xs text-slate-500">{k}</dt>
                <dd className="break-all text-slate-900">{v}</dd>
              </div>
            ))}
          </dl>
        )}
      </Dialog>
    </div>
  );
}
