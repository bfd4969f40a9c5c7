import { useQuery } from '@tanstack/react-query';
import { ErrorState, Spinner } from '../../components/ui/feedback.tsx';
import { errorMessage } from '../../lib/api.ts';
import { statusLabel } from '../../lib/format.ts';
import { adminApi } from './api.ts';

interface Bar {
  label: string;
  value: number;
  display?: string;
}

/** A horizontal bar chart (CSS) paired with its data table for screen readers and keyboard users. */
function BarChart({ title, bars, unit = '', max }: { title: string; bars: Bar[]; unit?: string; max?: number }) {
  const top = max ?? Math.max(1, ...bars.map((b) => b.value));
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4">
      <figcaption className="mb-3 font-semibold">{title}</figcaption>
      {bars.length === 0 ? (
        <p className="text-sm text-slate-600">No data yet</p>
      ) : (
        <>
          <div aria-hidden="true" className="space-y-2">
            {bars.map((b) => (
              <div key={b.label} className="grid grid-cols-[8rem_1fr_3.5rem] items-center gap-2 text-xs">
                <span className="truncate text-slate-700" title={b.label}>
                  {b.label}
                </span>
                <span className="h-3 rounded bg-slate-100">
                  <span
                    className="block h-3 rounded bg-brand-600"
                    style={{ width: `${Math.min(100, (b.value / top) * 100)}%` }}
                  />
                </span>
                <span className="text-right tabular-nums">{b.display ?? `${b.value}${unit}`}</span>
              </div>
            ))}
          </div>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-brand-700">Data table</summary>
            <table className="mt-2 w-full text-left text-xs">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  <th scope="col" className="py-1">
                    Item
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Value
                  </th>
                </tr>
              </thead>
              <tbody>
                {bars.map((b) => (
                  <tr key={b.label} className="border-t border-slate-100">
                    <th scope="row" className="py-1 font-normal">
                      {b.label}
                    </th>
                    <td className="py-1 text-right">{b.display ?? `${b.value}${unit}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}

export function AnalyticsTab() {
  const query = useQuery({ queryKey: ['admin-analytics'], queryFn: adminApi.analytics });
  if (query.isPending) return <Spinner label="Loading analytics…" />;
  if (query.isError)
    return <ErrorState message={errorMessage(query.error, 'API request failed')} onRetry={() => void query.refetch()} />;
  const d = query.data.data;
  const month = (m: string) =>
    new Date(`${m}-01T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  return (
    <section aria-labelledby="analytics-heading" className="space-y-4">
      <h2 id="analytics-heading" className="text-xl font-semibold">
        Analytics
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <BarChart
          title="Student registrations (last 12 months)"
          bars={d.registrations.map((r) => ({ label: month(r.month), value: r.students }))}
        />
        <BarChart
          title="Professionals added (last 12 months)"
          bars={d.registrations.map((r) => ({ label: month(r.month), value: r.professionals }))}
        />
        <BarChart
          title="Workshop fill rates"
          max={100}
          bars={d.workshopFill.map((w) => ({
            label: w.title,
            value: w.fillRate,
            display: `${w.fillRate}% (${w.registered}/${w.capacity})`,
          }))}
        />
        <BarChart title="Top expertise areas" bars={d.topExpertise.map((e) => ({ label: e.expertise, value: e.count }))} />
        <BarChart title="Idea status funnel" bars={d.ideaFunnel.map((f) => ({ label: statusLabel(f.status), value: f.count }))} />
        <BarChart
          title="R&D application funnel"
          bars={d.applicationFunnel.map((f) => ({ label: f.status.replace(/-/g, ' '), value: f.count }))}
        />
        <BarChart
          title="Mentoring session attendance"
          bars={[
            { label: 'Attended', value: d.sessionAttendance.attended },
            { label: 'No-show', value: d.sessionAttendance.noShow },
            { label: 'Not marked yet', value: d.sessionAttendance.unmarked },
          ]}
        />
      </div>
    </section>
  );
}
