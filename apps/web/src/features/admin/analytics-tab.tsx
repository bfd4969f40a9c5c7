import { useEffect, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, LabelList, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type AnalyticsData } from '@app/shared/admin';
import { ANALYTICS_RANGES } from '@app/shared/admin-constants';
import { EmptyState, ErrorState } from '../../components/ui/feedback.tsx';
import { ListSkeleton } from '../../components/ui/page-skeleton.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useFormat, useLanguage, useT, type MessageKey } from '../../lib/i18n.tsx';
import { adminApi } from './api.ts';
import { useTableToggle } from '../../components/ui/table-toggle.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { ChartDataTable } from '../../components/ui/data-table.tsx';

// This tab (and recharts with it) is its own lazily loaded chunk: admin-dashboard-page.tsx imports
// it with lazy(), so no other screen pays for the charting library (docs/performance.md).

// Each line differs by its dash pattern and marker too, not by colour alone (WCAG 1.4.1); the legend
// draws the same pattern.
const SERIES = [
  { key: 'students', label: 'admin.analytics.series.students', colour: '#4338ca', dash: undefined, marker: 'circle' },
  { key: 'professionals', label: 'admin.analytics.series.professionals', colour: '#0f766e', dash: '8 4', marker: 'square' },
  { key: 'ideas', label: 'admin.analytics.series.ideas', colour: '#b45309', dash: '2 3', marker: 'triangle' },
  { key: 'workshopRegistrations', label: 'admin.analytics.series.registrations', colour: '#be185d', dash: '12 4 3 4', marker: 'diamond' },
] as const satisfies readonly { key: string; label: MessageKey; colour: string; dash?: string; marker: string }[];
type Marker = (typeof SERIES)[number]['marker'];

/** A data point drawn as the series' own shape. */
function MarkerDot({ cx, cy, shape, colour }: { cx?: number; cy?: number; shape: Marker; colour: string }) {
  if (cx === undefined || cy === undefined) return null;
  const r = 4;
  if (shape === 'square') return <rect x={cx - r} y={cy - r} width={r * 2} height={r * 2} fill={colour} />;
  if (shape === 'triangle') return <polygon points={`${cx},${cy - r - 1} ${cx - r - 1},${cy + r} ${cx + r + 1},${cy + r}`} fill={colour} />;
  if (shape === 'diamond') return <polygon points={`${cx},${cy - r - 1} ${cx + r + 1},${cy} ${cx},${cy + r + 1} ${cx - r - 1},${cy}`} fill={colour} />;
  return <circle cx={cx} cy={cy} r={r} fill={colour} />;
}

/**
 * Chart tooltips open on click or tap (not on hover), can be hovered, and Escape closes them
 * (WCAG 1.4.13); the next click opens one again.
 */
function useChartTooltip() {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return {
    props: { trigger: 'click' as const, wrapperStyle: { pointerEvents: 'auto' as const }, ...(dismissed ? { active: false } : {}) },
    reopen: () => setDismissed(false),
  };
}

type Month = AnalyticsData['registrations'][number];
interface Row {
  label: string;
  value: number;
  display?: string;
}

type Format = ReturnType<typeof useFormat>;
type Translate = ReturnType<typeof useT>;
const monthLabel = (format: Format, m: string) => format.date(`${m}-01T00:00:00Z`, { month: 'short', year: '2-digit', timeZone: 'UTC' });
const monthLong = (format: Format, m: string) => format.date(`${m}-01T00:00:00Z`, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A chart and its data table. The drawing is hidden from assistive technology; the table is always
 * in the page for screen readers and shown on request for everyone else.
 */
function ChartCard({ title, summary, table, children }: { title: string; summary?: ReactNode; table: ReactNode; children: ReactNode }) {
  const t = useT();
  const { shown: showTable, tableId, toggle: tableToggle } = useTableToggle(t('admin.analytics.showTable'), t('admin.analytics.hideTable'));
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4">
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      {summary && <p className="mt-1 text-sm text-slate-600">{summary}</p>}
      <p className="mt-1 text-xs text-slate-600">{t('admin.analytics.tooltipHint')}</p>
      <div aria-hidden="true" className="mt-3 h-64 w-full">
        {children}
      </div>
      {tableToggle}
      <div id={tableId} className={showTable ? 'mt-2 overflow-x-auto' : 'sr-only'}>
        {table}
      </div>
    </figure>
  );
}

function SimpleTable({ caption, head, rows }: { caption: string; head: [string, string]; rows: Row[] }) {
  const format = useFormat();
  return (
    <ChartDataTable
      caption={caption}
      head={head[0]}
      columns={[{ key: 'value', label: head[1] }]}
      rows={rows.map((r) => ({ key: r.label, label: r.label, cells: [r.display ?? format.number(r.value)] }))}
    />
  );
}

/** Horizontal bars with readable labels; used for funnels, fill rates and expertise. */
function HorizontalBars({ rows, colour = '#4338ca', max }: { rows: Row[]; colour?: string; max?: number }) {
  const t = useT();
  const format = useFormat();
  const rtl = useLanguage().direction === 'rtl';
  const tip = useChartTooltip();
  // Right to left, the bars grow from the right and the labels stand on the right (the chart mirrors).
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={rows}
        layout="vertical"
        margin={rtl ? { top: 4, right: 8, bottom: 4, left: 48 } : { top: 4, right: 48, bottom: 4, left: 8 }}
        accessibilityLayer={false}
        onClick={tip.reopen}
      >
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis
          type="number"
          allowDecimals={false}
          reversed={rtl}
          domain={[0, max ?? 'auto']}
          tickFormatter={(v: number) => format.number(v)}
          tick={{ fill: '#475569', fontSize: 12 }}
        />
        <YAxis type="category" dataKey="label" orientation={rtl ? 'right' : 'left'} width={130} tick={{ fill: '#334155', fontSize: 12 }} interval={0} />
        <Tooltip cursor={{ fill: '#f1f5f9' }} {...tip.props} />
        <Bar dataKey="value" name={t('admin.analytics.count')} fill={colour} radius={rtl ? [4, 0, 0, 4] : [0, 4, 4, 0]} isAnimationActive={false}>
          <LabelList dataKey="display" position={rtl ? 'left' : 'right'} fill="#334155" fontSize={12} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Months before the first one with any activity are left out: a year of zeros does not dominate. */
export function trimLeadingEmpty(months: Month[]): { shown: Month[]; skipped: number } {
  const first = months.findIndex((m) => SERIES.some((s) => m[s.key] > 0));
  if (first <= 0) return { shown: first === -1 ? [] : months, skipped: first === -1 ? months.length : 0 };
  return { shown: months.slice(first), skipped: first };
}

/** Stages reached, from each item's current status: every later stage counts for the earlier ones. */
function ideaFunnel(t: Translate, format: Format, funnel: AnalyticsData['ideaFunnel']) {
  const n = (s: string) => funnel.find((f) => f.status === s)?.count ?? 0;
  const total = funnel.reduce((sum, f) => sum + f.count, 0);
  const stages: Row[] = [
    { label: t('admin.analytics.stage.submitted'), value: total },
    { label: t('admin.analytics.stage.reviewed'), value: total - n('under_review') },
    { label: t('admin.analytics.stage.shortlisted'), value: n('shortlisted') + n('approved') + n('implemented') },
    { label: t('admin.ideas.status.approved'), value: n('approved') + n('implemented') },
    { label: t('admin.ideas.status.implemented'), value: n('implemented') },
  ];
  const side = [
    t('admin.analytics.side', { label: t('admin.ideas.status.rejected'), count: format.number(n('rejected')) }),
    t('admin.analytics.side', { label: t('admin.ideas.status.revisionRequired'), count: format.number(n('revision_required')) }),
  ].join(' · ');
  return { stages: withShare(t, format, stages), side };
}

function applicationFunnel(t: Translate, format: Format, funnel: AnalyticsData['applicationFunnel']) {
  const n = (s: string) => funnel.find((f) => f.status === s)?.count ?? 0;
  const total = funnel.reduce((sum, f) => sum + f.count, 0);
  const stages: Row[] = [
    { label: t('admin.analytics.stage.applied'), value: total },
    { label: t('admin.analytics.stage.reviewed'), value: total - n('pending') },
    { label: t('admin.analytics.stage.interview'), value: n('interview-scheduled') + n('accepted') },
    { label: t('admin.analytics.stage.accepted'), value: n('accepted') },
  ];
  const side = [
    t('admin.analytics.side', { label: t('admin.analytics.stage.rejected'), count: format.number(n('rejected')) }),
    t('admin.analytics.side', { label: t('admin.analytics.stage.withdrawn'), count: format.number(n('withdrawn')) }),
  ].join(' · ');
  return { stages: withShare(t, format, stages), side };
}

function withShare(t: Translate, format: Format, stages: Row[]): Row[] {
  const top = stages[0]?.value ?? 0;
  return stages.map((s) => ({
    ...s,
    display: top
      ? t('admin.analytics.share', { count: format.number(s.value), share: format.number(s.value / top, { style: 'percent' }) })
      : format.number(s.value),
  }));
}

function RangePicker({ value, onChange }: { value: number; onChange: (months: number) => void }) {
  const t = useT();
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{t('admin.analytics.range')}</legend>
      {ANALYTICS_RANGES.map((months) => (
        <label
          key={months}
          className={`cursor-pointer rounded-lg border px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${value === months ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
        >
          <input type="radio" name="analytics-range" className="sr-only" checked={value === months} onChange={() => onChange(months)} />
          {t('admin.analytics.months', { count: months })}
        </label>
      ))}
    </fieldset>
  );
}

export function AnalyticsTab() {
  const t = useT();
  const [months, setMonths] = useState<number>(12);
  const query = useQuery({
    queryKey: ['admin-analytics', months],
    queryFn: () => adminApi.analytics(months),
    placeholderData: keepPreviousData,
  });

  return (
    <Panel
      headingId="analytics-heading"
      className="space-y-4"
      headingClassName="text-xl font-semibold"
      headerClassName="flex flex-wrap items-center justify-between gap-3"
      title={t('admin.nav.analytics')}
      actions={<RangePicker value={months} onChange={setMonths} />}
    >
      {query.isPending ? (
        <ListSkeleton rows={4} />
      ) : query.isError ? (
        <ErrorState message={errorMessage(query.error, t('common.somethingWrong'))} onRetry={() => void query.refetch()} />
      ) : (
        <Charts data={query.data.data} months={months} />
      )}
    </Panel>
  );
}

function Charts({ data, months }: { data: AnalyticsData; months: number }) {
  const t = useT();
  const format = useFormat();
  const rtl = useLanguage().direction === 'rtl';
  const tip = useChartTooltip();
  const { shown, skipped } = trimLeadingEmpty(data.registrations);
  const ideas = ideaFunnel(t, format, data.ideaFunnel);
  const applications = applicationFunnel(t, format, data.applicationFunnel);
  const fill: Row[] = data.workshopFill.map((w) => ({
    label: w.title,
    value: w.fillRate,
    display: t('admin.analytics.fill', {
      rate: format.number(w.fillRate / 100, { style: 'percent' }),
      registered: format.number(w.registered),
      capacity: format.number(w.capacity),
    }),
  }));
  const expertise: Row[] = data.topExpertise.map((e) => ({ label: e.expertise, value: e.count, display: format.number(e.count) }));
  const first = shown[0];
  const attendance: Row[] = [
    { label: t('admin.analytics.attended'), value: data.sessionAttendance.attended },
    { label: t('admin.analytics.noShow'), value: data.sessionAttendance.noShow },
    { label: t('admin.analytics.unmarked'), value: data.sessionAttendance.unmarked },
  ].map((r) => ({ ...r, display: format.number(r.value) }));

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        {shown.length === 0 ? (
          <EmptyState title={t('admin.analytics.noActivity', { count: months })}>{t('admin.analytics.noActivityText')}</EmptyState>
        ) : (
          <ChartCard
            title={t('admin.analytics.activityTitle', { count: months })}
            summary={skipped > 0 && first ? t('admin.analytics.startsAt', { month: monthLong(format, first.month) }) : undefined}
            table={
              <ChartDataTable
                caption={t('admin.analytics.activity')}
                head={t('admin.analytics.month')}
                columns={SERIES.map((s) => ({ key: s.key, label: t(s.label) }))}
                rows={shown.map((m) => ({ key: m.month, label: monthLong(format, m.month), cells: SERIES.map((s) => format.number(m[s.key])) }))}
              />
            }
          >
            <ResponsiveContainer width="100%" height="100%">
              <LineChart
                data={shown.map((m) => ({ ...m, label: monthLabel(format, m.month) }))}
                margin={rtl ? { top: 8, right: -16, bottom: 4, left: 16 } : { top: 8, right: 16, bottom: 4, left: -16 }}
                accessibilityLayer={false}
                onClick={tip.reopen}
              >
                <CartesianGrid stroke="#e2e8f0" vertical={false} />
                {/* Right to left, time runs from right to left and the value axis stands on the right. */}
                <XAxis dataKey="label" reversed={rtl} tick={{ fill: '#475569', fontSize: 12 }} />
                <YAxis
                  allowDecimals={false}
                  orientation={rtl ? 'right' : 'left'}
                  tickFormatter={(v: number) => format.number(v)}
                  tick={{ fill: '#475569', fontSize: 12 }}
                />
                <Tooltip {...tip.props} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                {SERIES.map((s) => (
                  <Line
                    key={s.key}
                    type="monotone"
                    dataKey={s.key}
                    name={t(s.label)}
                    stroke={s.colour}
                    strokeWidth={2}
                    strokeDasharray={s.dash}
                    legendType="plainline"
                    dot={(props: { cx?: number; cy?: number; index?: number }) => <MarkerDot key={`${s.key}-${props.index ?? 0}`} cx={props.cx} cy={props.cy} shape={s.marker} colour={s.colour} />}
                    activeDot={(props: { cx?: number; cy?: number }) => <MarkerDot cx={props.cx} cy={props.cy} shape={s.marker} colour={s.colour} />}
                    isAnimationActive={false}
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </ChartCard>
        )}
      </div>
      <ChartCard
        title={t('admin.analytics.ideaFunnel')}
        summary={t('admin.analytics.ideaFunnelSummary', { side: ideas.side })}
        table={<SimpleTable caption={t('admin.analytics.ideaFunnel')} head={[t('admin.analytics.stage'), t('admin.ideas.exportLabel')]} rows={ideas.stages} />}
      >
        <HorizontalBars rows={ideas.stages} colour="#b45309" />
      </ChartCard>
      <ChartCard
        title={t('admin.analytics.appFunnel')}
        summary={t('admin.analytics.appFunnelSummary', { side: applications.side })}
        table={
          <SimpleTable caption={t('admin.analytics.appFunnel')} head={[t('admin.analytics.stage'), t('admin.analytics.applications')]} rows={applications.stages} />
        }
      >
        <HorizontalBars rows={applications.stages} colour="#0f766e" />
      </ChartCard>
      <ChartCard
        title={t('admin.analytics.fillTitle')}
        summary={t('admin.analytics.fillSummary')}
        table={<SimpleTable caption={t('admin.analytics.fillTitle')} head={[t('admin.workshops.detailTabs'), t('admin.analytics.filled')]} rows={fill} />}
      >
        {fill.length ? <HorizontalBars rows={fill} max={100} /> : <p className="text-sm text-slate-600">{t('admin.analytics.noWorkshops')}</p>}
      </ChartCard>
      <ChartCard
        title={t('admin.analytics.expertiseTitle')}
        summary={t('admin.analytics.expertiseSummary')}
        table={
          <SimpleTable caption={t('admin.analytics.expertiseTitle')} head={[t('admin.field.expertise'), t('admin.professionals.title')]} rows={expertise} />
        }
      >
        {expertise.length ? (
          <HorizontalBars rows={expertise} colour="#be185d" />
        ) : (
          <p className="text-sm text-slate-600">{t('admin.analytics.noProfessionals')}</p>
        )}
      </ChartCard>
      <ChartCard
        title={t('admin.analytics.attendanceTitle')}
        summary={t('admin.analytics.attendanceSummary')}
        table={
          <SimpleTable caption={t('admin.analytics.attendanceTitle')} head={[t('admin.analytics.outcome'), t('admin.analytics.sessions')]} rows={attendance} />
        }
      >
        <HorizontalBars rows={attendance} colour="#7c3aed" />
      </ChartCard>
    </div>
  );
}
