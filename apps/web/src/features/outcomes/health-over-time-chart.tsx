import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { OutcomeReport } from '@app/shared/outcomes';
import { useFormat, useLanguage, useT, type MessageKey } from '../../lib/i18n.tsx';
import { useTableToggle } from '../../components/ui/table-toggle.tsx';
import { ChartDataTable } from '../../components/ui/data-table.tsx';

// Pair health over time (decision 1090) with recharts, the app's charting library (decision 524), in the
// report panel's lazy chunk like the survey charts: only a coordinator reading a report downloads it.

type Series = OutcomeReport['healthOverTime'];
type StateKey = 'healthy' | 'attention' | 'atRisk' | 'ended';

/**
 * Each state has a colour AND a pattern (solid, diagonal lines, dots, cross-hatch) and its name in the
 * legend, so the states are told apart without colour; the numbers are in the table under the chart.
 */
const STATES: Array<{ key: StateKey; label: MessageKey; colour: string; pattern: 'solid' | 'lines' | 'dots' | 'cross' }> = [
  { key: 'healthy', label: 'out.health.healthy', colour: '#15803d', pattern: 'solid' },
  { key: 'attention', label: 'out.health.attention', colour: '#b45309', pattern: 'lines' },
  { key: 'atRisk', label: 'out.health.atRisk', colour: '#b91c1c', pattern: 'dots' },
  { key: 'ended', label: 'out.health.ended', colour: '#475569', pattern: 'cross' },
];

function Patterns({ prefix }: { prefix: string }) {
  return (
    <defs>
      {STATES.filter((s) => s.pattern !== 'solid').map((s) => (
        <pattern key={s.key} id={`${prefix}-${s.key}`} width={6} height={6} patternUnits="userSpaceOnUse">
          <rect width={6} height={6} fill="#ffffff" />
          {s.pattern === 'lines' && <path d="M-1,7 L7,-1" stroke={s.colour} strokeWidth={2} />}
          {s.pattern === 'dots' && <circle cx={3} cy={3} r={1.6} fill={s.colour} />}
          {s.pattern === 'cross' && <path d="M0,0 L6,6 M6,0 L0,6" stroke={s.colour} strokeWidth={1.2} />}
        </pattern>
      ))}
    </defs>
  );
}

export function HealthOverTimeChart({ series }: { series: Series }) {
  const t = useT();
  const format = useFormat();
  const { direction } = useLanguage();
  const { shown: showTable, tableId, toggle: tableToggle } = useTableToggle(t('out.survey.showTable'), t('out.survey.hideTable'));
  const prefix = `hot${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  // A stored day is a UTC date: shown from its noon, it reads as the same date in every zone the app serves.
  const day = (d: string) => format.date(`${d}T12:00:00Z`, { dateStyle: 'medium' });
  const short = (d: string) => format.date(`${d}T12:00:00Z`, { month: 'short', day: 'numeric' });
  const latest = series.days.at(-1);
  const fill = (s: (typeof STATES)[number]) => (s.pattern === 'solid' ? s.colour : `url(#${prefix}-${s.key})`);
  return (
    <section aria-labelledby={`${prefix}-heading`} className="space-y-2" data-testid="report-health-over-time">
      <h4 id={`${prefix}-heading`} className="text-base font-semibold text-slate-900">
        {t('out.overTime.heading')}
      </h4>
      <p className="text-sm text-slate-700">{t('out.overTime.intro')}</p>
      {series.filtersIgnored && <p className="text-sm text-slate-700">{t('out.overTime.filtersNote')}</p>}
      {series.days.length === 0 || !latest ? (
        <p className="text-sm text-slate-600">{t('out.overTime.none')}</p>
      ) : (
        <figure className="rounded-lg border border-slate-200 bg-white p-3">
          <figcaption className="text-sm text-slate-800" data-testid="health-over-time-latest">
            {t('out.overTime.latest', {
              date: day(latest.day),
              healthy: format.number(latest.healthy),
              attention: format.number(latest.attention),
              atRisk: format.number(latest.atRisk),
              ended: format.number(latest.ended),
            })}
          </figcaption>
          <div aria-hidden="true" className="mt-2 h-64 w-full">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={series.days} margin={{ top: 8, right: 8, bottom: 4, left: 8 }} accessibilityLayer={false}>
                <Patterns prefix={prefix} />
                <CartesianGrid vertical={false} stroke="#e2e8f0" />
                <XAxis dataKey="day" tickFormatter={short} reversed={direction === 'rtl'} minTickGap={16} tick={{ fill: '#334155', fontSize: 12 }} />
                <YAxis allowDecimals={false} orientation={direction === 'rtl' ? 'right' : 'left'} width={32} tick={{ fill: '#334155', fontSize: 12 }} />
                <Tooltip labelFormatter={(d) => day(String(d))} formatter={(v) => format.number(Number(v))} />
                <Legend wrapperStyle={{ fontSize: 12, color: '#1e293b' }} />
                {STATES.map((s) => (
                  <Bar key={s.key} dataKey={s.key} name={t(s.label)} stackId="health" fill={fill(s)} stroke={s.colour} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
          {tableToggle}
          {/* A scrolling region a keyboard can reach (many days, five columns on a phone). */}
          <div
            id={tableId}
            className={showTable ? 'mt-2 max-h-80 overflow-auto' : 'sr-only'}
            data-testid="health-over-time-table"
            role="region"
            aria-label={t('out.overTime.heading')}
            tabIndex={showTable ? 0 : -1}
          >
            <ChartDataTable
              caption={t('out.overTime.heading')}
              head={t('out.overTime.day')}
              columns={STATES.map((s) => ({ key: s.key, label: t(s.label) }))}
              rows={series.days.map((d) => ({ key: d.day, label: day(d.day), cells: STATES.map((s) => format.number(d[s.key])) }))}
            />
          </div>
        </figure>
      )}
    </section>
  );
}
