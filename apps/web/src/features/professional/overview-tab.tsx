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
import { useFormat, useT } from '../../lib/i18n.tsx';
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
  const t = useT();
  const format = useFormat();
  if (change === null) return null;
  const up = change >= 0;
  return (
    <span className={`flex items-center gap-1 ${up ? 'text-green-700' : 'text-red-700'}`}>
      {up ? <TrendingUp className="h-3 w-3" aria-hidden="true" /> : <TrendingDown className="h-3 w-3" aria-hidden="true" />}
      {t('pro.overview.fromLastMonth', { change: format.number(change / 100, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 }) })}
    </span>
  );
}

export function OverviewTab({ onNavigate }: { onNavigate: (tab: TabId) => void }) {
  const t = useT();
  const format = useFormat();
  const stats = useDashboardStats();
  const sessions = useMySessions();
  const requests = useRequests();
  const zone = useMyTimeZone();

  if (stats.isError)
    return (
      <ErrorState
        message={errorMessage(stats.error, t('pro.overview.loadFailed'))}
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
            <StatCard label={t('pro.overview.totalWorkshops')} value={format.number(s.totalWorkshops)} icon={<BookOpen className="h-5 w-5" />} />
            <StatCard label={t('pro.overview.pendingRequests')} value={format.number(s.pendingRequests)} icon={<UserPlus className="h-5 w-5" />} />
            <StatCard label={t('pro.overview.connectedStudents')} value={format.number(s.connectedStudents)} icon={<Users className="h-5 w-5" />} />
            <StatCard label={t('pro.overview.upcomingSessions')} value={format.number(s.upcomingSessions)} icon={<CalendarCheck className="h-5 w-5" />} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <StatCard
              label={t('pro.overview.totalSessions')}
              value={format.number(s.totalSessions)}
              icon={<Clock className="h-5 w-5" />}
              caption={s.totalSessions > 0 ? <MonthCaption change={s.monthOverMonthChange} /> : undefined}
            />
            <StatCard
              label={t('pro.overview.averageRating')}
              value={<RatingStars rating={s.averageRating} />}
              icon={<GraduationCap className="h-5 w-5" />}
              caption={
                <span className="text-slate-600">
                  {[
                    s.ratingCount ? t('pro.overview.fromRatings', { count: s.ratingCount }) : t('pro.overview.noRatings'),
                    s.noShowSessions ? t('pro.overview.noShows', { count: s.noShowSessions }) : '',
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
          {t('pro.overview.quickActions')}
        </h2>
        <div className="mt-3 grid gap-2 sm:grid-cols-3">
          <Button variant="secondary" onClick={() => onNavigate('requests')}>
            <UserPlus className="h-4 w-4" aria-hidden="true" /> {t('pro.overview.reviewRequests')}
          </Button>
          <Button variant="secondary" onClick={() => onNavigate('workshops')}>
            <BookOpen className="h-4 w-4" aria-hidden="true" /> {t('pro.overview.manageWorkshops')}
          </Button>
          <Button variant="secondary" onClick={() => onNavigate('sessions')}>
            <CalendarCheck className="h-4 w-4" aria-hidden="true" /> {t('pro.overview.viewSessions')}
          </Button>
        </div>
      </section>

      {(upcoming.length > 0 || pending.length > 0) && (
        <section aria-labelledby="recent-activity" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="recent-activity" className="font-semibold text-slate-900">
            {t('pro.overview.recentActivity')}
          </h2>
          <ul className="mt-3 space-y-3 text-sm">
            {pending.length > 0 && (
              <li className="flex items-center gap-3">
                <UserPlus className="h-4 w-4 text-amber-600" aria-hidden="true" />
                <span>
                  {t('pro.overview.pendingWaiting', { count: pending.length })}
                </span>
              </li>
            )}
            {s && s.activeWorkshops > 0 && (
              <li className="flex items-center gap-3">
                <BookOpen className="h-4 w-4 text-brand-700" aria-hidden="true" />
                <span>
                  {t('pro.overview.activeWorkshops', { count: s.activeWorkshops })}
                </span>
              </li>
            )}
            {pending.slice(0, 3).map((r) => (
              <li key={r._id} className="flex items-center gap-3">
                <MessageSquare className="h-4 w-4 text-slate-500" aria-hidden="true" />
                <span>
                  {t('pro.overview.sentRequest', { name: `${r.student.firstName} ${r.student.lastName}`, when: relativeTime(r.requestedAt) })}
                </span>
              </li>
            ))}
            {upcoming.slice(0, 3).map((x) => (
              <li key={x._id} className="flex items-center gap-3">
                <CalendarCheck className="h-4 w-4 text-green-700" aria-hidden="true" />
                <span>
                  {t('pro.overview.upcomingSession', {
                    topic: x.topic,
                    name: x.student.name,
                    when: format.dateTime(x.scheduledAt, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }),
                    zone,
                  })}

                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
