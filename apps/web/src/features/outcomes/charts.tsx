import { useId } from 'react';
import { useFormat, useLanguage, useT } from '../../lib/i18n.tsx';
import { ChartDataTable } from '../../components/ui/data-table.tsx';

export interface Bar {
  label: string;
  value: number;
}

/**
 * A bar chart drawn as SVG (no chart library: a few hundred bytes instead of ~100 kB, decision 930).
 * The SVG is one image with a short text alternative; the numbers are in the table below it (a
 * <details> a keyboard or screen-reader user opens), so nothing is only in the picture. In a
 * right-to-left page the first bar is at the right (the axis mirrors), the labels stay readable.
 */
export function BarChart({ title, bars, unit, testId }: { title: string; bars: Bar[]; unit: string; testId?: string }) {
  const t = useT();
  const format = useFormat();
  const { direction } = useLanguage();
  const id = useId();
  const rtl = direction === 'rtl';
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = 320;
  const height = 140;
  const top = 16;
  const bottom = 28;
  const gap = 8;
  const slot = bars.length ? (width - gap) / bars.length : width;
  const barWidth = Math.max(4, slot - gap);
  const summary = bars.map((b) => `${b.label}: ${format.number(b.value)}`).join(', ');
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3" data-testid={testId}>
      <figcaption id={`${id}-cap`} className="text-sm font-semibold text-slate-900">
        {title}
      </figcaption>
      {bars.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('out.chart.noData')}</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${width} ${height}`}
            className="mt-2 h-auto w-full"
            role="img"
            aria-labelledby={`${id}-cap ${id}-alt`}
          >
            <title id={`${id}-alt`}>{t('out.chart.alt', { unit, summary })}</title>
            <line x1={0} x2={width} y1={height - bottom} y2={height - bottom} stroke="#94a3b8" strokeWidth={1} />
            {bars.map((b, i) => {
              const h = ((height - top - bottom) * b.value) / max;
              const start = gap + i * slot;
              const x = rtl ? width - start - barWidth : start;
              const cx = x + barWidth / 2;
              return (
                <g key={b.label}>
                  <rect x={x} y={height - bottom - h} width={barWidth} height={h} rx={2} className="fill-brand-600" />
                  <text x={cx} y={height - bottom - h - 4} textAnchor="middle" fontSize={10} className="fill-slate-700">
                    {format.number(b.value)}
                  </text>
                  <text x={cx} y={height - bottom + 14} textAnchor="middle" fontSize={10} className="fill-slate-600">
                    {b.label.length > 10 ? `${b.label.slice(0, 9)}…` : b.label}
                  </text>
                </g>
              );
            })}
          </svg>
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-brand-700">{t('out.chart.showTable')}</summary>
            <div className="mt-2">
              <ChartDataTable
                caption={title}
                head={t('out.chart.item')}
                columns={[{ key: 'value', label: unit }]}
                rows={bars.map((b) => ({ key: b.label, label: b.label, cells: [format.number(b.value)] }))}
              />
            </div>
          </details>
        </>
      )}
    </figure>
  );
}
