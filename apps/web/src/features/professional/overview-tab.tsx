import {
  BookOpen,
  CalendarCheck,
  Clock,
  GraduationCap,
  MessageSquare,
  TrendingDown,
  TrendingUp,
  UserPlus,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { errorMessage } from '../../lib/api.ts';
import { relativeTime } from '../../lib/format.ts';
import { useDashboardStats, useMySessions, useRequests } from './api.ts';
import { useMyTimeZone } from '../profile/my-time-zone.ts';
import { RatingStars } from './stars.tsx';
import type { TabId } from './tabs.ts';

function StatCard({ label, value, icon, caption }: { label: string; value: ReactNode; icon: ReactNode; caption?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <span aria-hidden="true" className="rounded-lg bg-brand-50 p-2 text-brand-700">
          {icon}
        </span>
      </div>
      <div className="mt-2 text-2xl font-bold text-slate-900">{value}</div>
      {caption && <div className="mt-1 text-xs">{caption}</div>}
    </div>
  );
}

/** '+N% from last month' from the real numbers; nothing when there is nothing to compare with. */
function MonthCaption({ change }: { change: number | null }) {
  if (change === null) return null;
  const up = change >= 0;
  return (
    <span className={`flex items-center gap-1 ${up ? 'text-green-700' : 'text-red-700'}`}>
      {up ? <TrendingUp className="h-3 w-3" aria-hidden="true" /> : <TrendingDown className="h-3 w-3" aria-hidden="true" />}
      {up ? '+' : ''}
      {change}% from last month
    </span>
  );
}

export function OverviewTab({ onNavigate }: { onNavigate: (tab: TabId) => void }) {
  const stats = useDashboardStats();
  const sessions = useMySessions();
  const requests = useRequests();
  const zone = useMyTimeZone();

  if (stats.isError)
    return (
      <ErrorState
        message={errorMessage(stats.error, 'Failed to load dashboard statistics')}
        onRetry={() => void stats.refetch()}
      />
    );
  const s = stats.data;
  const pending = (requests.data ?? []).filter((r) => r.status === 'pending');
  const upcoming = (sessions.data ?? [])
    .filter((x) => x.status === 'scheduled')
    .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));

  return (
    <div className="space-y-6">
      {!s ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label="Total Workshops" value={s.totalWorkshops} icon={<BookOpen className="h-5 w-5" />} />
            <StatCard label="Pending Requests" value={s.pendingRequests} icon={<UserPlus className="h-5 w-5" />} />
            <StatCard label="Connected Students" value={s.connectedStudents} icon={<Users className="h-5 w-5" />} />
            <StatCard label="Upcoming Sessions" value={s.upcomingSessions} icon={<CalendarCheck className="h-5 w-5" />} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <StatCard
              label="Total Sessions"
              value={s.totalSessions}
              icon={<Clock className="h-5 w-5" />}
              caption={s.totalSessions > 0 ? <MonthCaption change={s.monthOverMonthChange} /> : undefined}
            />
            <StatCard
              label="Average Rating"
              value={<RatingStars rating={s.averageRating} />}
              icon={<GraduationCap className="h-5 w-5" />}
              caption={
                <span className="text-slate-600">
                  {[
                    s.ratingCount ? `from ${s.ratingCount} rating${s.ratingCount === 1 ? '' : 's'}` : 'No ratings yet',
                    s.noShowSessions ? `${s.noShowSessions} no-show${s.noShowSessions === 1 ? '' : 's'}` : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              }
            />
          </div>
        </>
      )}

      <section aria-labelledby="quick-actions" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="quick-actions" className="font-semibold text-slate-900">
          Quick Actions
        </h2>
        <div className="mt-3 grid gap-2 sm:grid-cols-3">
          <Button variant="secondary" onClick={() => onNavigate('requests')}>
            <UserPlus className="h-4 w-4" aria-hidden="true" /> Review Requests
          </Button>
          <Button variant="secondary" onClick={() => onNavigate('workshops')}>
            <BookOpen className="h-4 w-4" aria-hidden="true" /> Manage Workshops
          </Button>
          <Button variant="secondary" onClick={() => onNavigate('sessions')}>
            <CalendarCheck className="h-4 w-4" aria-hidden="true" /> View Sessions
          </Button>
        </div>
      </section>

      {(upcoming.length > 0 || pending.length > 0) && (
        <section aria-labelledby="recent-activity" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="recent-activity" className="font-semibold text-slate-900">
            Recent Activity
          </h2>
          <ul className="mt-3 space-y-3 text-sm">
            {pending.length > 0 && (
              <li className="flex items-center gap-3">
                <UserPlus className="h-4 w-4 text-amber-600" aria-hidden="true" />
                <span>
                  {pending.length} new connection request{pending.length === 1 ? '' : 's'} waiting for your answer
                </span>
              </li>
            )}
            {s && s.activeWorkshops > 0 && (
              <li className="flex items-center gap-3">
                <BookOpen className="h-4 w-4 text-brand-700" aria-hidden="true" />
                <span>
                  {s.activeWorkshops} active workshop{s.activeWorkshops === 1 ? '' : 's'}
                </span>
              </li>
            )}
            {pending.slice(0, 3).map((r) => (
              <li key={r._id} className="flex items-center gap-3">
                <MessageSquare className="h-4 w-4 text-slate-500" aria-hidden="true" />
                <span>
                  {r.student.firstName} {r.student.lastName} sent a request · {relativeTime(r.requestedAt)}
                </span>
              </li>
            ))}
            {upcoming.slice(0, 3).map((x) => (
              <li key={x._id} className="flex items-center gap-3">
                <CalendarCheck className="h-4 w-4 text-green-700" aria-hidden="true" />
                <span>
                  {x.topic} with {x.student.name} ·{' '}
                  {new Date(x.scheduledAt).toLocaleString(undefined, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                    timeZone: zone,
                  })}{' '}
                  ({zone})
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
