import { useQuery } from '@tanstack/react-query';
import { BarChart3, BookOpen, Briefcase, FlaskConical, GraduationCap, Plus, Sparkles, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { relativeTime } from '../../lib/format.ts';
import { useFormat, useT } from '../../lib/i18n.tsx';
import { adminApi } from './api.ts';

/** Change caption: the real change against the previous month, or nothing. */
function Change({ value }: { value: number | null }) {
  const t = useT();
  const format = useFormat();
  if (value === null) return <span className="text-xs text-slate-500">{t('admin.dashboard.noChange')}</span>;
  const tone = value > 0 ? 'text-green-700' : value < 0 ? 'text-red-700' : 'text-slate-600';
  return (
    <span className={`text-xs ${tone}`}>
      {t('admin.dashboard.change', { change: format.number(value / 100, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 }) })}
    </span>
  );
}

/** While loading, the card keeps the height it will have (figure and caption): nothing below moves. */
function Stat({ label, value, change, icon }: { label: string; value?: number; change: number | null; icon: ReactNode }) {
  const format = useFormat();
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between text-slate-600">
        <span className="text-sm">{label}</span>
        {icon}
      </div>
      {value === undefined ? (
        <>
          <div className="mt-1 flex h-9 items-center">
            <Skeleton className="h-8 w-20" />
          </div>
          <div className="h-4" />
        </>
      ) : (
        <>
          <p className="mt-1 text-3xl font-bold text-slate-900">{format.number(value)}</p>
          <p className="h-4 leading-4">
            <Change value={change} />
          </p>
        </>
      )}
    </div>
  );
}

/** 3 attempts, waiting 1 s then 2 s (spec 001 §4 "Dashboard loading"). */
export const dashboardRetry = { retry: 2, retryDelay: (attempt: number) => (attempt + 1) * 1000 };

export function DashboardTab({ go }: { go: (tab: 'professionals' | 'workshops' | 'analytics', create?: boolean) => void }) {
  const t = useT();
  const query = useQuery({ queryKey: ['admin-dashboard'], queryFn: adminApi.dashboard, ...dashboardRetry });
  if (query.isError) console.error('Dashboard failed to load', query.error);
  const s = query.data?.data.statistics;
  const c = s?.changes;
  const icon = (node: ReactNode) => <span aria-hidden="true">{node}</span>;
  const recent = query.data?.data.recentRegistrations;
  return (
    <section aria-labelledby="dash-heading" className="space-y-6" aria-busy={query.isPending}>
      <h2 id="dash-heading" className="text-xl font-semibold">
        {t('admin.nav.dashboard')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Stat
          label={t('admin.dashboard.totalStudents')}
          value={s?.totalStudents}
          change={c?.students ?? null}
          icon={icon(<GraduationCap className="h-5 w-5" />)}
        />
        <Stat
          label={t('admin.professionals.title')}
          value={s?.totalProfessionals}
          change={c?.professionals ?? null}
          icon={icon(<Briefcase className="h-5 w-5" />)}
        />
        <Stat
          label={t('admin.professionals.workshops')}
          value={s?.totalWorkshops}
          change={c?.workshops ?? null}
          icon={icon(<BookOpen className="h-5 w-5" />)}
        />
        <Stat
          label={t('admin.dashboard.activeWorkshops')}
          value={s?.activeWorkshops}
          change={c?.activeWorkshops ?? null}
          icon={icon(<BookOpen className="h-5 w-5" />)}
        />
        <Stat
          label={t('admin.nav.rd')}
          value={s?.totalRDProjects}
          change={c?.rdProjects ?? null}
          icon={icon(<FlaskConical className="h-5 w-5" />)}
        />
        <Stat
          label={t('admin.dashboard.activeRd')}
          value={s?.activeRDProjects}
          change={c?.activeRDProjects ?? null}
          icon={icon(<FlaskConical className="h-5 w-5" />)}
        />
      </div>
      {query.isError && (
        <p className="text-sm text-slate-600">{t('admin.dashboard.loadFailed')}</p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="rounded-2xl border border-slate-200 bg-white p-4 lg:col-span-2">
          <h3 className="font-semibold">{t('admin.dashboard.recent')}</h3>
          {!recent ? (
            <div className="mt-3 space-y-2">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : recent.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{t('admin.dashboard.noRecent')}</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {recent.map((r) => (
                <li key={r._id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                  {/* A long e-mail address breaks anywhere rather than push the page sideways (WCAG 1.4.10 at 320 px). */}
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    <bdi className="font-medium">{r.name}</bdi> <bdi className="text-slate-600">{r.email}</bdi>
                    {r.university && <span dir="auto" className="block text-xs text-slate-600">{r.university}</span>}
                  </span>
                  <span className="text-xs text-slate-500">{relativeTime(r.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="space-y-3">
          <button
            type="button"
            onClick={() => go('professionals', true)}
            className="flex w-full items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-start hover:bg-slate-50"
          >
            <UserPlus aria-hidden="true" className="h-5 w-5 text-brand-700" />{' '}
            <span className="font-medium">{t('admin.professionals.add')}</span>
          </button>
          <button
            type="button"
            onClick={() => go('workshops', true)}
            className="flex w-full items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-start hover:bg-slate-50"
          >
            <Plus aria-hidden="true" className="h-5 w-5 text-brand-700" /> <span className="font-medium">{t('admin.dashboard.createWorkshop')}</span>
          </button>
          <button
            type="button"
            onClick={() => go('analytics')}
            className="flex w-full items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-start hover:bg-slate-50"
          >
            <BarChart3 aria-hidden="true" className="h-5 w-5 text-brand-700" />{' '}
            <span className="font-medium">{t('admin.dashboard.viewAnalytics')}</span>
          </button>
          <div className="flex items-center gap-3 rounded-2xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            <Sparkles aria-hidden="true" className="h-5 w-5" /> {t('admin.dashboard.comingSoon')}
          </div>
        </div>
      </div>
    </section>
  );
}
